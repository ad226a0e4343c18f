import type { TPage } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import type { TMapping } from '../lib/messages.ts';
import { resultKey } from './keys.ts';

export interface TMappingsQuery {
  page: number;
  size: number;
  onlyErrors: boolean;
  /** with onlyErrors: only records with this error type on this field */
  error?: { type: string; field: string };
}

export const getResultMappings = async (id: string, q: TMappingsQuery) =>
  required(
    await http.get<TPage<TMapping>>(`/results/${id}/mappings`, {
      query: {
        page: q.page,
        size: q.size,
        only_errors: q.onlyErrors ? 'true' : undefined,
        error_type: q.error?.type,
        field: q.error?.field,
      },
    }),
  );

/** `settled`: the run has ended, so its pages never change again. */
export const resultMappingsQueryOptions = (id: string, q: TMappingsQuery, settled: boolean) =>
  queryOptions({
    queryKey: [
      ...resultKey(id),
      'mappings',
      q.onlyErrors ? 'errors' : 'all',
      q.error?.type ?? null,
      q.error?.field ?? null,
      q.size,
      q.page,
      settled,
    ],
    queryFn: () => getResultMappings(id, q),
    staleTime: settled ? Number.POSITIVE_INFINITY : 0,
  });
export const useResultMappings = (id: string, q: TMappingsQuery, settled: boolean) =>
  useQuery(resultMappingsQueryOptions(id, q, settled));
