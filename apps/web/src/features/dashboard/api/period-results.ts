import type { TPage, TResult } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { dashboardKey } from './keys.ts';

const PAGE = 100;
/** the busiest-pipelines table reads at most this many runs (10 requests) */
export const MAX_PERIOD_RUNS = 1000;

/**
 * The runs of the last `days` days, newest first, read page by page until a run is older than the
 * period (or MAX_PERIOD_RUNS is reached: `complete` says whether every run of the period is in).
 */
export async function getPeriodResults(days: number, now = Date.now()) {
  const since = new Date(now - (days - 1) * 86_400_000);
  since.setUTCHours(0, 0, 0, 0);
  const runs: TResult[] = [];
  for (let page = 1; runs.length < MAX_PERIOD_RUNS; page++) {
    const res = required(await http.get<TPage<TResult>>('/results', { query: { page, size: PAGE } }));
    const inPeriod = res.items.filter((r) => new Date(r.created_at) >= since);
    runs.push(...inPeriod);
    if (inPeriod.length < res.items.length || page >= res.pages) return { runs, complete: true };
  }
  return { runs, complete: false };
}
export const periodResultsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: [...dashboardKey, 'period-results', days],
    queryFn: () => getPeriodResults(days),
  });
export const usePeriodResults = (days: number) => useQuery(periodResultsQueryOptions(days));
