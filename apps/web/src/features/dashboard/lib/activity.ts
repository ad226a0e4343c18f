import type { TActivity, TResult } from '@mapwright/contracts';

export type TDay = TActivity['days'][number];

export interface TTotals {
  runs: number;
  processed: number;
  failed: number;
  /** failed / processed, 0 when nothing was processed */
  failureRate: number;
}

export function totalsOf(days: TDay[]): TTotals {
  const t = days.reduce(
    (acc, d) => ({
      runs: acc.runs + d.runs,
      processed: acc.processed + d.processed,
      failed: acc.failed + d.failed,
    }),
    { runs: 0, processed: 0, failed: 0 },
  );
  return { ...t, failureRate: t.processed ? t.failed / t.processed : 0 };
}

/** `2026-03-04` (a UTC day) → `Mar 4`, without the viewer's time zone moving it to another day. */
export const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** Chart rows: valid and failed records per day (stacked, they add up to the records processed). */
export const chartRows = (days: TDay[]) =>
  days.map((d) => ({ day: dayLabel(d.day), Valid: Math.max(0, d.processed - d.failed), Failed: d.failed }));

export interface TPipelineLoad {
  pipelineId: string;
  runs: number;
  processed: number;
  failed: number;
  failureRate: number;
  lastRunAt: string;
}

/** Runs added up per pipeline, busiest (most records processed) first. */
export function busiestPipelines(runs: TResult[], limit = 8): TPipelineLoad[] {
  const by = new Map<string, TPipelineLoad>();
  for (const r of runs) {
    const p = by.get(r.pipeline_id) ?? {
      pipelineId: r.pipeline_id,
      runs: 0,
      processed: 0,
      failed: 0,
      failureRate: 0,
      lastRunAt: r.created_at,
    };
    p.runs++;
    p.processed += r.processed;
    p.failed += r.failed;
    if (r.created_at > p.lastRunAt) p.lastRunAt = r.created_at;
    by.set(r.pipeline_id, p);
  }
  return [...by.values()]
    .map((p) => ({ ...p, failureRate: p.processed ? p.failed / p.processed : 0 }))
    .sort((a, b) => b.processed - a.processed || b.runs - a.runs)
    .slice(0, limit);
}
