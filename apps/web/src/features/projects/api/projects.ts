import type { TPage, TProject } from '@mapwright/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { projectsKey } from './keys.ts';

/** A grid of three or four cards a row fills evenly with 12. */
export const PROJECTS_PAGE_SIZE = 12;

export interface TProjectsQuery {
  page: number;
  name?: string;
}

export const getProjects = async ({ page, name }: TProjectsQuery) =>
  required(
    await http.get<TPage<TProject>>('/projects', {
      query: { page, size: PROJECTS_PAGE_SIZE, name: name?.trim() || undefined },
      cancelGroup: 'projects-list',
    }),
  );

export const projectsQueryOptions = (q: TProjectsQuery) =>
  queryOptions({
    queryKey: [...projectsKey, 'list', q],
    queryFn: () => getProjects(q),
    placeholderData: keepPreviousData,
  });
export const useProjects = (q: TProjectsQuery) => useQuery(projectsQueryOptions(q));
