import type { TImportDuplicates, TImportValues } from '@mapwright/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { importKey } from './import.ts';

/** A column's values with their counts over every row (the most frequent first), searchable. */
export const useImportValues = (id: string, column: string | null, search: string) =>
  useQuery({
    queryKey: [...importKey(id), 'values', column, search],
    queryFn: async () =>
      required(
        await http.get<TImportValues>(`/imports/${id}/values`, {
          query: { column: column ?? '', search: search || undefined, limit: 100 },
        }),
      ),
    enabled: column !== null,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY, // a finished import never changes
  });

/** Rows that repeat another row exactly. */
export const useImportDuplicates = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...importKey(id), 'duplicates'],
    queryFn: async () => required(await http.get<TImportDuplicates>(`/imports/${id}/duplicates`)),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
