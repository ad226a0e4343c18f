import type { MantineColor } from '@mantine/core';
import {
  NODE_RUN_STATUSES,
  type TWorkflow,
  WORKFLOW_RUN_STATUSES,
  type WORKFLOW_RUN_TRIGGERS,
} from '@mapwright/contracts';

/* Words, colours and formats of the management screens (runs, schedules, connected apps). */

export type TWorkflowRunStatus = (typeof WORKFLOW_RUN_STATUSES)[number];
export type TNodeRunStatus = (typeof NODE_RUN_STATUSES)[number];
export type TRunTrigger = (typeof WORKFLOW_RUN_TRIGGERS)[number];

export const RUN_STATUS_LABELS: Record<TWorkflowRunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
  missed: 'Missed',
};
export const RUN_STATUS_COLORS: Record<TWorkflowRunStatus, MantineColor> = {
  queued: 'gray',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'orange',
  missed: 'yellow',
};
export const NODE_STATUS_LABELS: Record<TNodeRunStatus, string> = {
  pending: 'Pending',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  skipped: 'Skipped',
  reused: 'Reused',
  cancelled: 'Cancelled',
};
export const NODE_STATUS_COLORS: Record<TNodeRunStatus, MantineColor> = {
  pending: 'gray',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
  skipped: 'gray',
  reused: 'teal',
  cancelled: 'orange',
};
export const NODE_STATUS_HINTS: Partial<Record<TNodeRunStatus, string>> = {
  skipped: 'Not run: a node it depends on did not succeed.',
  reused: 'Not called again: its output from the earlier run was reused.',
  pending: 'Waiting for the nodes before it.',
};
export const TRIGGER_LABELS: Record<TRunTrigger, string> = {
  manual: 'Manual',
  schedule: 'Schedule',
  test: 'Test',
};

/** Why a run is `missed`: shown beside the badge and above lists that hold missed runs. */
export const MISSED_EXPLANATION =
  'A missed run is a scheduled tick that passed while no scheduler was running (for example while the server was down). Nothing was called; the schedule carries on from the next tick.';

export const asRunStatus = (s: string): TWorkflowRunStatus =>
  (WORKFLOW_RUN_STATUSES as readonly string[]).includes(s) ? (s as TWorkflowRunStatus) : 'queued';
export const asNodeStatus = (s: string): TNodeRunStatus =>
  (NODE_RUN_STATUSES as readonly string[]).includes(s) ? (s as TNodeRunStatus) : 'pending';
export const triggerLabel = (t: string) => TRIGGER_LABELS[t as TRunTrigger] ?? t;

export const canCancel = (status: string) => status === 'queued' || status === 'running';
/** The server reuses the outputs of the nodes that succeeded: only after a failure or a cancel. */
export const canRetryFromFailed = (status: string) => status === 'failed' || status === 'cancelled';
export const canRetryFromStart = (status: string) =>
  status === 'failed' || status === 'cancelled' || status === 'missed';

export interface TRunStatusFilter {
  value: string;
  label: string;
  statuses: TWorkflowRunStatus[];
}
export const RUN_STATUS_FILTERS: TRunStatusFilter[] = [
  { value: 'all', label: 'All statuses', statuses: [] },
  { value: 'open', label: 'Queued or running', statuses: ['queued', 'running'] },
  { value: 'succeeded', label: 'Succeeded', statuses: ['succeeded'] },
  { value: 'failed', label: 'Failed', statuses: ['failed'] },
  { value: 'cancelled', label: 'Cancelled', statuses: ['cancelled'] },
  { value: 'missed', label: 'Missed', statuses: ['missed'] },
];
export const runFilterOf = (value: string | null) =>
  RUN_STATUS_FILTERS.find((f) => f.value === value) ?? (RUN_STATUS_FILTERS[0] as TRunStatusFilter);

/** Active workflows move on their own (next tick, new scheduled runs): lists refresh this often. */
export const ACTIVE_POLL_MS = 15_000;

// ---------- formats ----------

export { formatCount, formatDateTime } from '../../../lib/format.ts';

export const formatDay = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }) : '—';

const RELATIVE = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];
function relative(diff: number): string {
  for (const [unit, ms] of UNITS)
    if (Math.abs(diff) >= ms) return RELATIVE.format(Math.round(diff / ms), unit);
  return diff > 0 ? 'in under a minute' : 'just now';
}
/** "3 hours ago", "in 1 minute"; within a minute of now: "just now" / "in under a minute". */
export const formatRelative = (iso: string, now = Date.now()) => relative(new Date(iso).getTime() - now);
/** When something happened: "3 hours ago", "just now" (never in the future, whatever the clocks say). */
export const formatAgo = (iso: string, now = Date.now()) =>
  relative(Math.min(0, new Date(iso).getTime() - now));
/** When something is due: "in 5 minutes", "in under a minute" (a due time just passed is still "under a minute"). */
export const formatIn = (iso: string, now = Date.now()) =>
  relative(Math.max(1, new Date(iso).getTime() - now));

/** 850 ms, 4.2 s, 3 min 5 s; null (not finished) is a dash. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const s = Math.round(ms / 1000);
  const m = Math.floor(s / 60);
  return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
}

/** The name a node shows: its label (custom) or name (final), else its id. */
export function nodeLabels(workflow: Pick<TWorkflow, 'nodes'> | undefined): Map<string, string> {
  const labels = new Map<string, string>();
  for (const n of workflow?.nodes ?? []) {
    const label = n.type === 'final' ? n.data.name : n.data.label;
    if (label) labels.set(n.id, label);
  }
  return labels;
}
