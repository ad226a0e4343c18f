/** Business constants of spec §9 used by the web app. */
export const SYSTEM_STATUS_REFRESH_MS = 180_000;
export const ANALYTICS_POLL_INTERVAL_MS = 500;
export const ANALYTICS_POLL_MAX_ATTEMPTS = 20;
export const HTTP_MAX_RETRIES = 3;
export const HTTP_RETRY_BASE_DELAY_MS = 1000;
export const HTTP_RETRY_STATUSES: readonly number[] = [408, 429, 502, 503, 504];
export const ROLES_PAGE_SIZE = 50;
export const MIGRATION_MODAL_WIDTH = 480;
/** Until /api/config answers, the product is called this. */
export const FALLBACK_PRODUCT_NAME = 'Mapwright';

/*
 * Spec §9 start-up flags, set when the web app is built (`VITE_…` variables, see README):
 * clear local storage at start-up (off), verbose logging (on), the local-endpoint flag (off:
 * when on, the API is the local development server's whatever the stored base address says).
 */
const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined || value === '' ? fallback : value === 'true';
export const CLEAR_LOCAL_STORAGE_ON_START = flag(import.meta.env.VITE_CLEAR_LOCAL_STORAGE, false);
export const VERBOSE_LOGGING = flag(import.meta.env.VITE_VERBOSE_LOGGING, true);
export const USE_LOCAL_ENDPOINT = flag(import.meta.env.VITE_USE_LOCAL_ENDPOINT, false);
export const LOCAL_ENDPOINT = 'http://localhost:3000/api';
