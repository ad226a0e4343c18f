import type { TResult, TSampleInference, TSampleRunRequest } from '@mapwright/contracts';
import { useMutation } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { useAfterEdit } from './edit-run.ts';

/** Sample edit: apply the change the corrected record implies, then re-run. */
export const runSampleEdit = async ({ workshopId, body }: { workshopId: string; body: TSampleRunRequest }) =>
  required(
    await http.post<TResult & { inferred: TSampleInference }>(`/workshops/${workshopId}/sample/run`, body),
  );
export const useSampleRun = () => {
  const after = useAfterEdit();
  return useMutation({ mutationFn: runSampleEdit, onSuccess: (r, v) => after(v.workshopId, r) });
};
