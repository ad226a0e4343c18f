/** The files area invalidates this same key after uploads and deletes, so the counts stay true. */
export const projectsKey = ['projects'] as const;
export const projectKey = (id: string) => [...projectsKey, 'detail', id] as const;

/**
 * Deleting a project deletes its files, imports and schemas, which other areas cache under these
 * keys; they are named here rather than imported because features do not import each other.
 */
export const CASCADED_KEYS = [['files'], ['imports'], ['target-schemas'], ['pipelines']] as const;
