const integer = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });

export const formatCount = (n: number) => integer.format(n);
export const formatPercent = (share: number) => percent.format(share);
/** "1 record", "2,048 records" */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

/** A data value as it reads in a cell: strings as they are, the rest as JSON (numbers exact, unformatted). */
export function formatValue(v: unknown, max = 120): string {
  let text: string;
  if (v === undefined) text = '';
  else if (v === null) text = 'null';
  else if (typeof v === 'string') text = v;
  else text = JSON.stringify(v) ?? String(v);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The exact value for an input box (no thousands separators: it is read back). */
export function editableText(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  return JSON.stringify(v) ?? String(v);
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
