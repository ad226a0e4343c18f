import type { TResult } from '@mapwright/contracts';
import { http, required } from '../../../lib/http.ts';

/** Starts a run and returns at once with the queued result (the caller polls it). */
export const runJob = async (jobId: string) =>
  required(await http.post<TResult>(`/jobs/${jobId}/run`, undefined, { query: { immediate_return: true } }));
