import type { TRunMapping } from '@mapwright/contracts';
import { useMutation } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';

/** What the engine would map from a run's gathered data onto a final schema. */
export const suggestRunMapping = async ({ runId, finalSchema }: { runId: string; finalSchema: unknown }) =>
  required(await http.post<TRunMapping>(`/workflow-runs/${runId}/mapping`, { finalSchema }));
export const useSuggestRunMapping = () => useMutation({ mutationFn: suggestRunMapping });
