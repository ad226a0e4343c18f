import type { TPipeline } from '@mapwright/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getProjectPage } from './contents-page.ts';
import { projectKey } from './keys.ts';

export const projectPipelinesQueryOptions = (projectId: string, page: number) =>
  queryOptions({
    queryKey: [...projectKey(projectId), 'pipelines', page],
    queryFn: () => getProjectPage<TPipeline>('/pipelines', projectId, page),
    placeholderData: keepPreviousData,
    // pipelines are created on other screens, which do not know this key: refetch on every visit
    staleTime: 0,
  });
export const useProjectPipelines = (projectId: string, page: number) =>
  useQuery(projectPipelinesQueryOptions(projectId, page));
