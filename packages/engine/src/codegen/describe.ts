/**
 * A transform in words ("cast to number", "date MM/DD/YYYY → YYYY-MM-DD"), for the comments of
 * generated code: people read the downloaded mapper field by field.
 */
import type { Transform } from '../spec/types.ts';

const q = (s: string) => JSON.stringify(s);

function dateLabel(layout: string | undefined): string {
  if (layout === undefined) return 'any date';
  if (layout === 'date') return 'YYYY-MM-DD';
  if (layout === 'date-time' || layout === 'iso') return 'ISO date-time';
  if (layout === 'epoch-ms') return 'epoch milliseconds';
  if (layout === 'epoch-s') return 'epoch seconds';
  if (layout === 'dmy') return 'any date, day first';
  if (layout === 'mdy') return 'any date, month first';
  return layout;
}

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

const ARITHMETIC = { '+': 'add', '-': 'subtract', '*': 'multiply by', '/': 'divide by' } as const;
const TEXT = { trim: 'trim spaces', upper: 'upper case', lower: 'lower case', title: 'title case' } as const;
const AGGREGATE = {
  count: 'count of',
  sum: 'sum of',
  min: 'smallest of',
  max: 'largest of',
  avg: 'average of',
  first: 'first of',
  last: 'last of',
  join: 'join of',
  earliest: 'earliest of',
  latest: 'latest of',
} as const;

export function describeTransform(t: Transform, sources: readonly string[] = []): string {
  switch (t.kind) {
    case 'copy':
      return 'copy';
    case 'cast':
      return `cast to ${t.to}${t.decimalComma ? ' (decimal commas)' : ''}`;
    case 'currency':
      return 'currency code (ISO 4217)';
    case 'date':
      return `date ${dateLabel(t.from)} → ${dateLabel(t.to)}`;
    case 'text':
      return TEXT[t.op] ?? t.op;
    case 'concat':
      return `concat with ${q(t.separator)}`;
    case 'split': {
      const part =
        t.index >= 0
          ? `part ${t.index + 1}`
          : t.index === -1
            ? 'the last part'
            : `the ${ordinal(-t.index)} part from the end`;
      return `split on ${q(t.separator)}, take ${part}`;
    }
    case 'lookup': {
      const n = Object.keys(t.table).length;
      return `lookup (${n} ${n === 1 ? 'value' : 'values'}${t.caseInsensitive ? ', any case' : ''})`;
    }
    case 'round':
      return `round to ${t.decimals} decimal${t.decimals === 1 ? '' : 's'}`;
    case 'name':
      return `${t.part} name part`;
    case 'phone':
      return t.to === 'digits'
        ? `phone as ${t.nationalLength ?? 10} national digits`
        : `phone as E.164 (+${t.countryCode ?? '1'})`;
    case 'arithmetic':
      return `${ARITHMETIC[t.op] ?? t.op} ${t.operand}`;
    case 'aggregate': {
      const of = `${AGGREGATE[t.fn] ?? t.fn} ${sources.join(', ') || 'the list'}`;
      return t.fn === 'join' ? `${of} with ${q(t.separator ?? ', ')}` : of;
    }
    case 'constant':
      return 'constant';
    case 'jsonata':
      return 'JSONata expression';
    case 'chain':
      return t.steps.map((s, i) => describeTransform(s, i === 0 ? sources : [])).join(', then ');
  }
}
