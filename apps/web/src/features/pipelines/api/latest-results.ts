import type { TPage, TResult } from '@mapwright/contracts';
import { useQueries } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { isRunning } from '../lib/status.ts';
import { resultsKey } from './keys.ts';

export const latestResultKey = (pipelineId: string) => [...resultsKey, 'latest', pipelineId] as const;

/** The newest result of a pipeline, or null when it never ran. */
export const getLatestResult = async (pipelineId: string) =>
  required(
    await http.get<TPage<TResult>>('/results', { query: { pipeline_id: pipelineId, page: 1, size: 1 } }),
  ).items[0] ?? null;

/** The latest result of each listed pipeline, one small request each (a page holds a dozen). */
export const useLatestResults = (pipelineIds: string[]) =>
  useQueries({
    queries: pipelineIds.map((id) => ({
      queryKey: latestResultKey(id),
      queryFn: () => getLatestResult(id),
      staleTime: 5_000,
      refetchInterval: (q: { state: { data?: TResult | null } }) =>
        q.state.data && isRunning(q.state.data.status) ? 3000 : false,
    })),
  });
