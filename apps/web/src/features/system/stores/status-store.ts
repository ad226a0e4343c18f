import type { TSystemStatus } from '@mapwright/contracts';
import { SYSTEM_STATUS_REFRESH_MS } from '../../../config/index.ts';
import { createStore, useStore } from '../../../lib/store.ts';
import { getSystemStatus } from '../api/get-system-status.ts';

/** Status banner slice (spec §3): the latest system status and whether it is being fetched. */
export interface TStatusState {
  status: TSystemStatus | null;
  loading: boolean;
}
export const statusStore = createStore<TStatusState>({ status: null, loading: false });
export const useSystemStatus = () => useStore(statusStore);

export async function refreshSystemStatus(fetchStatus = getSystemStatus) {
  statusStore.set((s) => ({ ...s, loading: true }));
  try {
    const status = await fetchStatus();
    statusStore.set({ status, loading: false });
  } catch (err) {
    console.log('Failed to fetch system status:', err);
    statusStore.set((s) => ({ ...s, loading: false }));
  }
}

/** Fetch now and every 180000 ms; returns the stop function. */
export function startSystemStatusPolling(fetchStatus = getSystemStatus): () => void {
  void refreshSystemStatus(fetchStatus);
  const timer = setInterval(() => void refreshSystemStatus(fetchStatus), SYSTEM_STATUS_REFRESH_MS);
  return () => clearInterval(timer);
}

export function isBannerVisible(status: TSystemStatus | null): status is TSystemStatus {
  return Boolean(status && status.type !== 'success' && status.message);
}
