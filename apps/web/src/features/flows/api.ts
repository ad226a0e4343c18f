import type {
  TConnection,
  TCreateFlowRequest,
  TFlow,
  TFlowCheck,
  TFlowDefinition,
  TFlowRun,
  TFlowStepKindInfo,
  TFlowStepSample,
  TFlowVersion,
  TJoinInput,
  TPage,
  TPatchFlowRequest,
  TStream,
  TTargetSchema,
} from '@mapwright/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../lib/http.ts';
import { isOpen } from './lib/status.ts';

export const flowsKey = ['flows'] as const;
const runKey = (flowId: string, runId: string) => [...flowsKey, 'run', flowId, runId] as const;
export const FLOWS_PAGE_SIZE = 20;

export const useFlows = (page: number) =>
  useQuery({
    queryKey: [...flowsKey, 'list', page],
    queryFn: async () =>
      required(await http.get<TPage<TFlow>>('/flows', { query: { page, size: FLOWS_PAGE_SIZE } })),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some((f) => isOpen(f.last_run?.status)) ? 2000 : false),
  });

export const useFlow = (id: string) =>
  useQuery({
    queryKey: [...flowsKey, 'one', id],
    queryFn: async () => required(await http.get<TFlow>(`/flows/${id}`)),
  });

/** The palette: only the kinds whose modules are built. */
export const useStepKinds = () =>
  useQuery({
    queryKey: [...flowsKey, 'step-kinds'],
    queryFn: async () => required(await http.get<{ items: TFlowStepKindInfo[] }>('/flows/step-kinds')).items,
    staleTime: 5 * 60_000,
  });

export const useFlowVersions = (id: string) =>
  useQuery({
    queryKey: [...flowsKey, 'versions', id],
    queryFn: async () => required(await http.get<{ items: TFlowVersion[] }>(`/flows/${id}/versions`)).items,
  });

export const useFlowRuns = (id: string) =>
  useQuery({
    queryKey: [...flowsKey, 'runs', id],
    queryFn: async () =>
      required(await http.get<TPage<TFlowRun>>(`/flows/${id}/runs`, { query: { page: 1, size: 10 } })).items,
    refetchInterval: (q) => (q.state.data?.some((r) => isOpen(r.status)) ? 2000 : false),
  });

/** A run, polled every second while it is queued or running (the Gantt fills in live). */
export const useFlowRun = (flowId: string, runId: string) =>
  useQuery({
    queryKey: runKey(flowId, runId),
    queryFn: async () => required(await http.get<TFlowRun>(`/flows/${flowId}/runs/${runId}`)),
    refetchInterval: (q) => (isOpen(q.state.data?.status) ? 1000 : false),
  });

export const useStepSample = (
  flowId: string,
  runId: string,
  stepId: string,
  port: 'out' | 'rejected',
  on: boolean,
) =>
  useQuery({
    queryKey: [...runKey(flowId, runId), 'sample', stepId, port],
    queryFn: async () =>
      required(
        await http.get<TFlowStepSample>(`/flows/${flowId}/runs/${runId}/steps/${stepId}/sample`, {
          query: { port },
        }),
      ),
    enabled: on,
  });

export const useCreateFlow = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: TCreateFlowRequest) => required(await http.post<TFlow>('/flows', body)),
    onSuccess: () => qc.invalidateQueries({ queryKey: flowsKey }),
  });
};

export const useSaveFlow = (id: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: TCreateFlowRequest) => required(await http.put<TFlow>(`/flows/${id}`, body)),
    onSuccess: (f) => {
      qc.setQueryData([...flowsKey, 'one', id], f);
      void qc.invalidateQueries({ queryKey: [...flowsKey, 'versions', id] });
      void qc.invalidateQueries({ queryKey: [...flowsKey, 'list'] });
    },
  });
};

/** The active switch and the schedule: no new version. */
export const usePatchFlow = (id: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: TPatchFlowRequest) => required(await http.patch<TFlow>(`/flows/${id}`, body)),
    onSuccess: (f) => {
      qc.setQueryData([...flowsKey, 'one', id], f);
      void qc.invalidateQueries({ queryKey: [...flowsKey, 'list'] });
    },
  });
};

export const useDeleteFlow = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => http.delete(`/flows/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: flowsKey }),
  });
};

export const useStartRun = (flowId: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: { preview?: boolean }) =>
      required(await http.post<TFlowRun>(`/flows/${flowId}/runs`, body)),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...flowsKey, 'runs', flowId] }),
  });
};

/**
 * Replay and the run's buttons: each answers a run (a new one for retry / rerun / one step, the
 * same one for approve / cancel).
 */
export const useRunAction = (flowId: string, runId: string) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (
      a:
        | { kind: 'retry' | 'approve' | 'cancel' }
        | { kind: 'rerun'; fromStep: string }
        | { kind: 'step'; stepId: string },
    ) => {
      const base = `/flows/${flowId}/runs/${runId}`;
      const url =
        a.kind === 'rerun'
          ? `${base}/rerun`
          : a.kind === 'step'
            ? `${base}/steps/${a.stepId}/run`
            : `${base}/${a.kind}`;
      return required(await http.post<TFlowRun>(url, a.kind === 'rerun' ? { from_step: a.fromStep } : {}));
    },
    onSuccess: (r) => {
      qc.setQueryData(runKey(flowId, r.id), r);
      void qc.invalidateQueries({ queryKey: [...flowsKey, 'runs', flowId] });
      void qc.invalidateQueries({ queryKey: runKey(flowId, runId) });
    },
  });
};

// ---------- what the side panel's pickers offer ----------

export const useSourceInputs = () =>
  useQuery({
    queryKey: [...flowsKey, 'picker', 'inputs'],
    queryFn: async () => required(await http.get<{ items: TJoinInput[] }>('/join-inputs')).items,
  });

export const useConnections = (role: 'source' | 'destination') =>
  useQuery({
    queryKey: [...flowsKey, 'picker', 'connections', role],
    queryFn: async () =>
      required(await http.get<{ items: TConnection[] }>('/connections', { query: { role } })).items,
  });

export const useStreams = (connectionId: string | null) =>
  useQuery({
    queryKey: [...flowsKey, 'picker', 'streams', connectionId],
    queryFn: async () =>
      required(await http.get<{ items: TStream[] }>(`/connections/${connectionId}/streams`)).items,
    enabled: Boolean(connectionId),
  });

export const useTargetSchemas = () =>
  useQuery({
    queryKey: [...flowsKey, 'picker', 'schemas'],
    queryFn: async () =>
      required(await http.get<TPage<TTargetSchema>>('/target_schemas', { query: { page: 1, size: 100 } }))
        .items,
  });

/**
 * The columns on each edge of the definition on the canvas (POST /flows/check). A definition
 * the check refuses has none: the pickers then take typed names.
 */
export const useFlowCheck = (def: TFlowDefinition, on: boolean) =>
  useQuery({
    queryKey: [...flowsKey, 'check', JSON.stringify(def)],
    queryFn: async () => required(await http.post<TFlowCheck>('/flows/check', def)),
    enabled: on && def.steps.length > 0,
    retry: false,
    staleTime: 30_000,
  });
