import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { resultKey } from './keys.ts';

/** The run's mapper per target property; only `@sources` is read here (where a value came from). */
export type TResultSpec = Record<string, { '@sources'?: string[] } | undefined>;

export const getResultSpec = async (id: string) =>
  required(await http.get<TResultSpec>(`/results/${id}/spec`));
export const resultSpecQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...resultKey(id), 'spec'],
    queryFn: () => getResultSpec(id),
    staleTime: Number.POSITIVE_INFINITY, // a run's mapper never changes
  });
export const useResultSpec = (id: string) => useQuery(resultSpecQueryOptions(id));
