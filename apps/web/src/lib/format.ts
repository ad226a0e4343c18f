/* Counts, shares, dates and plurals as the screens write them. */

export const formatCount = (n: number) => n.toLocaleString();

/** 0.0291 → "2.9%"; tiny non-zero shares stay visible as "<0.1%". */
export function formatPercent(share: number): string {
  if (!Number.isFinite(share)) return '—';
  if (share > 0 && share < 0.001) return '<0.1%';
  return `${(share * 100).toLocaleString(undefined, { maximumFractionDigits: 1 })}%`;
}

export const formatDateTime = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.345],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];
/** "just now", "5 minutes ago", "yesterday". */
export function formatRelative(iso: string, now = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '—';
  let delta = (then - now) / 1000;
  if (Math.abs(delta) < 45) return 'just now';
  for (const [unit, size] of STEPS) {
    if (Math.abs(delta) < size) return rtf.format(Math.round(delta), unit);
    delta /= size;
  }
  return rtf.format(Math.round(delta), 'year');
}

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString()} ${n === 1 ? one : many}`;
