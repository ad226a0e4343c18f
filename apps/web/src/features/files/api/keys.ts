/** Every files query lives under this key, so one invalidation refreshes lists, versions and pickers. */
export const filesKey = ['files'] as const;
/** Project cards count files, versions and bytes; uploads and deletes change them. */
export const projectsKey = ['projects'] as const;
