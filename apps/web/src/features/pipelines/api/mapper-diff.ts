import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import type { TSpecDiff } from '../lib/spec.ts';
import { pipelineKey } from './keys.ts';

export const getMapperDiff = async (id: string, from: number, to: number) =>
  required(await http.get<TSpecDiff>(`/pipelines/${id}/mapper/diff`, { query: { from, to } }));
export const mapperDiffQueryOptions = (id: string, from: number, to: number) =>
  queryOptions({
    queryKey: [...pipelineKey(id), 'diff', from, to],
    queryFn: () => getMapperDiff(id, from, to),
    // versions are immutable: a diff never changes
    staleTime: Number.POSITIVE_INFINITY,
  });
export const useMapperDiff = (id: string, pair: { from: number; to: number } | null) =>
  useQuery({ ...mapperDiffQueryOptions(id, pair?.from ?? 0, pair?.to ?? 0), enabled: pair !== null });
