import type { TImport, TPage } from '@mapwright/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';

export const IMPORTS_PAGE_SIZE = 20;
export const importsKey = ['imports'] as const;

export const getImports = async (page: number) =>
  required(await http.get<TPage<TImport>>('/imports', { query: { page, size: IMPORTS_PAGE_SIZE } }));
export const importsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...importsKey, 'list', page],
    queryFn: () => getImports(page),
    placeholderData: keepPreviousData,
    // imports run in the background: keep the statuses moving while any is unfinished
    refetchInterval: (q) =>
      q.state.data?.items.some((i) => i.status === 'queued' || i.status === 'running') ? 2000 : false,
  });
export const useImports = (page: number) => useQuery(importsQueryOptions(page));
