import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { jobKey } from './job.ts';

export interface TJsonSchemaLike {
  properties?: Record<string, unknown>;
  required?: string[];
}

/** The schema the job ran against: its properties are the mapped-data grid's columns, in order. */
export const getJobTargetSchema = async (jobId: string) =>
  required(await http.get<TJsonSchemaLike>(`/jobs/${jobId}/target_schema`));
export const jobTargetSchemaQueryOptions = (jobId: string) =>
  queryOptions({ queryKey: [...jobKey(jobId), 'target-schema'], queryFn: () => getJobTargetSchema(jobId) });
export const useJobTargetSchema = (jobId: string) => useQuery(jobTargetSchemaQueryOptions(jobId));
