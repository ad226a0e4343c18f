import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, http, required } from '../../../lib/http.ts';
import type { TApiSpec } from '../lib/spec.ts';
import { pipelineKey } from './keys.ts';

/** The deployed mapper in the spec form, or null before any deploy (the API answers 404). */
export async function getDeployedMapper(id: string) {
  try {
    return required(await http.get<{ version: number; spec: TApiSpec }>(`/pipelines/${id}/mapper`));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
/**
 * Keyed by the deployed version; a pipeline never deployed (`deployed_mapper_version` null) has no
 * mapper to ask for, so none is fetched (the API's 404 would be a console error on every visit).
 */
export const deployedMapperQueryOptions = (id: string, version: number | null) =>
  queryOptions({
    queryKey: [...pipelineKey(id), 'mapper', version],
    queryFn: () => (version === null ? null : getDeployedMapper(id)),
    staleTime: 30_000,
  });
export const useDeployedMapper = (id: string, version: number | null) =>
  useQuery(deployedMapperQueryOptions(id, version));
