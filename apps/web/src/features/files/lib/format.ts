export { plural } from '../../../lib/format.ts';

const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/** 1536 → "1.5 KB"; binary multiples, one decimal below 10 units, none above. */
export function formatBytes(n: number): string {
  if (!Number.isFinite(n) || n < 0) return '—';
  if (n < 1024) return `${n} B`;
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${UNITS[unit]}`;
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.345],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];
const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "just now", "5 minutes ago", "yesterday", "3 months ago". */
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

export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A short, human name for a content type: "CSV", "Excel", "JSON", "Parquet", else the file's extension. */
export function fileKind(contentType: string, filename: string): string {
  const ext = filename.includes('.') ? filename.split('.').pop()?.toLowerCase() : undefined;
  if (ext === 'csv' || contentType === 'text/csv') return 'CSV';
  if (ext === 'xlsx' || ext === 'xls' || contentType.includes('spreadsheet') || contentType.includes('excel'))
    return 'Excel';
  if (ext === 'jsonl' || ext === 'ndjson') return 'JSONL';
  if (ext === 'json' || contentType === 'application/json') return 'JSON';
  if (ext === 'parquet') return 'Parquet';
  if (ext) return ext.toUpperCase();
  return contentType || 'File';
}
