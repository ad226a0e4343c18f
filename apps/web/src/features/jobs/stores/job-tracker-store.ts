import type { TPage, TResult } from '@mapwright/contracts';
import { createStore, useStore } from '../../../lib/store.ts';
import { getRunningResults } from '../api/running-results.ts';

export type TLoadingState = 'idle' | 'loading' | 'success' | 'error';

/** Job tracker slice (spec §3/§4): the organization's running runs, their count and a loading state. */
export interface TJobTrackerState {
  runningResults: TResult[];
  runningResultsCount: number;
  loadingState: TLoadingState;
}
export const INITIAL_JOB_TRACKER: TJobTrackerState = {
  runningResults: [],
  runningResultsCount: 0,
  loadingState: 'idle',
};
export const jobTrackerStore = createStore<TJobTrackerState>(INITIAL_JOB_TRACKER);
export const useJobTrackerState = () => useStore(jobTrackerStore);

export type TFetchRunning = () => Promise<TPage<TResult> | undefined>;

let latestLoad = 0;

/**
 * Loads the running runs. Spec §4: without a running count in the answer the tracker is in the
 * error state. Only the newest load may write, so an older answer arriving late (or cancelled by
 * the newer request) cannot overwrite it.
 */
export async function loadJobTracker(fetchRunning: TFetchRunning = getRunningResults) {
  const load = ++latestLoad;
  jobTrackerStore.set((s) => ({ ...s, loadingState: 'loading' }));
  let page: TPage<TResult> | undefined;
  try {
    page = await fetchRunning();
  } catch {
    page = undefined;
  }
  if (load !== latestLoad) return;
  if (!page || typeof page.total !== 'number') {
    jobTrackerStore.set((s) => ({ ...s, loadingState: 'error' }));
    return;
  }
  jobTrackerStore.set({
    runningResults: Array.isArray(page.items) ? page.items : [],
    runningResultsCount: page.total,
    loadingState: 'success',
  });
}
