import { useEffect } from 'react';
import { useUsage } from '../../../lib/usage-store.ts';
import { getRunningResults } from '../api/running-results.ts';
import {
  loadJobTracker,
  type TFetchRunning,
  type TJobTrackerState,
  useJobTrackerState,
} from '../stores/job-tracker-store.ts';

/** While something runs, the tracker looks again this often so its count goes down by itself. */
export const TRACKER_POLL_MS = 3000;

/**
 * Spec §4: the job tracker loads on mount and whenever the new-job trigger flips. While runs are
 * under way it also refreshes on a timer, so finished runs leave the count.
 */
export function useJobTracker(fetchRunning: TFetchRunning = getRunningResults): TJobTrackerState & {
  reload: () => Promise<void>;
} {
  const { jobCreatedTrigger } = useUsage();
  const state = useJobTrackerState();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the trigger's flip is the reason to load
  useEffect(() => {
    void loadJobTracker(fetchRunning);
  }, [jobCreatedTrigger, fetchRunning]);

  useEffect(() => {
    if (state.loadingState !== 'success' || state.runningResultsCount === 0) return;
    const timer = setTimeout(() => void loadJobTracker(fetchRunning), TRACKER_POLL_MS);
    return () => clearTimeout(timer);
  }, [state, fetchRunning]);

  return { ...state, reload: () => loadJobTracker(fetchRunning) };
}
