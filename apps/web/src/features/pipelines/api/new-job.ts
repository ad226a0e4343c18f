import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toggleJobCreated } from '../../../lib/usage-store.ts';
import { jobInputOf, type TSource } from '../lib/source.ts';
import { createJob } from './create-job.ts';
import { pipelineKey, pipelinesListKey, resultsKey } from './keys.ts';
import { runJob } from './run-job.ts';

/** A job from any source, run at once when asked. */
export const useNewJob = (pipelineId: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ source, run }: { source: TSource; run: boolean }) => {
      const job = await createJob(pipelineId, jobInputOf(source));
      toggleJobCreated();
      const result = run ? await runJob(job.id) : null;
      return { job, result };
    },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: pipelineKey(pipelineId) });
      await qc.invalidateQueries({ queryKey: pipelinesListKey });
      await qc.invalidateQueries({ queryKey: resultsKey });
    },
  });
};
