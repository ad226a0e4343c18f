import type { TRejectFieldsRequest, TResult } from '@mapwright/contracts';
import { useMutation } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { useAfterEdit } from './edit-run.ts';

/** Reject suggestions: the fields get no source (left out where the target takes no null), then re-run. */
export const rejectFields = async ({
  workshopId,
  body,
}: {
  workshopId: string;
  body: TRejectFieldsRequest;
}) => required(await http.post<TResult>(`/workshops/${workshopId}/reject`, body));
export const useRejectFields = () => {
  const after = useAfterEdit();
  return useMutation({ mutationFn: rejectFields, onSuccess: (r, v) => after(v.workshopId, r) });
};
