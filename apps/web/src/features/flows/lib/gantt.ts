import type { TFlowRun } from '@mapwright/contracts';

export interface TGanttBar {
  stepId: string;
  status: TFlowRun['steps'][number]['status'];
  /** share of the run's span where the bar starts and how wide it is, 0..1 */
  left: number;
  width: number;
  ms: number | null;
}

/**
 * The run's steps laid on one time axis: from the run's start to its end (or `now` while it
 * runs). A running step's bar grows to `now`; a step that has not started has no bar.
 */
export function ganttBars(run: TFlowRun, now: number): { bars: TGanttBar[]; spanMs: number } {
  const t = (iso: string | null | undefined) => (iso ? new Date(iso).getTime() : null);
  const starts = run.steps.map((s) => t(s.started_at)).filter((x): x is number => x != null);
  const start = t(run.started_at) ?? (starts.length ? Math.min(...starts) : null);
  const ends = run.steps.map((s) => t(s.finished_at)).filter((x): x is number => x != null);
  const end = t(run.finished_at) ?? Math.max(now, ...ends, start ?? 0);
  const spanMs = start == null ? 0 : Math.max(end - start, 1);
  const bars = run.steps.map((s) => {
    const from = t(s.started_at);
    if (start == null || from == null)
      return { stepId: s.step_id, status: s.status, left: 0, width: 0, ms: null };
    const to = t(s.finished_at) ?? (s.status === 'running' ? end : from);
    const left = (from - start) / spanMs;
    // a bar stays visible (1%) even when a step took no time at this scale
    const width = Math.max((to - from) / spanMs, 0.01);
    return { stepId: s.step_id, status: s.status, left, width: Math.min(width, 1 - left), ms: to - from };
  });
  return { bars, spanMs };
}
