import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { pipelineKey } from './keys.ts';

export interface TMapperVersion {
  version: number;
  note: string;
  created_at: string;
  field_count: number;
}
/** Newest first; the same key and shape as the pipeline screen's versions tab, so they share the cache. */
export const getMapperVersions = async (id: string) =>
  required(await http.get<{ items: TMapperVersion[] }>(`/pipelines/${id}/mapper/versions`)).items;
export const mapperVersionsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...pipelineKey(id), 'versions'],
    queryFn: () => getMapperVersions(id),
    staleTime: 5_000,
  });
export const useMapperVersions = (id: string, enabled = true) =>
  useQuery({ ...mapperVersionsQueryOptions(id), enabled });
