import type { TWorkflow, TWorkflowEdge, TWorkflowNode } from '@mapwright/contracts';
import { http, required } from '../../../lib/http.ts';

/** What POST /workflows/submit takes of each workflow; the server adds SUBMIT_DEFAULTS. */
export interface TSubmittedWorkflow {
  name: string;
  nodes: TWorkflowNode[];
  edges: TWorkflowEdge[];
  isActive: boolean;
  isComplete: boolean;
  syncFrequency: string;
  timezone?: string;
}

/**
 * Spec §4: the list replaces the organization's workflows; each gets the sample source app,
 * "Sample prompt", a placeholder URL, an empty schema and the group id (the server's "no-id" when
 * null). The server archives (never deletes) the ones replaced, and only those named in
 * `confirmRemove`: if any current workflow is not named, it refuses with 409 and changes nothing.
 */
export const postSubmitWorkflows = async (
  workflows: TSubmittedWorkflow[],
  groupId: string | null,
  confirmRemove: string[] = [],
) =>
  required(
    await http.post<{ items: TWorkflow[] }>('/workflows/submit', {
      workflows,
      groupId,
      confirm_remove: confirmRemove,
    }),
  ).items;
