/** Spec §4: each files operation has its own loading state. */
export type TLoadStatus = 'idle' | 'loading' | 'success' | 'error';

/** A TanStack query's state as a spec status; a disabled query that never ran is idle. */
export function queryStatus(q: {
  status: 'pending' | 'error' | 'success';
  fetchStatus: string;
}): TLoadStatus {
  if (q.fetchStatus === 'fetching') return 'loading';
  if (q.status === 'pending') return q.fetchStatus === 'idle' ? 'idle' : 'loading';
  return q.status;
}

/** A TanStack mutation's state as a spec status. */
export function mutationStatus(m: { status: 'idle' | 'pending' | 'error' | 'success' }): TLoadStatus {
  return m.status === 'pending' ? 'loading' : m.status;
}
