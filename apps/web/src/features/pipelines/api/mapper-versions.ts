import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { pipelineKey } from './keys.ts';

export interface TMapperVersion {
  version: number;
  note: string;
  created_at: string;
  field_count: number;
}
export const mapperVersionsKey = (id: string) => [...pipelineKey(id), 'versions'] as const;
export const getMapperVersions = async (id: string) =>
  required(await http.get<{ items: TMapperVersion[] }>(`/pipelines/${id}/mapper/versions`)).items;
export const mapperVersionsQueryOptions = (id: string) =>
  queryOptions({ queryKey: mapperVersionsKey(id), queryFn: () => getMapperVersions(id), staleTime: 5_000 });
export const useMapperVersions = (id: string) => useQuery(mapperVersionsQueryOptions(id));
