import type { TResult } from '@mapwright/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { loadJobTracker } from '../stores/job-tracker-store.ts';
import { jobsKey } from './keys.ts';

export const cancelResult = async (id: string) => required(await http.post<TResult>(`/results/${id}/cancel`));
export const useCancelResult = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelResult,
    onSuccess: async () => {
      void loadJobTracker();
      await qc.invalidateQueries({ queryKey: jobsKey });
    },
  });
};
