import type { MantineColor } from '@mantine/core';
import type { TResult } from '@mapwright/contracts';

export type TResultStatus = TResult['status'];

/** Result statuses of api-pipelines.md, with the colour and words each is shown with. */
export const RESULT_STATUS: Record<TResultStatus, { label: string; color: MantineColor }> = {
  created: { label: 'Created', color: 'gray' },
  queued: { label: 'Queued', color: 'gray' },
  running: { label: 'Running', color: 'blue' },
  finished: { label: 'Finished', color: 'green' },
  'needs review': { label: 'Needs review', color: 'orange' },
  failed: { label: 'Failed', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};
export const resultStatusOf = (s: string) => RESULT_STATUS[s as TResultStatus] ?? { label: s, color: 'gray' };

export const isRunning = (s: string) => s === 'queued' || s === 'running' || s === 'created';
/** Results whose mappings exist, so confidence can be computed and downloads have records. */
export const hasOutput = (s: string) => s === 'finished' || s === 'needs review';

/** Pipeline status filter values the API takes (`draft` until a mapper is deployed). */
export const PIPELINE_STATUSES = ['draft', 'deployed'] as const;
export type TPipelineStatusFilter = '' | (typeof PIPELINE_STATUSES)[number];

export const BUCKET_COLOR: Record<string, MantineColor> = {
  'Very High': 'green',
  // teal's light variant misses WCAG AA; the words tell High from Very High
  High: 'green',
  Medium: 'yellow',
  Low: 'orange',
  'Very Low': 'red',
};
