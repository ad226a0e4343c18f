import type { TImport } from '@mapwright/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getProjectPage } from './contents-page.ts';
import { projectKey } from './keys.ts';

export const projectImportsQueryOptions = (projectId: string, page: number) =>
  queryOptions({
    queryKey: [...projectKey(projectId), 'imports', page],
    queryFn: () => getProjectPage<TImport>('/imports', projectId, page),
    placeholderData: keepPreviousData,
    // imports are started from other screens, which do not know this key: refetch on every visit
    staleTime: 0,
    // imports run in the background: keep their statuses moving while any is unfinished
    refetchInterval: (q) =>
      q.state.data?.items.some((i) => i.status === 'queued' || i.status === 'running') ? 2000 : false,
  });
export const useProjectImports = (projectId: string, page: number) =>
  useQuery(projectImportsQueryOptions(projectId, page));
