import type { TPage } from '@mapwright/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  INITIAL_USAGE,
  toggleJobCreated,
  togglePipelineCreated,
  usageStore,
} from '../../../lib/usage-store.ts';
import { useDashboard } from '../hooks/use-dashboard.ts';
import {
  dashboardStore,
  INITIAL_DASHBOARD,
  loadDashboard,
  type TDashboardFetchers,
  toggleDashboardRefresh,
} from './dashboard-store.ts';

const page = <T>(items: T[], total = items.length): TPage<T> => ({
  items,
  total,
  page: 1,
  size: 5,
  pages: 1,
});
const job = { id: 'j1' } as never;
const pipeline = { id: 'p1' } as never;
const result = { id: 'r1' } as never;
const fetchers = (over: Partial<TDashboardFetchers> = {}): TDashboardFetchers => ({
  jobs: vi.fn(async () => page([job], 12)),
  pipelines: vi.fn(async () => page([pipeline], 3)),
  workshops: vi.fn(async () => page([], 2)),
  results: vi.fn(async () => page([result], 40)),
  ...over,
});

describe('dashboard (spec §3)', () => {
  beforeEach(() => {
    dashboardStore.set(INITIAL_DASHBOARD);
    usageStore.set(INITIAL_USAGE);
  });

  it('starts idle and empty', () => {
    expect(dashboardStore.get()).toEqual({
      loadingState: 'idle',
      jobCount: 0,
      pipelineCount: 0,
      workshopCount: 0,
      jobs: [],
      pipelines: [],
      results: [],
      refreshTrigger: false,
    });
  });

  it('is loading, then holds the counts and the newest jobs, pipelines and runs', async () => {
    const pending = loadDashboard(fetchers());
    expect(dashboardStore.get().loadingState).toBe('loading');
    await pending;
    expect(dashboardStore.get()).toEqual({
      loadingState: 'success',
      jobCount: 12,
      pipelineCount: 3,
      workshopCount: 2,
      jobs: [job],
      pipelines: [pipeline],
      results: [result],
      refreshTrigger: false,
    });
  });

  it('goes to the error state when a call fails or answers without a count, keeping what it had', async () => {
    await loadDashboard(fetchers());
    await loadDashboard(
      fetchers({
        workshops: async () => {
          throw new Error('down');
        },
      }),
    );
    expect(dashboardStore.get()).toMatchObject({ loadingState: 'error', jobCount: 12 });
    await loadDashboard(fetchers({ jobs: async () => ({ items: [] }) as never }));
    expect(dashboardStore.get().loadingState).toBe('error');
  });

  it('the refresh trigger flips through its action', () => {
    toggleDashboardRefresh();
    expect(dashboardStore.get().refreshTrigger).toBe(true);
    toggleDashboardRefresh();
    expect(dashboardStore.get().refreshTrigger).toBe(false);
  });

  it('loads on mount, on the refresh trigger and when a pipeline or job is created', async () => {
    const f = fetchers();
    renderHook(() => useDashboard(f));
    await waitFor(() => expect(dashboardStore.get().loadingState).toBe('success'));
    expect(f.jobs).toHaveBeenCalledTimes(1);
    act(() => toggleDashboardRefresh());
    await waitFor(() => expect(f.jobs).toHaveBeenCalledTimes(2));
    act(() => togglePipelineCreated());
    await waitFor(() => expect(f.pipelines).toHaveBeenCalledTimes(3));
    act(() => toggleJobCreated());
    await waitFor(() => expect(f.results).toHaveBeenCalledTimes(4));
  });
});
