import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { targetSchemaKey } from './target-schema.ts';

export interface TFieldFeed {
  pipeline_id: string;
  pipeline_name: string;
  sources: string[];
  transform: string;
  confidence: number;
}
export interface TSchemaUsage {
  schema_id: string;
  pipelines: { id: string; name: string; deployed_mapper_version: number | null; mapped_fields: number }[];
  fields: { path: string; types: string[]; required: boolean; fed_by: TFieldFeed[] }[];
}
export const getSchemaUsage = async (id: string) =>
  required(await http.get<TSchemaUsage>(`/target_schemas/${id}/usage`));
export const schemaUsageQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...targetSchemaKey(id), 'usage'], queryFn: () => getSchemaUsage(id) });
/** `fresh`: refetch on mount, as pipelines elsewhere change what feeds the fields. */
export const useSchemaUsage = (id: string, fresh = false) =>
  useQuery({ ...schemaUsageQueryOptions(id), ...(fresh ? { staleTime: 0 } : {}) });
