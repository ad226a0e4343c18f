export { formatCount, formatDateTime, formatPercent, formatRelative, plural } from '../../../lib/format.ts';

/** 1234 → "1.2K", 2_500_000 → "2.5M": chart axes. */
export const formatCompact = (n: number) =>
  n.toLocaleString(undefined, { notation: 'compact', maximumFractionDigits: 1 });
