export { publicConfigQueryOptions, usePublicConfig } from './api/get-config.ts';
export { getSystemStatus, latestVersionOf } from './api/get-system-status.ts';
export { StatusBanner } from './components/status-banner.tsx';
export * from './stores/status-store.ts';
