import type { TPage, TPipeline } from '@mapwright/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { workshopKey } from './keys.ts';

export const PIPELINES_PAGE = 8;
export const getPipelines = async (page: number, name: string) =>
  required(
    await http.get<TPage<TPipeline>>('/pipelines', {
      query: { page, size: PIPELINES_PAGE, name: name || undefined },
      cancelGroup: 'workshop-pipeline-picker',
    }),
  );
export const pipelinesQueryOptions = (page: number, name: string) =>
  queryOptions({
    queryKey: [...workshopKey, 'pipelines', page, name],
    queryFn: () => getPipelines(page, name),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
export const usePipelines = (page: number, name: string) => useQuery(pipelinesQueryOptions(page, name));
