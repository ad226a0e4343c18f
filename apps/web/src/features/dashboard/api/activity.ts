import type { TActivity } from '@mapwright/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { dashboardKey } from './keys.ts';

/** Records processed and failed per day (UTC) over the last `days` days, zeros included. */
export const getActivity = async (days: number) =>
  required(await http.get<TActivity>('/stats/activity', { query: { days } }));
export const activityKey = [...dashboardKey, 'activity'] as const;
export const activityQueryOptions = (days: number) =>
  queryOptions({
    queryKey: [...activityKey, days],
    queryFn: () => getActivity(days),
    placeholderData: keepPreviousData,
  });
export const useActivity = (days: number) => useQuery(activityQueryOptions(days));
