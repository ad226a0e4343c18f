import type { TResult } from '@mapwright/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { toggleJobCreated } from '../../../lib/usage-store.ts';
import { jobKey } from './keys.ts';

/** A job never run has no values to review: run it once (answers at once, then polled). */
export const runJob = async (jobId: string) =>
  required(await http.post<TResult>(`/jobs/${jobId}/run`, undefined, { query: { immediate_return: true } }));
export const useRunJob = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: runJob,
    onSuccess: (_r, jobId) => {
      // the job tracker follows running results
      toggleJobCreated();
      return qc.invalidateQueries({ queryKey: jobKey(jobId) });
    },
  });
};
