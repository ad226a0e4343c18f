import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_GLOBAL, loadAnalytics, resetAnalytics, shouldLoadAnalytics } from './analytics.ts';

const config = { scriptUrl: 'https://cdn.example.com/a.js', key: 'k-1', excludedOrgId: 'excluded-org' };
const win = window as unknown as Record<string, unknown>;

describe('analytics loader', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.setItem('token', 'tok');
    localStorage.setItem('orgId', 'org-1');
  });
  afterEach(() => {
    vi.useRealTimers();
    delete win[ANALYTICS_GLOBAL];
    for (const s of document.querySelectorAll('script[data-analytics]')) s.remove();
  });

  it('loads only with a token, an orgId that is not excluded and a script URL', () => {
    expect(shouldLoadAnalytics(config)).toBe(true);
    expect(shouldLoadAnalytics({ ...config, scriptUrl: null })).toBe(false);
    localStorage.setItem('orgId', 'excluded-org');
    expect(shouldLoadAnalytics(config)).toBe(false);
    localStorage.removeItem('orgId');
    expect(shouldLoadAnalytics(config)).toBe(false);
    localStorage.setItem('orgId', 'org-1');
    localStorage.removeItem('token');
    expect(shouldLoadAnalytics(config)).toBe(false);
  });

  it('does not inject anything when it should not load', async () => {
    localStorage.removeItem('token');
    await expect(loadAnalytics(config)).resolves.toBe(false);
    expect(document.querySelector('script[data-analytics]')).toBeNull();
  });

  it('injects the script and initialises it once its global appears', async () => {
    const init = vi.fn();
    const done = loadAnalytics(config);
    expect(document.querySelector('script[data-analytics]')?.getAttribute('src')).toBe(config.scriptUrl);
    await vi.advanceTimersByTimeAsync(1500);
    expect(init).not.toHaveBeenCalled();
    win[ANALYTICS_GLOBAL] = { init };
    await vi.advanceTimersByTimeAsync(500);
    await expect(done).resolves.toBe(true);
    expect(init).toHaveBeenCalledWith('k-1');
  });

  it('polls every 500 ms and gives up after 20 attempts', async () => {
    let reads = 0;
    Object.defineProperty(window, ANALYTICS_GLOBAL, {
      configurable: true,
      get: () => {
        reads++;
        return undefined;
      },
    });
    let settled: boolean | undefined;
    void loadAnalytics(config).then((v) => {
      settled = v;
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(reads).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads).toBe(1);
    await vi.advanceTimersByTimeAsync(500 * 18);
    expect(reads).toBe(19);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(500);
    expect(reads).toBe(20);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reads).toBe(20);
  });

  it('resets through the global when present', () => {
    const reset = vi.fn();
    win[ANALYTICS_GLOBAL] = { reset };
    resetAnalytics();
    expect(reset).toHaveBeenCalled();
  });
});
