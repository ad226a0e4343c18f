import type { TWorkshopTransformation } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { workshopDetailKey } from './keys.ts';

export const getTransformation = async (id: string) =>
  required(await http.get<TWorkshopTransformation>(`/workshops/${id}/transformation`));
export const transformationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...workshopDetailKey(id), 'transformation'],
    queryFn: () => getTransformation(id),
  });
export const useTransformation = (id: string, enabled: boolean) =>
  useQuery({ ...transformationQueryOptions(id), enabled });
