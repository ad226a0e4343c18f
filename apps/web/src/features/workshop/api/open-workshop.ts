import type { TWorkshop } from '@mapwright/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { workshopsListKey } from './keys.ts';
import { latestPipelineWorkshop } from './pipeline-workshops.ts';

/** POST /pipelines/{id}/workshops: a new session on the pipeline's latest job (409 when it has none). */
export const openWorkshop = async (pipelineId: string) =>
  required(await http.post<TWorkshop>(`/pipelines/${pipelineId}/workshops`));

/** Resumes the pipeline's latest workshop, or opens one when there is none (or `fresh` is asked). */
export async function openOrResume(pipelineId: string, fresh = false): Promise<TWorkshop> {
  if (!fresh) {
    const latest = await latestPipelineWorkshop(pipelineId);
    if (latest) return latest;
  }
  return openWorkshop(pipelineId);
}

export const useOpenWorkshop = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ pipelineId, fresh }: { pipelineId: string; fresh?: boolean }) =>
      openOrResume(pipelineId, fresh),
    onSuccess: () => qc.invalidateQueries({ queryKey: workshopsListKey }),
  });
};
