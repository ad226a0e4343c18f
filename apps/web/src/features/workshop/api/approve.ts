import type { TApproveFieldsResponse } from '@mapwright/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { draftKey, type TWorkshopDraft } from './draft.ts';
import { workshopDetailKey } from './keys.ts';

/** Approve fields (or take it back) without a re-run. */
export const approveFields = async ({
  workshopId,
  fields,
  approved,
}: {
  workshopId: string;
  fields: string[];
  approved: boolean;
}) =>
  required(await http.post<TApproveFieldsResponse>(`/workshops/${workshopId}/approve`, { fields, approved }));

const withStatus = (d: TWorkshopDraft | undefined, fields: string[], approved: boolean) => {
  if (!d) return d;
  const set = new Set(fields);
  const status = approved ? 'approved' : 'suggested';
  return {
    ...d,
    spec: { ...d.spec, fields: d.spec.fields.map((f) => (set.has(f.target) ? { ...f, status } : f)) },
  };
};

export const useApproveFields = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: approveFields,
    // an approval is a click on a checkbox: it shows at once and is put back if the server refuses
    onMutate: async (v) => {
      await qc.cancelQueries({ queryKey: draftKey(v.workshopId) });
      const previous = qc.getQueryData<TWorkshopDraft>(draftKey(v.workshopId));
      qc.setQueryData<TWorkshopDraft>(draftKey(v.workshopId), (d) => withStatus(d, v.fields, v.approved));
      return { previous };
    },
    onError: (_e, v, context) => {
      if (context?.previous) qc.setQueryData(draftKey(v.workshopId), context.previous);
    },
    onSuccess: (res, v) => {
      // the answer carries the changed fields as stored
      const changed = new Map(res.fields.map((f) => [f.target, f]));
      qc.setQueryData<TWorkshopDraft>(draftKey(v.workshopId), (d) =>
        d ? { ...d, spec: { ...d.spec, fields: d.spec.fields.map((f) => changed.get(f.target) ?? f) } } : d,
      );
      qc.setQueryData(workshopDetailKey(v.workshopId), res.workshop);
      return qc.invalidateQueries({ queryKey: [...workshopDetailKey(v.workshopId), 'transformation'] });
    },
  });
};
