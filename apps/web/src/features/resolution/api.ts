import type {
  TCreateResolutionRequest,
  TGoldenPage,
  TJob,
  TJoinInput,
  TPage,
  TPipeline,
  TProposal,
  TResolution,
  TResolutionPair,
  TSurvivorship,
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

/** What can be resolved: finished imports, job results (valid records) and joined data. */
export const useInputChoices = () =>
  useQuery({
    queryKey: [...resolutionsKey, 'inputs'],
    queryFn: async () => required(await http.get<{ items: TJoinInput[] }>('/join-inputs')).items,
    // fetched whenever the wizard opens: an import may have just finished
    refetchOnMount: 'always',
  });

/** The name of each side of a link (the first and the second dataset), for labels. */
export const useSideNames = (r: TResolution) => {
  const inputs = useInputChoices();
  return (side: 'left' | 'right') => {
    const src = side === 'left' ? r.input : r.right_input;
    const found = inputs.data?.find((i) => src && i.kind === src.kind && i.id === src.id);
    return found?.name ?? (side === 'left' ? 'First dataset' : 'Second dataset');
  };
};

export const usePropose = () =>
  useMutation({
    mutationFn: async (input: Omit<TCreateResolutionRequest, 'name'>) =>
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
        await http.get<{ items: TResolutionPair[]; not_linked: TResolutionPair[]; prior: number }>(
          `/resolutions/${id}/pairs`,
          {
            query: { limit: 200 },
          },
        ),
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

export const useGolden = (id: string, page: number) =>
  useQuery({
    queryKey: [...resolutionsKey, id, 'golden', page],
    queryFn: async () =>
      required(await http.get<TGoldenPage>(`/resolutions/${id}/golden`, { query: { page, size: 50 } })),
    placeholderData: keepPreviousData,
  });

const goldenKey = (id: string) => [...resolutionsKey, id, 'golden'];

export const useSurvivorship = (id: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (rules: Record<string, TSurvivorship>) =>
      http.put<void>(`/resolutions/${id}/golden/rules`, { rules }),
    onSuccess: () => qc.invalidateQueries({ queryKey: goldenKey(id) }),
  });
};

export const useOverride = (id: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { record_key: string; column: string; value: string | null; clear?: boolean }) =>
      http.put<void>(`/resolutions/${id}/golden/overrides`, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: goldenKey(id) }),
  });
};

/** The stored golden records as a CSV file. */
export const downloadGolden = async (r: TResolution) => {
  const csv = required(await http.get<string>(`/resolutions/${r.id}/golden.csv`));
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${r.name.replace(/[^\w-]+/g, '_')}-golden-records.csv`;
  a.click();
  URL.revokeObjectURL(url);
};

export const usePipelineChoices = () =>
  useQuery({
    queryKey: ['pipelines', 'choices'],
    queryFn: async () =>
      required(await http.get<TPage<TPipeline>>('/pipelines', { query: { page: 1, size: 100 } })),
  });

/** A job of a pipeline whose input is a dataset (the golden records), read in place. */
export const useRunPipelineOnDataset = () =>
  useMutation({
    mutationFn: async (v: { pipelineId: string; datasetId: string }) => {
      const job = required(
        await http.post<TJob>(`/pipelines/${v.pipelineId}/jobs`, { dataset_id: v.datasetId }),
      );
      required(await http.post(`/jobs/${job.id}/run`, undefined, { query: { immediate_return: 'true' } }));
      return job;
    },
  });

export const useAddRecords = (id: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: { import_id?: string; input?: { kind: TJoinInput['kind']; id: string } }) =>
      required(await http.post<TResolution>(`/resolutions/${id}/records`, body)),
    onSuccess: (data) => {
      qc.setQueryData([...resolutionsKey, id], data);
      return qc.invalidateQueries({ queryKey: resolutionsKey });
    },
  });
};
