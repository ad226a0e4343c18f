import type { TPublicConfig } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';

export const getPublicConfig = async () => required(await http.get<TPublicConfig>('/config'));

export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: getPublicConfig, staleTime: Number.POSITIVE_INFINITY });

export const usePublicConfig = () => useQuery(publicConfigQueryOptions());
