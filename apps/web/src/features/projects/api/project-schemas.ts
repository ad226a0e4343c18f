import type { TTargetSchema } from '@mapwright/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getProjectPage } from './contents-page.ts';
import { projectKey } from './keys.ts';

export const projectSchemasQueryOptions = (projectId: string, page: number) =>
  queryOptions({
    queryKey: [...projectKey(projectId), 'schemas', page],
    queryFn: () => getProjectPage<TTargetSchema>('/target_schemas', projectId, page),
    placeholderData: keepPreviousData,
    // schemas are created on other screens, which do not know this key: refetch on every visit
    staleTime: 0,
  });
export const useProjectSchemas = (projectId: string, page: number) =>
  useQuery(projectSchemasQueryOptions(projectId, page));
