/** Every query of this feature lives under one key, so a mutation can refresh them all. */
export const jobsKey = ['jobs'] as const;
export const resultKey = (id: string) => [...jobsKey, 'result', id] as const;
