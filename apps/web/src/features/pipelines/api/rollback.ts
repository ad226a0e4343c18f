import type { TPipeline } from '@mapwright/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { pipelineKey, pipelinesListKey } from './keys.ts';

export const rollback = async ({ id, version }: { id: string; version: number }) =>
  required(await http.post<TPipeline>(`/pipelines/${id}/mapper/rollback`, { version }));
export const useRollback = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: rollback,
    onSuccess: async (p) => {
      qc.setQueryData(pipelineKey(p.id), p);
      // the deployed mapper and the versions' "deployed" mark follow the pipeline
      await qc.invalidateQueries({ queryKey: pipelineKey(p.id) });
      await qc.invalidateQueries({ queryKey: pipelinesListKey });
    },
  });
};
