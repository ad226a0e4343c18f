import type { TPipeline } from '@mapwright/contracts';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { dashboardKey } from './keys.ts';

export const getPipeline = async (id: string) => required(await http.get<TPipeline>(`/pipelines/${id}`));
const pipelineQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...dashboardKey, 'pipeline', id],
    queryFn: () => getPipeline(id),
    staleTime: 60_000,
  });

/** id → name (undefined while loading, null when the pipeline no longer exists). */
export function usePipelineNames(ids: string[]): Map<string, string | null | undefined> {
  const unique = [...new Set(ids)];
  const results = useQueries({ queries: unique.map(pipelineQueryOptions) });
  return new Map(unique.map((id, i) => [id, results[i]?.isError ? null : results[i]?.data?.name]));
}
