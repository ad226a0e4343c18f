import type { TResult } from '@mapwright/contracts';
import { useMutation } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { useAfterEdit } from './edit-run.ts';

/** Schema edit: mappings of kept fields stay, new fields get suggestions, then a re-run. */
export const runTargetSchemaEdit = async ({
  workshopId,
  body,
}: {
  workshopId: string;
  body: { target_schema: Record<string, unknown>; immediate_return: boolean };
}) => required(await http.post<TResult>(`/workshops/${workshopId}/target_schema/run`, body));
export const useTargetSchemaRun = () => {
  const after = useAfterEdit();
  return useMutation({ mutationFn: runTargetSchemaEdit, onSuccess: (r, v) => after(v.workshopId, r) });
};
