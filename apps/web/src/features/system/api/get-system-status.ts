import type { TSystemStatus } from '@mapwright/contracts';
import { http } from '../../../lib/http.ts';

/** Spec §7: read the latest history version, then the status document of that version. */
export async function getSystemStatus(): Promise<TSystemStatus | null> {
  const history = await http.get<{ items: { version: string; created_at: string }[] }>(
    '/system-status/history',
  );
  const latest = history?.items?.[0];
  if (!latest) return null;
  return (await http.get<TSystemStatus>(`/system-status/${encodeURIComponent(latest.version)}`)) ?? null;
}
