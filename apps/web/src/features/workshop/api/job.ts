import type { TJob } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { jobKey } from './keys.ts';

export const getJob = async (id: string) => required(await http.get<TJob>(`/jobs/${id}`));
export const jobQueryOptions = (id: string) =>
  queryOptions({ queryKey: jobKey(id), queryFn: () => getJob(id) });
export const useJob = (id: string | undefined) =>
  useQuery({ ...jobQueryOptions(id ?? ''), enabled: Boolean(id) });
