import type { TTargetSchema } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { pipelineKey } from './keys.ts';

/** The schema the pipeline maps onto now (the draft may have changed it). */
export const getPipelineTargetSchema = async (id: string) =>
  required(await http.get<TTargetSchema>(`/pipelines/${id}/target_schema`));
export const pipelineTargetSchemaQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...pipelineKey(id), 'target-schema'],
    queryFn: () => getPipelineTargetSchema(id),
  });
export const usePipelineTargetSchema = (id: string, enabled: boolean) =>
  useQuery({ ...pipelineTargetSchemaQueryOptions(id), enabled });
