import type { TSourceApp } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { sourceAppsKey } from './keys.ts';

/** The source apps a node can call: the built-in sample API and the connected apps, with endpoints. */
export const getSourceApps = async () =>
  required(await http.get<{ items: TSourceApp[] }>('/workflows/apps')).items;
export const sourceAppsQueryOptions = () =>
  queryOptions({ queryKey: sourceAppsKey, queryFn: getSourceApps, staleTime: 60_000 });
export const useSourceApps = () => useQuery(sourceAppsQueryOptions());
