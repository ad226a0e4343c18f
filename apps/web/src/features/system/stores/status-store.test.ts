import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isBannerVisible,
  refreshSystemStatus,
  startSystemStatusPolling,
  statusStore,
} from './status-store.ts';

describe('system status', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    statusStore.set({ status: null, loading: false });
  });
  afterEach(() => vi.useRealTimers());

  it('refreshes now and then every 180000 ms', async () => {
    const fetchStatus = vi.fn(async () => ({ type: 'info' as const, message: 'hello' }));
    const stop = startSystemStatusPolling(fetchStatus);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    expect(statusStore.get()).toEqual({ status: { type: 'info', message: 'hello' }, loading: false });
    await vi.advanceTimersByTimeAsync(179_999);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(500_000);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
  });

  it('logs a failure with the spec text and stops loading', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const err = new Error('down');
    statusStore.set({ status: { type: 'warning', message: 'kept' }, loading: false });
    const pending = refreshSystemStatus(async () => {
      throw err;
    });
    expect(statusStore.get().loading).toBe(true);
    await pending;
    expect(log).toHaveBeenCalledWith('Failed to fetch system status:', err);
    expect(statusStore.get()).toEqual({ status: { type: 'warning', message: 'kept' }, loading: false });
    log.mockRestore();
  });

  it('shows the banner for every status type except success', () => {
    expect(isBannerVisible(null)).toBe(false);
    expect(isBannerVisible({ type: 'success', message: 'All good' })).toBe(false);
    for (const type of ['info', 'warning', 'error'] as const)
      expect(isBannerVisible({ type, message: 'm' })).toBe(true);
  });
});
