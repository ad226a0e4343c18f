import type { TResult } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { isOpen } from '../lib/status.ts';
import { resultKey } from './keys.ts';

/** A run is polled every second while it is queued or running (its progress bar). */
export const RESULT_POLL_MS = 1000;

export const getResult = async (id: string) => required(await http.get<TResult>(`/results/${id}`));
export const resultQueryOptions = (id: string) =>
  queryOptions({
    queryKey: resultKey(id),
    queryFn: () => getResult(id),
    refetchInterval: (q) => (q.state.data && !isOpen(q.state.data.status) ? false : RESULT_POLL_MS),
  });
export const useResult = (id: string | null) =>
  useQuery({ ...resultQueryOptions(id ?? ''), enabled: Boolean(id) });
