import type {
  TCreateJoinRequest,
  TJob,
  TJoin,
  TJoinInput,
  TJoinKeySuggestion,
  TJoinNode,
  TJoinPreview,
  TJoinRun,
  TPage,
  TPipeline,
  TUpdateJoinRequest,
} from '@mapwright/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';

export const joinsKey = ['joins'] as const;
const OPEN = (s?: string) => s === 'queued' || s === 'running';

export const useJoins = (page: number) =>
  useQuery({
    queryKey: [...joinsKey, 'list', page],
    queryFn: async () => required(await http.get<TPage<TJoin>>('/joins', { query: { page, size: 20 } })),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some((j) => OPEN(j.last_run?.status)) ? 2000 : false),
  });

export const useJoinInputs = () =>
  useQuery({
    queryKey: [...joinsKey, 'inputs'],
    queryFn: async () => required(await http.get<{ items: TJoinInput[] }>('/join-inputs')).items,
  });

export const useJoin = (id: string) =>
  useQuery({
    queryKey: [...joinsKey, 'one', id],
    queryFn: async () => required(await http.get<TJoin>(`/joins/${id}`)),
  });

export const useSuggestions = (id: string) =>
  useQuery({
    queryKey: [...joinsKey, 'suggestions', id],
    queryFn: async () =>
      required(await http.get<{ items: TJoinKeySuggestion[] }>(`/joins/${id}/suggestions`)).items,
  });

export const useJoinNode = (id: string, side: 'left' | 'right') =>
  useQuery({
    queryKey: [...joinsKey, 'node', id, side],
    queryFn: async () => required(await http.get<TJoinNode>(`/joins/${id}/nodes/${side}`)),
  });

export const useCreateJoin = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: TCreateJoinRequest) => required(await http.post<TJoin>('/joins', body)),
    onSuccess: () => qc.invalidateQueries({ queryKey: joinsKey }),
  });
};

export const useUpdateJoin = (id: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: TUpdateJoinRequest) => required(await http.patch<TJoin>(`/joins/${id}`, body)),
    onSuccess: (j) => qc.setQueryData([...joinsKey, 'one', id], j),
  });
};

export const usePreview = (id: string) =>
  useMutation({
    mutationFn: async (threshold?: number) =>
      required(
        await http.post<TJoinPreview>(`/joins/${id}/preview`, threshold === undefined ? {} : { threshold }),
      ),
  });

export const useStartRun = (id: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => required(await http.post<TJoinRun>(`/joins/${id}/runs`)),
    onSuccess: () => qc.invalidateQueries({ queryKey: joinsKey }),
  });
};

export const useJoinRun = (id: string) =>
  useQuery({
    queryKey: [...joinsKey, 'run', id],
    queryFn: async () => required(await http.get<TJoinRun>(`/join-runs/${id}`)),
    refetchInterval: (q) => (OPEN(q.state.data?.status) ? 1000 : false),
  });

export const useCancelRun = (id: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => required(await http.post<TJoinRun>(`/join-runs/${id}/cancel`)),
    onSuccess: (r) => qc.setQueryData([...joinsKey, 'run', id], r),
  });
};

export const useJoinRows = (id: string, page: number, enabled: boolean) =>
  useQuery({
    queryKey: [...joinsKey, 'rows', id, page],
    queryFn: async () =>
      required(
        await http.get<TPage<{ index: number; record: Record<string, unknown> }>>(`/join-runs/${id}/rows`, {
          query: { page, size: 50 },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Pipelines to offer as a destination of the joined data (the first 100, newest first). */
export const usePipelineChoices = () =>
  useQuery({
    queryKey: ['pipelines', 'choices'],
    queryFn: async () =>
      required(await http.get<TPage<TPipeline>>('/pipelines', { query: { page: 1, size: 100 } })),
  });

/** Runs a pipeline on the joined data: a job whose input is the run's dataset, read in place. */
export const useRunPipelineOnJoin = () =>
  useMutation({
    mutationFn: async (v: { pipelineId: string; datasetId: string }) => {
      const job = required(
        await http.post<TJob>(`/pipelines/${v.pipelineId}/jobs`, { dataset_id: v.datasetId }),
      );
      required(await http.post(`/jobs/${job.id}/run`, undefined, { query: { immediate_return: 'true' } }));
      return job;
    },
  });
