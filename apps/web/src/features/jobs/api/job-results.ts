import type { TPage, TResult } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { jobKey } from './job.ts';

/** A job's runs, newest first (the run picker on the job page). */
export const getJobResults = async (jobId: string) =>
  required(await http.get<TPage<TResult>>(`/jobs/${jobId}/results`, { query: { page: 1, size: 50 } }));
export const jobResultsQueryOptions = (jobId: string) =>
  queryOptions({ queryKey: [...jobKey(jobId), 'results'], queryFn: () => getJobResults(jobId) });
export const useJobResults = (jobId: string) => useQuery(jobResultsQueryOptions(jobId));
