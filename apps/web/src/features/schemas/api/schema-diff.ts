import type { TTargetSchemaDiff } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { targetSchemaKey } from './target-schema.ts';

export const getSchemaDiff = async (id: string, from: number, to: number) =>
  required(await http.get<TTargetSchemaDiff>(`/target_schemas/${id}/diff`, { query: { from, to } }));
export const schemaDiffQueryOptions = (id: string, from: number, to: number) =>
  queryOptions({
    queryKey: [...targetSchemaKey(id), 'diff', from, to],
    queryFn: () => getSchemaDiff(id, from, to),
    staleTime: Number.POSITIVE_INFINITY, // versions are immutable
  });
export const useSchemaDiff = (id: string, from: number | null, to: number | null) =>
  useQuery({ ...schemaDiffQueryOptions(id, from ?? 0, to ?? 0), enabled: from !== null && to !== null });
