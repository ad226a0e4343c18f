import type { TPage, TProject } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';

/** Projects to take a dataset from (the newest 100). */
export const getProjectChoices = async () =>
  required(await http.get<TPage<TProject>>('/projects', { query: { page: 1, size: 100 } }));
export const projectChoicesQueryOptions = () =>
  queryOptions({ queryKey: ['projects', 'list', 'pipeline-choices'], queryFn: getProjectChoices });
export const useProjectChoices = (enabled: boolean) => useQuery({ ...projectChoicesQueryOptions(), enabled });
