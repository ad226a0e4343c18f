import type { TPage, TPipeline } from '@mapwright/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import type { TPipelineStatusFilter } from '../lib/status.ts';
import { pipelinesListKey } from './keys.ts';

/** Twelve cards fill rows of two, three or four evenly. */
export const PIPELINES_PAGE_SIZE = 12;

export interface TPipelinesQuery {
  page: number;
  size?: number;
  name?: string;
  id?: string;
  status?: TPipelineStatusFilter;
}
export const getPipelines = async (
  { page, size = PIPELINES_PAGE_SIZE, name, id, status }: TPipelinesQuery,
  cancelGroup?: string,
) =>
  required(
    await http.get<TPage<TPipeline>>('/pipelines', {
      query: {
        page,
        size,
        name: name?.trim() || undefined,
        id: id?.trim() || undefined,
        status: status || undefined,
      },
      cancelGroup,
    }),
  );
export const pipelinesQueryOptions = (q: TPipelinesQuery, cancelGroup = 'pipelines-list') =>
  queryOptions({
    queryKey: [...pipelinesListKey, q],
    queryFn: () => getPipelines(q, cancelGroup),
    placeholderData: keepPreviousData,
    // pipelines change on other screens (workshop deploys, jobs): show fresh counts on each visit
    staleTime: 5_000,
  });
export const usePipelines = (q: TPipelinesQuery, cancelGroup?: string) =>
  useQuery(pipelinesQueryOptions(q, cancelGroup));

/** Every pipeline matching a name (for "select all matching"), page by page, up to `limit`. */
export async function getAllPipelines(name: string, limit: number): Promise<TPipeline[]> {
  const out: TPipeline[] = [];
  for (let page = 1; out.length < limit; page++) {
    const res = await getPipelines({ page, size: 100, name });
    out.push(...res.items);
    if (page >= res.pages || res.items.length === 0) break;
  }
  return out.slice(0, limit);
}
