import type { TFlowRun, TFlowStepRun } from '@mapwright/contracts';

/* One colour per state, the same on the Gantt, the canvas cards and the badges. */

export const RUN_COLORS: Record<TFlowRun['status'], string> = {
  queued: 'gray',
  running: 'blue',
  paused: 'yellow',
  succeeded: 'green',
  failed: 'red',
  partial: 'orange',
  cancelled: 'gray',
};

export const STEP_COLORS: Record<TFlowStepRun['status'], string> = {
  pending: 'gray',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
  skipped: 'gray',
  reused: 'teal',
  cancelled: 'gray',
  awaiting_approval: 'yellow',
};

export const STATUS_LABELS: Record<string, string> = {
  awaiting_approval: 'awaiting approval',
};
export const statusLabel = (s: string) => STATUS_LABELS[s] ?? s;

/** A run still moving: its page polls until it is not. */
export const isOpen = (status: TFlowRun['status'] | undefined) => status === 'queued' || status === 'running';

/** "1.2 s", "3 min 4 s": a step's duration, or how long it has been running. */
export function formatSpan(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(s < 10 ? 1 : 0)} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${Math.round(s - m * 60)} s`;
}
