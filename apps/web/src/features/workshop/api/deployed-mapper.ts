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
export const deployedMapperQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...pipelineKey(id), 'mapper'],
    queryFn: () => getDeployedMapper(id),
    staleTime: 0,
  });
export const useDeployedMapper = (id: string, enabled: boolean) =>
  useQuery({ ...deployedMapperQueryOptions(id), enabled });
