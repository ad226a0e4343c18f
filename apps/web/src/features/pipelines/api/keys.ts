/** Query keys of the pipelines area: every list and detail sits under `pipelinesKey`. */
export const pipelinesKey = ['pipelines'] as const;
export const pipelinesListKey = [...pipelinesKey, 'list'] as const;
export const pipelineKey = (id: string) => [...pipelinesKey, 'detail', id] as const;
export const resultsKey = ['results'] as const;
