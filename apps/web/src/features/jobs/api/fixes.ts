import type { TFixesSummary, TResult } from '@mapwright/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { jobsKey, resultKey } from './keys.ts';

/** Fixes made by hand in a run's quarantine, not yet applied. */
export const useFixes = (resultId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...resultKey(resultId), 'fixes'],
    queryFn: async () => required(await http.get<TFixesSummary>(`/results/${resultId}/fixes`)),
    enabled,
  });

/** Every change re-reads the run's quarantine pages and the fixes count. */
function useResultMutation<A, R>(resultId: string, fn: (a: A) => Promise<R>, all = false) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: all ? jobsKey : resultKey(resultId) }),
  });
}

export const useFixRecord = (resultId: string) =>
  useResultMutation(resultId, async (a: { index: number; changes: Record<string, unknown> }) =>
    required(await http.patch(`/results/${resultId}/records/${a.index}`, { changes: a.changes })),
  );

export const useReplaceInField = (resultId: string) =>
  useResultMutation(resultId, async (a: { field: string; find: string; replace: string; whole: boolean }) =>
    required(await http.post<TFixesSummary>(`/results/${resultId}/fixes/replace`, a)),
  );

/** Applying changes the run's counts: every job query is refreshed. */
export const useApplyFixes = (resultId: string) =>
  useResultMutation(
    resultId,
    async () => required(await http.post<TResult>(`/results/${resultId}/fixes/apply`)),
    true,
  );
