import { ANALYTICS_POLL_INTERVAL_MS, ANALYTICS_POLL_MAX_ATTEMPTS } from '../config/index.ts';
import { storage } from './storage.ts';

/** The global a product-analytics script installs (`init(key)`, `reset()`). */
export const ANALYTICS_GLOBAL = 'mapwrightAnalytics';
interface TAnalyticsGlobal {
  init?: (key: string | null) => void;
  reset?: () => void;
}
const globalOf = () => (window as unknown as Record<string, TAnalyticsGlobal | undefined>)[ANALYTICS_GLOBAL];

export interface TAnalyticsConfig {
  scriptUrl: string | null;
  key: string | null;
  excludedOrgId: string | null;
}

export function shouldLoadAnalytics(config: TAnalyticsConfig): boolean {
  const orgId = storage.get('orgId');
  return Boolean(storage.get('token') && orgId && config.scriptUrl && orgId !== config.excludedOrgId);
}

/**
 * Spec §7: inject the script, then poll every 500 ms (at most 20 times) for its global, because
 * the script loads asynchronously and may never arrive (blocked by an extension).
 * Resolves true once initialised, false when skipped or given up.
 */
export function loadAnalytics(config: TAnalyticsConfig): Promise<boolean> {
  if (!shouldLoadAnalytics(config) || !config.scriptUrl) return Promise.resolve(false);
  if (!document.querySelector(`script[data-analytics="${ANALYTICS_GLOBAL}"]`)) {
    const script = document.createElement('script');
    script.src = config.scriptUrl;
    script.async = true;
    script.dataset.analytics = ANALYTICS_GLOBAL;
    document.head.appendChild(script);
  }
  return new Promise((resolve) => {
    let attempts = 0;
    const timer = setInterval(() => {
      attempts++;
      const g = globalOf();
      if (g?.init) {
        clearInterval(timer);
        g.init(config.key);
        resolve(true);
      } else if (attempts >= ANALYTICS_POLL_MAX_ATTEMPTS) {
        clearInterval(timer);
        resolve(false);
      }
    }, ANALYTICS_POLL_INTERVAL_MS);
  });
}

export function resetAnalytics() {
  globalOf()?.reset?.();
}
