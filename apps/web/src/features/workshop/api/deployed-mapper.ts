import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, http, required } from '../../../lib/http.ts';
import type { TApiSpecEntry } from '../lib/deploy-diff.ts';
import { pipelineKey } from './keys.ts';

export interface TDeployedMapper {
  version: number;
  spec: Record<string, TApiSpecEntry>;
}

/** The deployed mapper, or null before the first deploy (the API answers 404 then). */
export async function getDeployedMapper(id: string): Promise<TDeployedMapper | null> {
  try {
    return required(await http.get<TDeployedMapper>(`/pipelines/${id}/mapper`));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
/**
 * Keyed by the pipeline's deployed version; before the first deploy (version null) there is no
 * mapper to ask for, so none is fetched (the API's 404 would be a console error).
 */
export const deployedMapperQueryOptions = (id: string, version: number | null) =>
  queryOptions({
    queryKey: [...pipelineKey(id), 'mapper', version],
    queryFn: () => (version === null ? null : getDeployedMapper(id)),
    staleTime: 0,
  });
/** `version` undefined: the pipeline is still loading, so nothing is asked yet. */
export const useDeployedMapper = (id: string, version: number | null | undefined, enabled: boolean) =>
  useQuery({ ...deployedMapperQueryOptions(id, version ?? null), enabled: enabled && version !== undefined });
