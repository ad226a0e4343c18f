import type { MantineColor } from '@mantine/core';

/** A job's status is its latest run's status, or `created` before its first run. */
export type TRunStatus =
  | 'created'
  | 'queued'
  | 'running'
  | 'finished'
  | 'needs review'
  | 'failed'
  | 'cancelled';

export const STATUS_LABELS: Record<TRunStatus, string> = {
  created: 'Not run',
  queued: 'Queued',
  running: 'Running',
  finished: 'Finished',
  'needs review': 'Needs review',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
export const STATUS_COLORS: Record<TRunStatus, MantineColor> = {
  created: 'gray',
  queued: 'gray',
  running: 'blue',
  finished: 'green',
  'needs review': 'yellow',
  failed: 'red',
  cancelled: 'orange',
};

export const asRunStatus = (s: string): TRunStatus => (s in STATUS_LABELS ? (s as TRunStatus) : 'created');
/** queued or running: the run can still change, so screens poll it */
export const isOpen = (s: string) => s === 'queued' || s === 'running';

export interface TStatusFilter {
  value: string;
  label: string;
  statuses: TRunStatus[];
}
export const STATUS_FILTERS: TStatusFilter[] = [
  { value: 'all', label: 'All statuses', statuses: [] },
  { value: 'active', label: 'Queued or running', statuses: ['queued', 'running'] },
  { value: 'review', label: 'Needs review', statuses: ['needs review'] },
  { value: 'finished', label: 'Finished', statuses: ['finished'] },
  { value: 'failed', label: 'Failed', statuses: ['failed'] },
  { value: 'cancelled', label: 'Cancelled', statuses: ['cancelled'] },
  { value: 'created', label: 'Not run yet', statuses: ['created'] },
];
export const filterOf = (value: string | null) =>
  STATUS_FILTERS.find((f) => f.value === value) ?? (STATUS_FILTERS[0] as TStatusFilter);
