import type { TUsageKind } from '@mapwright/contracts';

/** How each counted kind is named on screen. */
export const KIND_LABELS: Record<TUsageKind, string> = {
  records_processed: 'Records processed',
  job_runs: 'Job runs',
  pipelines_created: 'Pipelines created',
  workflow_runs: 'Workflow runs',
  flow_runs: 'Flow runs',
  llm_calls: 'LLM calls',
  llm_tokens: 'LLM tokens',
};

const DAY = 86_400_000;
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The last `days` UTC days, today included. */
export function lastDays(days: number, now = new Date()) {
  return { from: isoDay(new Date(now.getTime() - (days - 1) * DAY)), to: isoDay(now) };
}

/** Share of a limit used, 0..100 (more than the limit shows full). */
export const shareUsed = (used: number, limit: number | null) =>
  limit ? Math.min(100, Math.round((used / limit) * 1000) / 10) : 0;

export const formatCount = (n: number) => new Intl.NumberFormat('en').format(n);
