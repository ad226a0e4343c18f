import type { TPage, TTestRunRequest, TWorkflowRun, TWorkflowRunListItem } from '@mapwright/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { workflowRunsKey, workflowsKey } from './keys.ts';

const OPEN = new Set(['queued', 'running']);
export const isOpenRun = (status: string) => OPEN.has(status);

export interface TRunFilters {
  workflowId?: string;
  statuses?: string[];
  page?: number;
  size?: number;
  /** keep polling even with no open run (an active workflow's scheduled runs appear by themselves) */
  poll?: boolean;
}
export const getWorkflowRuns = async (f: TRunFilters = {}) =>
  required(
    await http.get<TPage<TWorkflowRunListItem>>('/workflow-runs', {
      query: {
        page: f.page ?? 1,
        size: f.size ?? 20,
        workflowId: f.workflowId,
        status: f.statuses?.length ? f.statuses.join(',') : undefined,
      },
    }),
  );
/** Polls while a run on the page is still queued or running, or when asked to. */
export const workflowRunsQueryOptions = ({ poll, ...f }: TRunFilters = {}) =>
  queryOptions({
    queryKey: [...workflowRunsKey, 'list', f],
    queryFn: () => getWorkflowRuns(f),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.items.some((r) => isOpenRun(r.status)) ? 2000 : poll ? 5000 : false,
  });
export const useWorkflowRuns = (f: TRunFilters = {}) => useQuery(workflowRunsQueryOptions(f));

export const getWorkflowRun = async (id: string) =>
  required(await http.get<TWorkflowRun>(`/workflow-runs/${id}`));
export const useWorkflowRun = (id: string | null) =>
  useQuery({
    queryKey: [...workflowRunsKey, 'detail', id],
    queryFn: () => getWorkflowRun(id ?? ''),
    enabled: Boolean(id),
    refetchInterval: (q) => (q.state.data && isOpenRun(q.state.data.status) ? 1500 : false),
  });

function useRefreshRuns() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: workflowsKey });
}
export const useStartRun = () => {
  const refresh = useRefreshRuns();
  return useMutation({
    mutationFn: async (workflowId: string) =>
      required(await http.post<TWorkflowRun>(`/workflows/${workflowId}/run`)),
    onSuccess: refresh,
  });
};
export const useCancelRun = () => {
  const refresh = useRefreshRuns();
  return useMutation({
    mutationFn: async (runId: string) =>
      required(await http.post<TWorkflowRun>(`/workflow-runs/${runId}/cancel`)),
    onSuccess: refresh,
  });
};
export const useRetryRun = () => {
  const refresh = useRefreshRuns();
  return useMutation({
    mutationFn: async ({ runId, from }: { runId: string; from: 'failed' | 'start' }) =>
      required(await http.post<TWorkflowRun>(`/workflow-runs/${runId}/retry`, { from })),
    onSuccess: refresh,
  });
};

/** A test run answers when done (the server allows it a minute) with every node's data. */
export const testRunWorkflow = async (workflowId: string, body: TTestRunRequest) =>
  required(await http.post<TWorkflowRun>(`/workflows/${workflowId}/test`, body));
export const useTestRun = () => {
  const refresh = useRefreshRuns();
  return useMutation({
    mutationFn: ({ workflowId, body }: { workflowId: string; body: TTestRunRequest }) =>
      testRunWorkflow(workflowId, body),
    onSuccess: refresh,
  });
};
