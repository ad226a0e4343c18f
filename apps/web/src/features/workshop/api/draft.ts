import type { TFieldMapping } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import type { TTargetField } from '../lib/field-rows.ts';
import { workshopDetailKey } from './keys.ts';

/** GET /workshops/{id}/draft: the mapper being edited, its target schema and that schema's leaves. */
export interface TWorkshopDraft {
  spec: { version: number; fields: TFieldMapping[] };
  target_schema: Record<string, unknown>;
  fields: TTargetField[];
}

export const draftKey = (id: string) => [...workshopDetailKey(id), 'draft'] as const;
export const getDraft = async (id: string) =>
  required(await http.get<TWorkshopDraft>(`/workshops/${id}/draft`));
export const draftQueryOptions = (id: string) =>
  queryOptions({ queryKey: draftKey(id), queryFn: () => getDraft(id) });
export const useDraft = (id: string) => useQuery(draftQueryOptions(id));
