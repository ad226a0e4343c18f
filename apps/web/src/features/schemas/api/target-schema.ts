import type { TTargetSchema } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { targetSchemasKey } from './target-schemas.ts';

export const targetSchemaKey = (id: string) => [...targetSchemasKey, 'detail', id] as const;
export const getTargetSchema = async (id: string) =>
  required(await http.get<TTargetSchema>(`/target_schemas/${id}`));
export const targetSchemaQueryOptions = (id: string) =>
  queryOptions({ queryKey: targetSchemaKey(id), queryFn: () => getTargetSchema(id) });
export const useTargetSchema = (id: string) => useQuery(targetSchemaQueryOptions(id));
