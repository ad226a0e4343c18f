import type { TErrorGroups, TResult } from '@mapwright/contracts';
import { useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { resultKey } from '../api/keys.ts';
import { isOpen } from '../lib/status.ts';

/**
 * The run's errors grouped by type and field once it has ended: counted on the server over every
 * quarantined record, in one request.
 */
export function useErrorScan(run: TResult) {
  const settled = !isOpen(run.status);
  const q = useQuery({
    queryKey: [...resultKey(run.id), 'errors'],
    queryFn: async () => required(await http.get<TErrorGroups>(`/results/${run.id}/errors`)),
    enabled: settled && run.failed > 0,
    staleTime: Number.POSITIVE_INFINITY, // an ended run's errors never change
  });
  return {
    settled,
    loading: settled && run.failed > 0 && q.isPending,
    error: q.error,
    groups: q.data?.types ?? [],
    scanned: q.data?.failed ?? 0,
    refetch: () => void q.refetch(),
  };
}
