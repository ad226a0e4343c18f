import type { TWorkshop } from '@mapwright/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { pipelineKey, workshopDetailKey, workshopsListKey } from './keys.ts';

/** Makes the draft the pipeline's next mapper version (and saves a changed schema). */
export const deployWorkshop = async ({ workshopId }: { workshopId: string; pipelineId: string }) =>
  required(await http.post<{ version: number; workshop: TWorkshop }>(`/workshops/${workshopId}/deploy`));
export const useDeployWorkshop = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deployWorkshop,
    onSuccess: (res, v) => {
      qc.setQueryData(workshopDetailKey(v.workshopId), res.workshop);
      return Promise.all([
        qc.invalidateQueries({ queryKey: pipelineKey(v.pipelineId) }),
        qc.invalidateQueries({ queryKey: workshopsListKey }),
        // other screens list pipelines with their deployed version
        qc.invalidateQueries({ queryKey: ['pipelines'] }),
      ]);
    },
  });
};
