import type { TJob } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { isOpen } from '../lib/status.ts';
import { jobsKey } from './keys.ts';

export const jobKey = (id: string) => [...jobsKey, 'detail', id] as const;
export const getJob = async (id: string) => required(await http.get<TJob>(`/jobs/${id}`));
export const jobQueryOptions = (id: string) =>
  queryOptions({
    queryKey: jobKey(id),
    queryFn: () => getJob(id),
    refetchInterval: (q) => (q.state.data && isOpen(q.state.data.status) ? 2000 : false),
  });
export const useJob = (id: string) => useQuery({ ...jobQueryOptions(id), enabled: Boolean(id) });
