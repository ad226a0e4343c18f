import type { TMapperRunRequest, TResult } from '@mapwright/contracts';
import { useMutation } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { useAfterEdit } from './edit-run.ts';

/** Manual edit: set fields' source path, transform, default or lookup table, then re-run. */
export const runMapperEdit = async ({ workshopId, body }: { workshopId: string; body: TMapperRunRequest }) =>
  required(await http.post<TResult>(`/workshops/${workshopId}/mapper/run`, body));
export const useMapperRun = () => {
  const after = useAfterEdit();
  return useMutation({ mutationFn: runMapperEdit, onSuccess: (r, v) => after(v.workshopId, r) });
};
