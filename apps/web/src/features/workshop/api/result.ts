import type { TResult } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { resultKey } from './keys.ts';

export const RESULT_POLL_MS = 600;
export const isRunning = (status: TResult['status'] | undefined) =>
  status === 'queued' || status === 'running' || status === 'created';

export const getResult = async (id: string) => required(await http.get<TResult>(`/results/${id}`));
export const resultQueryOptions = (id: string) =>
  queryOptions({
    queryKey: resultKey(id),
    queryFn: () => getResult(id),
    // immediate_return: the run answers queued; follow it until it ends
    refetchInterval: (q) => (q.state.data && !isRunning(q.state.data.status) ? false : RESULT_POLL_MS),
    staleTime: (q) => (q.state.data && !isRunning(q.state.data.status) ? Number.POSITIVE_INFINITY : 0),
  });
export const useResult = (id: string | null) =>
  useQuery({ ...resultQueryOptions(id ?? ''), enabled: Boolean(id) });
