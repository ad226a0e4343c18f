import type {
  TCreateWorkflowRequest,
  TUpdateWorkflowRequest,
  TWorkflow,
  TWorkflowVersion,
} from '@mapwright/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { workflowKey, workflowsKey } from './keys.ts';

export const getWorkflow = async (id: string) => required(await http.get<TWorkflow>(`/workflows/${id}`));
export const workflowQueryOptions = (id: string) =>
  queryOptions({ queryKey: workflowKey(id), queryFn: () => getWorkflow(id) });
export const useWorkflow = (id: string | undefined) =>
  useQuery({ ...workflowQueryOptions(id ?? ''), enabled: Boolean(id) });

export const getWorkflowVersions = async (id: string) =>
  required(await http.get<{ items: TWorkflowVersion[] }>(`/workflows/${id}/versions`)).items;
export const useWorkflowVersions = (id: string) =>
  useQuery({ queryKey: [...workflowKey(id), 'versions'], queryFn: () => getWorkflowVersions(id) });

export const createWorkflow = async (body: TCreateWorkflowRequest) =>
  required(await http.post<TWorkflow>('/workflows', body));
export const updateWorkflow = async (id: string, body: TUpdateWorkflowRequest) =>
  required(await http.put<TWorkflow>(`/workflows/${id}`, body));
/** DELETE archives: the workflow leaves the list and its schedule, and can be restored. */
export const deleteWorkflow = async (id: string) => {
  await http.delete(`/workflows/${id}`);
};
export const restoreWorkflow = async (id: string) =>
  required(await http.post<TWorkflow>(`/workflows/${id}/restore`));

/** Every change refreshes the lists and puts the saved workflow in the cache. */
function useSaved() {
  const qc = useQueryClient();
  return async (w?: TWorkflow) => {
    if (w) qc.setQueryData(workflowKey(w.id), w);
    await qc.invalidateQueries({ queryKey: workflowsKey });
  };
}
export const useCreateWorkflow = () => {
  const saved = useSaved();
  return useMutation({ mutationFn: createWorkflow, onSuccess: saved });
};
export const useUpdateWorkflow = () => {
  const saved = useSaved();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TUpdateWorkflowRequest }) => updateWorkflow(id, body),
    onSuccess: saved,
  });
};
export const useDeleteWorkflow = () => {
  const saved = useSaved();
  return useMutation({ mutationFn: deleteWorkflow, onSuccess: () => saved() });
};
export const useRestoreWorkflow = () => {
  const saved = useSaved();
  return useMutation({ mutationFn: restoreWorkflow, onSuccess: saved });
};
