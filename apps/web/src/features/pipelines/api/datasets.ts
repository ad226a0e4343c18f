import type { TImport, TPage } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';

/** Datasets a job can read: succeeded imports, of one project or of all (the newest 100). */
export const getDatasets = async (projectId: string | null) =>
  required(
    await http.get<TPage<TImport>>('/imports', {
      query: { page: 1, size: 100, project_id: projectId ?? undefined },
    }),
  ).items.filter((i) => i.status === 'succeeded');
export const datasetsQueryOptions = (projectId: string | null) =>
  queryOptions({ queryKey: ['imports', 'datasets', projectId], queryFn: () => getDatasets(projectId) });
export const useDatasets = (projectId: string | null, enabled: boolean) =>
  useQuery({ ...datasetsQueryOptions(projectId), enabled });
