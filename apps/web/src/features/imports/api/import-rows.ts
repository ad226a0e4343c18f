import type { TPage } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { importKey } from './import.ts';

export const ROWS_PAGE_SIZE = 200;
export interface TImportRow {
  index: number;
  line: number;
  record: Record<string, unknown>;
}

export const getImportRows = async (id: string, page: number) =>
  required(
    await http.get<TPage<TImportRow>>(`/imports/${id}/rows`, { query: { page, size: ROWS_PAGE_SIZE } }),
  );
export const importRowsQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: [...importKey(id), 'rows', page],
    queryFn: () => getImportRows(id, page),
    staleTime: Number.POSITIVE_INFINITY, // a finished import's rows never change
  });
export const useImportRows = (id: string, page: number, enabled = true) =>
  useQuery({ ...importRowsQueryOptions(id, page), enabled });
