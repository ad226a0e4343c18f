import type { TFinanceDemo } from '@mapwright/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../lib/http.ts';

const KEY = ['financial-analysis'] as const;
const running = (d: TFinanceDemo | undefined) => d?.steps.some((s) => s.status === 'running') ?? false;

export const demoQuery = queryOptions({
  queryKey: KEY,
  queryFn: async () => required(await http.get<TFinanceDemo>('/financial-analysis')),
  // steps 2 and 3 are queued work: poll while one is running
  refetchInterval: (q) => (running(q.state.data) ? 1000 : false),
});
export const useDemo = () => useQuery(demoQuery);

export function useRunStep() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (step: number) =>
      required(await http.post<TFinanceDemo>(`/financial-analysis/steps/${step}/run`)),
    onSuccess: (d) => qc.setQueryData(KEY, d),
  });
}
