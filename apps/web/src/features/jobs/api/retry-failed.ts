import type { TJob, TResult } from '@mapwright/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { toggleJobCreated } from '../../../lib/usage-store.ts';
import { jobsKey } from './keys.ts';

/** A new job holding only the run's failed records, run at once with the deployed mapper. */
export const retryFailed = async (resultId: string) =>
  required(await http.post<{ job: TJob; result: TResult }>(`/results/${resultId}/retry_failed`));
export const useRetryFailed = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: retryFailed,
    onSuccess: async () => {
      toggleJobCreated();
      await qc.invalidateQueries({ queryKey: jobsKey });
    },
  });
};
