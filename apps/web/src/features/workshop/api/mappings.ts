import type { TMapping, TPage } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { resultKey } from './keys.ts';

/** Records per page of the navigator and the record on screen (one request serves both). */
export const MAPPINGS_PAGE = 200;
/** Failing records read to count failures per field: enough to see a pattern, one request. */
export const FAILING_SAMPLE = 200;

export const mappingsKey = (resultId: string, page: number, size: number, onlyErrors: boolean) =>
  [...resultKey(resultId), 'mappings', { page, size, onlyErrors }] as const;
export const getMappings = async (resultId: string, page: number, size: number, onlyErrors: boolean) =>
  required(
    await http.get<TPage<TMapping>>(`/results/${resultId}/mappings`, {
      query: { page, size, ...(onlyErrors ? { only_errors: true } : {}) },
    }),
  );
/** A finished result never changes: its pages are kept for the session. */
export const mappingsQueryOptions = (
  resultId: string,
  page: number,
  size = MAPPINGS_PAGE,
  onlyErrors = false,
) =>
  queryOptions({
    queryKey: mappingsKey(resultId, page, size, onlyErrors),
    queryFn: () => getMappings(resultId, page, size, onlyErrors),
    staleTime: Number.POSITIVE_INFINITY,
  });
export const useFailingSample = (resultId: string | null) =>
  useQuery({ ...mappingsQueryOptions(resultId ?? '', 1, FAILING_SAMPLE, true), enabled: Boolean(resultId) });
