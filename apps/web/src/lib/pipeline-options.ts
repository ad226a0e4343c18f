import type { TPage, TPipeline } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from './http.ts';

// the pipelines area's list key: the pipeline screens' invalidations refresh this picker too
const pipelinesKey = ['pipelines'] as const;

/** Shared by the lineage and code screens. The pipelines a picker offers: the 100 most recent, those with a deployed mapper first. */
export const getPipelineOptions = async () => {
  const page = required(await http.get<TPage<TPipeline>>('/pipelines', { query: { page: 1, size: 100 } }));
  return [...page.items].sort(
    (a, b) => Number(!a.deployed_mapper_version) - Number(!b.deployed_mapper_version),
  );
};
export const pipelineOptionsQueryOptions = () =>
  queryOptions({ queryKey: [...pipelinesKey, 'options'], queryFn: getPipelineOptions, staleTime: 10_000 });
export const usePipelineOptions = () => useQuery(pipelineOptionsQueryOptions());
