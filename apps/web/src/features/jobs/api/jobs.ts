import type { TJob, TPage } from '@mapwright/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { isOpen, type TRunStatus } from '../lib/status.ts';
import { jobsKey } from './keys.ts';

export const JOBS_PAGE_SIZE = 20;

export async function getJobs(page: number, statuses: TRunStatus[]) {
  const res = required(
    await http.get<TPage<TJob>>('/jobs', {
      query: { page, size: JOBS_PAGE_SIZE, status: statuses.length ? statuses.join(',') : undefined },
    }),
  );
  // the server filters by status; this keeps the rows right should it ignore the filter
  return statuses.length
    ? { ...res, items: res.items.filter((j) => (statuses as string[]).includes(j.status)) }
    : res;
}

export const jobsQueryOptions = (page: number, statuses: TRunStatus[]) =>
  queryOptions({
    queryKey: [...jobsKey, 'list', page, statuses.join(',')],
    queryFn: () => getJobs(page, statuses),
    placeholderData: keepPreviousData,
    // statuses move while runs go on: keep the list fresh while any is queued or running
    refetchInterval: (q) => (q.state.data?.items.some((j) => isOpen(j.status)) ? 2000 : false),
  });
export const useJobs = (page: number, statuses: TRunStatus[]) => useQuery(jobsQueryOptions(page, statuses));
