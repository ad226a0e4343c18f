import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { pipelineKey, pipelinesListKey } from './keys.ts';

export const deletePipeline = async (id: string) => {
  await http.delete(`/pipelines/${id}`);
};
export const useDeletePipeline = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deletePipeline,
    onSuccess: (_, id) => {
      qc.removeQueries({ queryKey: pipelineKey(id) });
      return qc.invalidateQueries({ queryKey: pipelinesListKey });
    },
  });
};
