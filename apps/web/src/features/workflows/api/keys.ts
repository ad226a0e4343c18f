/** Every query of this feature lives under one key, so a mutation can refresh them all. */
export const workflowsKey = ['workflows'] as const;
export const workflowKey = (id: string) => [...workflowsKey, 'detail', id] as const;
export const workflowRunsKey = [...workflowsKey, 'runs'] as const;
export const sourceAppsKey = [...workflowsKey, 'apps'] as const;
export const authenticatedAppsKey = [...workflowsKey, 'authenticated-apps'] as const;
