import type { TJob, TPage, TPipeline, TResult, TWorkshop } from '@mapwright/contracts';
import { createStore, useStore } from '../../../lib/store.ts';
import { getRecentJobs } from '../api/recent-jobs.ts';
import { getRecentPipelines } from '../api/recent-pipelines.ts';
import { getRecentResults } from '../api/recent-results.ts';
import { getWorkshopCount } from '../api/workshops.ts';

export type TLoadingState = 'idle' | 'loading' | 'success' | 'error';

/** Dashboard slice (spec §3). */
export interface TDashboardState {
  loadingState: TLoadingState;
  jobCount: number;
  pipelineCount: number;
  workshopCount: number;
  /** the newest jobs */
  jobs: TJob[];
  /** the newest pipelines */
  pipelines: TPipeline[];
  /** the newest runs */
  results: TResult[];
  /** flipped to ask for a reload */
  refreshTrigger: boolean;
}
export const INITIAL_DASHBOARD: TDashboardState = {
  loadingState: 'idle',
  jobCount: 0,
  pipelineCount: 0,
  workshopCount: 0,
  jobs: [],
  pipelines: [],
  results: [],
  refreshTrigger: false,
};
export const dashboardStore = createStore<TDashboardState>(INITIAL_DASHBOARD);
export const useDashboardState = () => useStore(dashboardStore);

export const toggleDashboardRefresh = () =>
  dashboardStore.set((s) => ({ ...s, refreshTrigger: !s.refreshTrigger }));

type TFetch<T> = () => Promise<TPage<T> | undefined>;
export interface TDashboardFetchers {
  jobs: TFetch<TJob>;
  pipelines: TFetch<TPipeline>;
  workshops: TFetch<TWorkshop>;
  results: TFetch<TResult>;
}
export const defaultFetchers: TDashboardFetchers = {
  jobs: () => getRecentJobs(),
  pipelines: () => getRecentPipelines(),
  workshops: getWorkshopCount,
  results: () => getRecentResults(),
};

const isPage = <T>(p: TPage<T> | undefined): p is TPage<T> =>
  Boolean(p) && typeof p?.total === 'number' && Array.isArray(p?.items);

let latestLoad = 0;
let loadedOnce = false;
/** Whether any load has succeeded (a later reload keeps showing that data while it runs). */
export const hasDashboardLoaded = () => loadedOnce;

/** Loads counts and the newest jobs, pipelines and runs together; only the newest load may write. */
export async function loadDashboard(fetchers: TDashboardFetchers = defaultFetchers) {
  const load = ++latestLoad;
  dashboardStore.set((s) => ({ ...s, loadingState: 'loading' }));
  try {
    const [jobs, pipelines, workshops, results] = await Promise.all([
      fetchers.jobs(),
      fetchers.pipelines(),
      fetchers.workshops(),
      fetchers.results(),
    ]);
    if (load !== latestLoad) return;
    if (!isPage(jobs) || !isPage(pipelines) || !isPage(workshops) || !isPage(results)) {
      dashboardStore.set((s) => ({ ...s, loadingState: 'error' }));
      return;
    }
    loadedOnce = true;
    dashboardStore.set((s) => ({
      ...s,
      loadingState: 'success',
      jobCount: jobs.total,
      pipelineCount: pipelines.total,
      workshopCount: workshops.total,
      jobs: jobs.items,
      pipelines: pipelines.items,
      results: results.items,
    }));
  } catch {
    if (load === latestLoad) dashboardStore.set((s) => ({ ...s, loadingState: 'error' }));
  }
}
