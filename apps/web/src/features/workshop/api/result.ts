import type { TErrorGroups, TResult } from '@mapwright/contracts';
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

/**
 * Exact failing records per target field of an ended run (GET /results/{id}/errors, summed over
 * error types): what a field's confidence is lowered by.
 */
export const useFieldFailures = (result: TResult | null | undefined) =>
  useQuery({
    queryKey: [...resultKey(result?.id ?? ''), 'field-failures'],
    queryFn: async () => {
      const groups = required(await http.get<TErrorGroups>(`/results/${result!.id}/errors`));
      const out: Record<string, number> = {};
      for (const t of groups.types)
        for (const f of t.fields) {
          const target = f.field.replace(/\[\d+\]/g, '[*]');
          out[target] = (out[target] ?? 0) + f.count;
        }
      return out;
    },
    enabled: Boolean(result && !isRunning(result.status) && result.failed > 0),
    staleTime: Number.POSITIVE_INFINITY,
  });
