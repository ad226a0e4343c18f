import type { TPromptRunRequest, TResult } from '@mapwright/contracts';
import { useMutation } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { useAfterEdit } from './edit-run.ts';

export interface TPromptReport {
  target: string;
  understood: boolean;
  via: 'llm' | 'built-in';
  message: string;
}
/** Prompt edit: fields asked for in words (the LLM when configured, else the built-in generator). */
export const runPromptEdit = async ({ workshopId, body }: { workshopId: string; body: TPromptRunRequest }) =>
  required(
    await http.post<TResult & { prompt: TPromptReport[] }>(`/workshops/${workshopId}/prompt/run`, body),
  );
export const usePromptRun = () => {
  const after = useAfterEdit();
  return useMutation({ mutationFn: runPromptEdit, onSuccess: (r, v) => after(v.workshopId, r) });
};
