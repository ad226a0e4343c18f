import type { TPage, TProject } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { projectsKey } from './keys.ts';

/** The file manager across projects names each file's project; 100 is the API's largest page. */
export const getProjectNames = async () => {
  const page = required(await http.get<TPage<TProject>>('/projects', { query: { page: 1, size: 100 } }));
  return new Map(page.items.map((p) => [p.id, p.name]));
};
export const projectNamesQueryOptions = () =>
  queryOptions({ queryKey: [...projectsKey, 'names'], queryFn: getProjectNames });
export const useProjectNames = (enabled: boolean) => useQuery({ ...projectNamesQueryOptions(), enabled });
