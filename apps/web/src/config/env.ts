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
