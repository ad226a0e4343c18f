/**
 * A transform in words for the graph's transform nodes and the field panel: "cast to number",
 * "date MM/DD/YYYY → YYYY-MM-DD", "lookup (4 values)", "sum of items[*].price", "concat with ' '".
 */
import type { TTransform } from './spec.ts';

/** A literal as people write it in a sentence: 'x', with line breaks and tabs shown as escapes. */
export const quoted = (s: string) =>
  `'${s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t')}'`;

function dateLabel(layout: unknown): string {
  if (typeof layout !== 'string' || !layout) return 'any date';
  if (layout === 'date') return 'YYYY-MM-DD';
  if (layout === 'date-time' || layout === 'iso') return 'ISO date-time';
  if (layout === 'epoch-ms') return 'epoch milliseconds';
  if (layout === 'epoch-s') return 'epoch seconds';
  return layout;
}

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

const TEXT: Record<string, string> = {
  trim: 'trim spaces',
  upper: 'upper case',
  lower: 'lower case',
  title: 'title case',
};
const ARITHMETIC: Record<string, string> = {
  '+': 'add',
  '-': 'subtract',
  '*': 'multiply by',
  '/': 'divide by',
};
const AGGREGATE: Record<string, string> = {
  count: 'count of',
  sum: 'sum of',
  min: 'smallest of',
  max: 'largest of',
  avg: 'average of',
  first: 'first of',
  last: 'last of',
  join: 'join of',
};
const CAST: Record<string, string> = {
  number: 'cast to number',
  integer: 'cast to integer',
  string: 'cast to text',
  boolean: 'cast to true/false',
};

const str = (v: unknown, fallback = '') => (typeof v === 'string' ? v : fallback);
const num = (v: unknown) => (typeof v === 'number' ? v.toLocaleString() : '?');

export function transformWords(t: TTransform, sources: readonly string[] = []): string {
  switch (t.kind) {
    case 'copy':
      return sources.length > 1 ? `first with a value of ${sources.join(', ')}` : 'copy';
    case 'cast':
      return CAST[str(t.to)] ?? `cast to ${str(t.to, 'a type')}`;
    case 'date':
      return `date ${dateLabel(t.from)} → ${dateLabel(t.to)}`;
    case 'text':
      return TEXT[str(t.op)] ?? str(t.op, 'text');
    case 'concat':
      return `concat with ${quoted(str(t.separator))}`;
    case 'split': {
      const i = typeof t.index === 'number' ? t.index : 0;
      const part =
        i >= 0 ? `part ${i + 1}` : i === -1 ? 'the last part' : `the ${ordinal(-i)} part from the end`;
      return `split on ${quoted(str(t.separator))}, take ${part}`;
    }
    case 'lookup': {
      const n = t.table && typeof t.table === 'object' ? Object.keys(t.table).length : 0;
      return `lookup (${n.toLocaleString()} ${n === 1 ? 'value' : 'values'}${t.caseInsensitive ? ', any case' : ''})`;
    }
    case 'arithmetic':
      return `${ARITHMETIC[str(t.op)] ?? str(t.op)} ${num(t.operand)}`;
    case 'aggregate': {
      const of = `${AGGREGATE[str(t.fn)] ?? str(t.fn)} ${sources.join(', ') || 'the list'}`;
      return t.fn === 'join' ? `${of} with ${quoted(str(t.separator, ', '))}` : of;
    }
    case 'constant':
      return 'constant';
    case 'jsonata':
      return 'JSONata expression';
    case 'chain': {
      const steps = Array.isArray(t.steps) ? (t.steps as TTransform[]) : [];
      return steps.map((s, i) => transformWords(s, i === 0 ? sources : [])).join(', then ') || 'no steps';
    }
    default:
      return t.kind;
  }
}

/** The steps of a chain (or the one transform), each in words: the field panel lists them. */
export function transformSteps(t: TTransform, sources: readonly string[] = []): string[] {
  if (t.kind === 'chain' && Array.isArray(t.steps))
    return (t.steps as TTransform[]).map((s, i) => transformWords(s, i === 0 ? sources : []));
  return [transformWords(t, sources)];
}

/** A plain copy from one source needs no transform node: the source feeds the target directly. */
export const isPlainCopy = (t: TTransform, sources: readonly string[]) =>
  t.kind === 'copy' && sources.length <= 1;
