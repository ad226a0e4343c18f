import { useEffect } from 'react';
import { useUsage } from '../../../lib/usage-store.ts';
import {
  defaultFetchers,
  loadDashboard,
  type TDashboardFetchers,
  useDashboardState,
} from '../stores/dashboard-store.ts';

/**
 * The dashboard loads on mount, whenever its refresh trigger flips, and when a pipeline or a job
 * is created elsewhere (the usage triggers), so its counts never lag behind.
 */
export function useDashboard(fetchers: TDashboardFetchers = defaultFetchers) {
  const state = useDashboardState();
  const { pipelineCreatedTrigger, jobCreatedTrigger } = useUsage();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each trigger's flip is the reason to load
  useEffect(() => {
    void loadDashboard(fetchers);
  }, [state.refreshTrigger, pipelineCreatedTrigger, jobCreatedTrigger, fetchers]);
  return state;
}
