import type { TPipeline } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { pipelineKey } from './keys.ts';

export const getPipeline = async (id: string) => required(await http.get<TPipeline>(`/pipelines/${id}`));
export const pipelineQueryOptions = (id: string) =>
  queryOptions({ queryKey: pipelineKey(id), queryFn: () => getPipeline(id) });
export const usePipeline = (id: string | undefined) =>
  useQuery({ ...pipelineQueryOptions(id ?? ''), enabled: Boolean(id) });
