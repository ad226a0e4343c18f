export { formatCount, formatDateTime, formatPercent, formatRelative, plural } from '../../../lib/format.ts';

/** 850 → "0.9 s", 75_000 → "1 min 15 s", 7_500_000 → "2 h 5 min". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 60_000) return `${(ms / 1000).toLocaleString(undefined, { maximumFractionDigits: 1 })} s`;
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return `${h} h ${m} min`;
  return `${m} min ${s % 60} s`;
}

export const shortId = (id: string) => id.slice(0, 8);

/** A cell value as text: nested values as compact JSON, null as empty. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}
