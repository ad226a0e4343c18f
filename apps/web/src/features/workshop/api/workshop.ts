import type { TWorkshop } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { workshopDetailKey } from './keys.ts';

export const getWorkshop = async (id: string) => required(await http.get<TWorkshop>(`/workshops/${id}`));
export const workshopQueryOptions = (id: string) =>
  queryOptions({ queryKey: workshopDetailKey(id), queryFn: () => getWorkshop(id) });
export const useWorkshop = (id: string) => useQuery(workshopQueryOptions(id));
