import type { TPage } from '@mapwright/contracts';
import { queryOptions } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { jobKey } from './keys.ts';

/** Source records before any run (the API serves at most 100 per page). */
export const JOB_DATA_PAGE = 100;
export const getJobData = async (jobId: string, page: number) =>
  required(await http.get<TPage<unknown>>(`/jobs/${jobId}/data`, { query: { page, size: JOB_DATA_PAGE } }));
export const jobDataQueryOptions = (jobId: string, page: number) =>
  queryOptions({
    queryKey: [...jobKey(jobId), 'data', page],
    queryFn: () => getJobData(jobId, page),
    staleTime: Number.POSITIVE_INFINITY,
  });
