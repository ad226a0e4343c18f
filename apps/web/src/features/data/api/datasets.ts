import type { TDatasetPage, TDatasetRowsPage } from '@mapwright/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';

export const DATASETS_PAGE_SIZE = 20;
export const PREVIEW_PAGE_SIZE = 25;

export const useDatasets = (page: number, kind: string | null) =>
  useQuery({
    queryKey: ['datasets', page, kind],
    queryFn: async () =>
      required(
        await http.get<TDatasetPage>('/datasets', {
          query: { page, size: DATASETS_PAGE_SIZE, ...(kind ? { kind } : {}) },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const useDatasetRows = (id: string | null, page: number) =>
  useQuery({
    queryKey: ['datasets', id, 'rows', page],
    queryFn: async () =>
      required(
        await http.get<TDatasetRowsPage>(`/datasets/${id}/rows`, { query: { page, size: PREVIEW_PAGE_SIZE } }),
      ),
    enabled: !!id,
    placeholderData: keepPreviousData,
  });
