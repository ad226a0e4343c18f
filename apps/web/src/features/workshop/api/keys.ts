/**
 * Query keys of the workshop screen. Lists other areas cache (pipelines, jobs) are read here
 * under this feature's own keys, since features do not import each other.
 */
export const workshopKey = ['workshop'] as const;
export const workshopsListKey = [...workshopKey, 'list'] as const;
export const workshopDetailKey = (id: string) => [...workshopKey, 'detail', id] as const;
export const resultKey = (id: string) => [...workshopKey, 'result', id] as const;
export const jobKey = (id: string) => [...workshopKey, 'job', id] as const;
export const pipelineKey = (id: string) => [...workshopKey, 'pipeline', id] as const;
