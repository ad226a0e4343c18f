/** Numbers, dates and shares as people read them; every figure on these screens goes through here. */
export const formatCount = (n: number) => n.toLocaleString();

export const formatDate = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

export const formatPercent = (share: number) =>
  share.toLocaleString(undefined, { style: 'percent', maximumFractionDigits: 1 });

export const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

const RELATIVE = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];
/** "3 hours ago", "yesterday"; under a minute is "just now". */
export function formatRelative(iso: string, now = Date.now()): string {
  const diff = new Date(iso).getTime() - now;
  for (const [unit, ms] of UNITS)
    if (Math.abs(diff) >= ms) return RELATIVE.format(Math.round(diff / ms), unit);
  return 'just now';
}

/** A wait as "4 min 10 s" (cool-downs), never negative. */
export function formatWait(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(s / 60);
  const rest = s % 60;
  if (m === 0) return `${rest} s`;
  return rest ? `${m} min ${rest} s` : `${m} min`;
}

export const shortId = (id: string) => id.slice(0, 8);

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

/** A count-down as m:ss. */
export function formatClock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
