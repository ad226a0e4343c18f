import type { TProject } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { projectKey } from './keys.ts';

export const getProject = async (id: string) => required(await http.get<TProject>(`/projects/${id}`));
export const projectQueryOptions = (id: string) =>
  // counts change on other screens (imports, schemas, pipelines): refetch on every visit
  queryOptions({ queryKey: projectKey(id), queryFn: () => getProject(id), staleTime: 0 });
export const useProject = (id: string) => useQuery(projectQueryOptions(id));
