import type { TWorkflowRun } from '@mapwright/contracts';
import { createStore, useStore } from '../../../lib/store.ts';

/*
 * What the builder shows for each workflow during the session: the run whose data is on the
 * canvas and the selected node. The builder remounts when a new workflow is first saved
 * (/workflow_builder → /workflows/{id}) and must not lose either.
 */
interface TSession {
  run?: TWorkflowRun;
  selectedId?: string | null;
}
const store = createStore<Record<string, TSession>>({});

const patch = (workflowId: string, p: TSession) =>
  store.set((prev) => ({ ...prev, [workflowId]: { ...prev[workflowId], ...p } }));

export const setShownRun = (workflowId: string, run: TWorkflowRun | null) =>
  patch(workflowId, { run: run ?? undefined });
export const useShownRun = (workflowId: string | undefined): TWorkflowRun | null => {
  const all = useStore(store);
  return (workflowId && all[workflowId]?.run) || null;
};
/**
 * The node to select when the workflow's builder opens. Read-only: it is called while rendering,
 * and changing the store then would make React restart the render (and lose the value).
 */
export const keptSelection = (workflowId: string | undefined): string | null =>
  (workflowId && store.get()[workflowId]?.selectedId) || null;
export const keepSelection = (workflowId: string, selectedId: string | null) =>
  patch(workflowId, { selectedId });
