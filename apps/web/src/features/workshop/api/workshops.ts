import type { TPage, TWorkshop } from '@mapwright/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { workshopsListKey } from './keys.ts';

export const RECENT_WORKSHOPS = 8;
export const getWorkshops = async (page: number, size = RECENT_WORKSHOPS) =>
  required(await http.get<TPage<TWorkshop>>('/workshops', { query: { page, size } }));
export const workshopsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...workshopsListKey, page],
    queryFn: () => getWorkshops(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
export const useWorkshops = (page: number) => useQuery(workshopsQueryOptions(page));
