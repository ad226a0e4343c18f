import type {
  TCreateResolutionRequest,
  TImport,
  TPage,
  TProposal,
  TResolution,
  TResolutionPair,
} from '@mapwright/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../lib/http.ts';

export const resolutionsKey = ['resolutions'] as const;
const running = (r?: TResolution) => r?.status === 'queued' || r?.status === 'running';

export const useResolutions = (page: number) =>
  useQuery({
    queryKey: [...resolutionsKey, 'list', page],
    queryFn: async () =>
      required(await http.get<TPage<TResolution>>('/resolutions', { query: { page, size: 20 } })),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some(running) ? 2000 : false),
  });

export const useResolution = (id: string) =>
  useQuery({
    queryKey: [...resolutionsKey, id],
    queryFn: async () => required(await http.get<TResolution>(`/resolutions/${id}`)),
    refetchInterval: (q) => (running(q.state.data) ? 1500 : false),
  });

/** Finished imports to resolve (the first 100, newest first). */
export const useImportChoices = () =>
  useQuery({
    queryKey: [...resolutionsKey, 'imports'],
    queryFn: async () =>
      required(await http.get<TPage<TImport>>('/imports', { query: { page: 1, size: 100 } })).items.filter(
        (i) => i.status === 'succeeded',
      ),
    // fetched whenever the wizard opens: an import may have just finished
    refetchOnMount: 'always',
  });

export const usePropose = () =>
  useMutation({
    mutationFn: async (input: { import_id: string; right_import_id?: string; id_column?: string }) =>
      required(await http.post<TProposal>('/resolutions/propose', input)),
  });

export const useCreateResolution = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: TCreateResolutionRequest) =>
      required(await http.post<TResolution>('/resolutions', input)),
    onSuccess: () => qc.invalidateQueries({ queryKey: resolutionsKey }),
  });
};

export const useRerun = (id: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (change: { threshold?: number | null }) =>
      required(await http.post<TResolution>(`/resolutions/${id}/run`, change)),
    onSuccess: (data) => {
      qc.setQueryData([...resolutionsKey, id], data);
      return qc.invalidateQueries({ queryKey: resolutionsKey });
    },
  });
};

export const usePairs = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...resolutionsKey, id, 'pairs'],
    queryFn: async () =>
      required(
        await http.get<{ items: TResolutionPair[]; prior: number }>(`/resolutions/${id}/pairs`, {
          query: { limit: 200 },
        }),
      ),
    enabled,
  });

export const useLabel = (id: string) =>
  useMutation({
    mutationFn: (input: { a_key: string; b_key: string; label: 'yes' | 'no' | 'skip' }) =>
      http.put<void>(`/resolutions/${id}/labels`, input),
  });

export type ResolvedRecord = Record<string, unknown> & { cluster_id: string };
export const useRecords = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...resolutionsKey, id, 'records'],
    queryFn: async () =>
      required(
        await http.get<{ total: number; items: ResolvedRecord[] }>(`/resolutions/${id}/records`, {
          query: { size: 1000 },
        }),
      ),
    enabled,
  });
