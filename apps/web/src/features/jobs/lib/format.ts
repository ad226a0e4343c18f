export const formatCount = (n: number) => n.toLocaleString();

/** 0.0291 → "2.9%"; tiny non-zero shares stay visible as "<0.1%". */
export function formatPercent(share: number): string {
  if (!Number.isFinite(share)) return '—';
  if (share > 0 && share < 0.001) return '<0.1%';
  return `${(share * 100).toLocaleString(undefined, { maximumFractionDigits: 1 })}%`;
}

export const formatDateTime = (iso: string | null) =>
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
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** A cell value as text: nested values as compact JSON, null as empty. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}
