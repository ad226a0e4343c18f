import type { TJob } from '@mapwright/contracts';
import { http, required } from '../../../lib/http.ts';

/** Exactly one of inline records, a finished import, or a file version (imported on the way). */
export type TJobInput =
  | { data: Record<string, unknown>[] }
  | { import_id: string }
  /** a workbook's sheet goes with its version: the job reads that sheet's rows */
  | { file_version_id: string; sheet?: string };

export const createJob = async (pipelineId: string, input: TJobInput) =>
  required(await http.post<TJob>(`/pipelines/${pipelineId}/jobs`, input));
