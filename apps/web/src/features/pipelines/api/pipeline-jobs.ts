import type { TJob, TPage } from '@mapwright/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { isRunning } from '../lib/status.ts';
import { pipelineKey } from './keys.ts';

export const JOBS_PAGE_SIZE = 10;
export const pipelineJobsKey = (id: string) => [...pipelineKey(id), 'jobs'] as const;

export const getPipelineJobs = async (id: string, page: number) =>
  required(await http.get<TPage<TJob>>(`/pipelines/${id}/jobs`, { query: { page, size: JOBS_PAGE_SIZE } }));
export const pipelineJobsQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: [...pipelineJobsKey(id), page],
    queryFn: () => getPipelineJobs(id, page),
    placeholderData: keepPreviousData,
    // while a job on the page runs, keep its status moving
    refetchInterval: (q) => (q.state.data?.items.some((j) => isRunning(j.status)) ? 2000 : false),
  });
export const usePipelineJobs = (id: string, page: number) => useQuery(pipelineJobsQueryOptions(id, page));
