import type { TResult } from '@mapwright/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { toggleJobCreated } from '../../../lib/usage-store.ts';
import { jobsKey } from './keys.ts';

/** Runs the job again with the pipeline's deployed mapper; returns the queued run at once. */
export const runJob = async (jobId: string) =>
  required(
    await http.post<TResult>(`/jobs/${jobId}/run`, undefined, { query: { immediate_return: 'true' } }),
  );
export const useRunJob = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: runJob,
    onSuccess: async () => {
      toggleJobCreated(); // the job tracker reloads: a new run is under way
      await qc.invalidateQueries({ queryKey: jobsKey });
    },
  });
};
