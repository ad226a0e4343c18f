import type { TApiKey, TPage } from '@mapwright/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';

export const API_KEYS_PAGE_SIZE = 20;
export const apiKeysKey = ['api-keys'] as const;

export const getApiKeys = async (page: number) =>
  required(await http.get<TPage<TApiKey>>('/api-keys', { query: { page, size: API_KEYS_PAGE_SIZE } }));
export const apiKeysQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...apiKeysKey, page],
    queryFn: () => getApiKeys(page),
    placeholderData: keepPreviousData,
  });
export const useApiKeys = (page: number, enabled: boolean) =>
  useQuery({ ...apiKeysQueryOptions(page), enabled });

export const createApiKey = async (name: string) =>
  required(await http.post<TApiKey & { key: string }>('/api-keys', { name }));
export const revokeApiKey = (id: string) => http.delete<void>(`/api-keys/${id}`);

export const useCreateApiKey = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeysKey }),
  });
};
export const useRevokeApiKey = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeysKey }),
  });
};
