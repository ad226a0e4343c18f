import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pipelineKey, resultsKey } from './keys.ts';
import { runJob } from './run-job.ts';

/** Runs a job again (with the deployed mapper, or the engine's proposal before any deploy). */
export const useRunJob = (pipelineId: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: runJob,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: pipelineKey(pipelineId) });
      await qc.invalidateQueries({ queryKey: resultsKey });
    },
  });
};
