import type { TPipeline } from '@mapwright/contracts';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { jobsKey } from './keys.ts';

/** Jobs carry only their pipeline's id: names come from the pipeline, cached a while. */
export const getPipeline = async (id: string) => required(await http.get<TPipeline>(`/pipelines/${id}`));
export const pipelineQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...jobsKey, 'pipeline', id],
    queryFn: () => getPipeline(id),
    staleTime: 60_000,
  });
export const usePipeline = (id: string) => useQuery(pipelineQueryOptions(id));

/** id → name for many pipelines (undefined while loading, null when it no longer exists). */
export function usePipelineNames(ids: string[]): Map<string, string | null | undefined> {
  const unique = [...new Set(ids)];
  const results = useQueries({ queries: unique.map((id) => pipelineQueryOptions(id)) });
  return new Map(unique.map((id, i) => [id, results[i]?.isError ? null : results[i]?.data?.name]));
}
