import type { TTargetSchema } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { pipelineKey } from './keys.ts';

/** The pipeline's target schema: the lineage graph shows each target field's type from it. */
export const getPipelineTargetSchema = async (id: string) =>
  required(await http.get<TTargetSchema>(`/pipelines/${id}/target_schema`));
export const pipelineTargetSchemaQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...pipelineKey(id), 'target_schema'],
    queryFn: () => getPipelineTargetSchema(id),
    staleTime: 30_000,
  });
export const usePipelineTargetSchema = (id: string, enabled = true) =>
  useQuery({ ...pipelineTargetSchemaQueryOptions(id), enabled });
