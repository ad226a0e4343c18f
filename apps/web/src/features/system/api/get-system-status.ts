import type { TPublicConfig, TSystemStatus } from '@mapwright/contracts';
import { http } from '../../../lib/http.ts';

type TStatusSource = TPublicConfig['systemStatus'];

/** The latest version named by a listing: `[{version}]`, `{items: [{version}]}`, or a commit list's `sha`. */
export function latestVersionOf(listing: unknown): string | null {
  const items = Array.isArray(listing) ? listing : (listing as { items?: unknown[] } | null)?.items;
  const first = items?.[0] as Record<string, unknown> | undefined;
  const v = first?.version ?? first?.sha ?? first?.name;
  return typeof v === 'string' && v ? v : null;
}

async function getJson(url: string): Promise<unknown> {
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

/**
 * Spec §7: read the latest history version, then the status document of that version — from the
 * configured listing and status URLs, else from this server's own endpoints.
 */
export async function getSystemStatus(source: TStatusSource = null): Promise<TSystemStatus | null> {
  if (source) {
    const version = latestVersionOf(await getJson(source.listingUrl));
    if (!version) return null;
    return (await getJson(
      source.statusUrl.replaceAll('{version}', encodeURIComponent(version)),
    )) as TSystemStatus;
  }
  const history = await http.get<{ items: { version: string; created_at: string }[] }>(
    '/system-status/history',
  );
  const latest = history?.items?.[0];
  if (!latest) return null;
  return (await http.get<TSystemStatus>(`/system-status/${encodeURIComponent(latest.version)}`)) ?? null;
}
