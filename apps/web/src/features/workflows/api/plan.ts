import type { TPlanWorkflowRequest, TWorkflowPlan } from '@mapwright/contracts';
import { useMutation } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';

/** Create-from-prompt: a proposed graph and final schema; nothing is saved. */
export const planWorkflow = async (body: TPlanWorkflowRequest) =>
  required(await http.post<TWorkflowPlan>('/workflows/plan', body));
export const usePlanWorkflow = () => useMutation({ mutationFn: planWorkflow });
