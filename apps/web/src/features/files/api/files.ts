import { FILES_PAGE_SIZE, type TFile, type TPage } from '@mapwright/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { filesKey } from './keys.ts';

export interface TFilesQuery {
  page: number;
  size?: number;
  projectId?: string;
  name?: string;
}

export const getFiles = async ({ page, size = FILES_PAGE_SIZE, projectId, name }: TFilesQuery) =>
  required(
    await http.get<TPage<TFile>>('/files', {
      query: { page, size, project_id: projectId, name: name || undefined },
      cancelGroup: `file-manager-${projectId ?? 'all'}`,
    }),
  );

export const filesQueryOptions = (q: TFilesQuery) =>
  queryOptions({
    queryKey: [...filesKey, 'list', { size: FILES_PAGE_SIZE, ...q }],
    queryFn: () => getFiles(q),
    placeholderData: keepPreviousData,
  });
export const useFiles = (q: TFilesQuery) => useQuery(filesQueryOptions(q));
