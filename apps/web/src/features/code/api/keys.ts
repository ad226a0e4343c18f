/**
 * The pipelines area's query keys, restated (features do not import each other): the same keys
 * and shapes share the cache with the pipeline screens, and their invalidations refresh these.
 */
export const pipelinesKey = ['pipelines'] as const;
export const pipelineKey = (id: string) => [...pipelinesKey, 'detail', id] as const;
