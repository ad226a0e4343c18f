import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { pipelineKey } from './keys.ts';

export const CODE_FORMATS = ['typescript', 'jsonata'] as const;
export type TCodeFormat = (typeof CODE_FORMATS)[number];

/** A mapper version as code (GET /pipelines/{id}/mapper/code answers text/plain). */
export const getMapperCode = async (id: string, format: TCodeFormat, version: number) =>
  required(
    await http.get<string>(`/pipelines/${id}/mapper/code`, {
      query: { format, version },
      headers: { Accept: 'text/plain' },
    }),
  );
/** Versions are immutable, so their code never goes stale. */
export const mapperCodeQueryOptions = (id: string, format: TCodeFormat, version: number) =>
  queryOptions({
    queryKey: [...pipelineKey(id), 'code', format, version],
    queryFn: () => getMapperCode(id, format, version),
    staleTime: Number.POSITIVE_INFINITY,
  });
export const useMapperCode = (id: string, format: TCodeFormat, version: number | null) =>
  useQuery({
    ...mapperCodeQueryOptions(id, format, version ?? 0),
    enabled: version !== null,
  });
