import type { TPage, TResult } from '@mapwright/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INITIAL_USAGE, toggleJobCreated, usageStore } from '../../../lib/usage-store.ts';
import { useJobTracker } from '../hooks/use-job-tracker.ts';
import { INITIAL_JOB_TRACKER, jobTrackerStore, loadJobTracker } from './job-tracker-store.ts';

const run = (id: string): TResult => ({
  id,
  job_id: 'j',
  pipeline_id: 'p',
  workshop_id: null,
  mapper_version: 1,
  status: 'running',
  total: 100,
  processed: 40,
  succeeded: 40,
  failed: 0,
  dropped: 0,
  dropped_by_field: {},
  confidence: null,
  error: null,
  created_at: '2026-01-01T00:00:00Z',
  finished_at: null,
});
const page = (items: TResult[]): TPage<TResult> => ({
  items,
  total: items.length,
  page: 1,
  size: 20,
  pages: 1,
});

describe('job tracker (spec §3/§4)', () => {
  beforeEach(() => {
    jobTrackerStore.set(INITIAL_JOB_TRACKER);
    usageStore.set(INITIAL_USAGE);
  });
  afterEach(() => vi.useRealTimers());

  it('starts idle with nothing running', () => {
    expect(jobTrackerStore.get()).toEqual({
      runningResults: [],
      runningResultsCount: 0,
      loadingState: 'idle',
    });
  });

  it('is loading while it fetches, then holds the running results and their count', async () => {
    let resolve: (p: TPage<TResult>) => void = () => {};
    const pending = loadJobTracker(() => new Promise((r) => (resolve = r)));
    expect(jobTrackerStore.get().loadingState).toBe('loading');
    resolve({ ...page([run('a')]), total: 3 });
    await pending;
    expect(jobTrackerStore.get()).toEqual({
      runningResults: [run('a')],
      runningResultsCount: 3,
      loadingState: 'success',
    });
  });

  it('sets the error state when the answer has no running count', async () => {
    await loadJobTracker(async () => ({ items: [] }) as unknown as TPage<TResult>);
    expect(jobTrackerStore.get().loadingState).toBe('error');
    await loadJobTracker(async () => undefined);
    expect(jobTrackerStore.get().loadingState).toBe('error');
    await loadJobTracker(async () => {
      throw new Error('down');
    });
    expect(jobTrackerStore.get().loadingState).toBe('error');
  });

  it('lets only the newest load write', async () => {
    let first: (p: TPage<TResult>) => void = () => {};
    const a = loadJobTracker(() => new Promise((r) => (first = r)));
    const b = loadJobTracker(async () => page([]));
    await b;
    first(page([run('old')]));
    await a;
    expect(jobTrackerStore.get()).toMatchObject({ runningResultsCount: 0, loadingState: 'success' });
  });

  it('loads on mount and again whenever the new-job trigger flips', async () => {
    const fetchRunning = vi.fn(async () => page([]));
    renderHook(() => useJobTracker(fetchRunning));
    await waitFor(() => expect(jobTrackerStore.get().loadingState).toBe('success'));
    expect(fetchRunning).toHaveBeenCalledTimes(1);
    act(() => toggleJobCreated());
    await waitFor(() => expect(fetchRunning).toHaveBeenCalledTimes(2));
    act(() => toggleJobCreated());
    await waitFor(() => expect(fetchRunning).toHaveBeenCalledTimes(3));
  });

  it('keeps refreshing while runs are under way, and stops when none are', async () => {
    vi.useFakeTimers();
    const answers = [page([run('a')]), page([run('a')]), page([])];
    const fetchRunning = vi.fn(async () => answers.shift() ?? page([]));
    renderHook(() => useJobTracker(fetchRunning));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetchRunning).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(fetchRunning).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(fetchRunning).toHaveBeenCalledTimes(3);
    expect(jobTrackerStore.get().runningResultsCount).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(fetchRunning).toHaveBeenCalledTimes(3);
  });
});
