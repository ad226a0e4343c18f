import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { targetSchemaKey } from './target-schema.ts';

export interface TSchemaVersion {
  version: number;
  schema: Record<string, unknown>;
  created_at: string;
}
export const getSchemaVersions = async (id: string) =>
  required(await http.get<{ items: TSchemaVersion[] }>(`/target_schemas/${id}/versions`));
export const schemaVersionsQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...targetSchemaKey(id), 'versions'], queryFn: () => getSchemaVersions(id) });
export const useSchemaVersions = (id: string) => useQuery(schemaVersionsQueryOptions(id));
