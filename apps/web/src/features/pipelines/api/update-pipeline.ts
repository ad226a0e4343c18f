import type { TPipeline } from '@mapwright/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { pipelineKey, pipelinesListKey } from './keys.ts';

export interface TUpdatePipelineInput {
  id: string;
  name?: string;
  description?: string;
}
export const updatePipeline = async ({ id, ...body }: TUpdatePipelineInput) =>
  required(await http.put<TPipeline>(`/pipelines/${id}`, body));
export const useUpdatePipeline = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updatePipeline,
    onSuccess: (p) => {
      qc.setQueryData(pipelineKey(p.id), p);
      return qc.invalidateQueries({ queryKey: pipelinesListKey });
    },
  });
};
