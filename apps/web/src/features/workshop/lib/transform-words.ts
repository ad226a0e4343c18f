import { formatCount, plural } from './format.ts';

/** The engine's transform (packages/engine spec/types.ts), read loosely: the server is its source of truth. */
export type TTransform = { kind: string } & Record<string, unknown>;

const quote = (s: unknown) => `"${String(s)}"`;
const DATE_FORMS: Record<string, string> = {
  date: 'a date (YYYY-MM-DD)',
  'date-time': 'a date-time (ISO 8601)',
};
const TEXT_OPS: Record<string, string> = {
  trim: 'trimmed',
  upper: 'in upper case',
  lower: 'in lower case',
  title: 'in title case',
};
const SEPARATORS: Record<string, string> = {
  '': '',
  ' ': ' with a space',
  ', ': ' with a comma',
  ',': ' with a comma',
};
const ARITHMETIC: Record<string, string> = { '+': 'plus', '-': 'minus', '*': 'times', '/': 'divided by' };
const NAME_PARTS: Record<string, string> = {
  first: 'the first name',
  middle: 'the middle name',
  last: 'the last name',
  suffix: 'the suffix (Jr., III, PhD)',
};
const AGGREGATES: Record<string, string> = {
  count: 'the number of items in the list',
  sum: 'the sum of the list',
  avg: 'the average of the list',
  min: 'the smallest in the list',
  max: 'the largest in the list',
  first: 'the first item of the list',
  last: 'the last item of the list',
  earliest: 'the earliest in the list',
  latest: 'the latest in the list',
};

/** One step in words, without its sources ("as a number", "looked up in a table of 3 values"). */
export function transformWords(t: TTransform): string {
  switch (t.kind) {
    case 'copy':
      return 'as is';
    case 'cast':
      return `as ${t.to === 'integer' ? 'a whole number' : t.to === 'boolean' ? 'true/false' : `a ${String(t.to)}`}`;
    case 'date': {
      const to = String(t.to);
      // no `from`: each value's layout is recognised on its own (03/04/2024, 2024-03-04, 4 Mar 2024)
      return `as ${DATE_FORMS[to] ?? `a date like ${to}`}${t.from ? ` (read as ${String(t.from)})` : ', whatever layout each value has'}`;
    }
    case 'text':
      return TEXT_OPS[String(t.op)] ?? String(t.op);
    case 'concat':
      return `joined${SEPARATORS[String(t.separator)] ?? ` with ${quote(t.separator)}`}`;
    case 'split': {
      const i = Number(t.index);
      const part = i === -1 ? 'the last part' : i < 0 ? `part ${-i} from the end` : `part ${i + 1}`;
      return `split on ${quote(t.separator)}, ${part}`;
    }
    case 'name':
      return `${NAME_PARTS[String(t.part)] ?? `the ${String(t.part)} name`} out of a whole name`;
    case 'phone': {
      if (t.to === 'e164') return `as an international phone number (+${String(t.countryCode ?? '1')}…)`;
      return `as a phone number of ${formatCount(Number(t.nationalLength ?? 10))} digits`;
    }
    case 'round': {
      const d = Number(t.decimals);
      return d === 0 ? 'rounded to a whole number' : `rounded to ${plural(d, 'decimal place')}`;
    }
    case 'lookup': {
      const n = Object.keys((t.table as Record<string, unknown>) ?? {}).length;
      // what the engine does with a value the table does not list (lookupValue): one truth with the editor
      const rest =
        t.fallback === 'null'
          ? 'others empty'
          : t.fallback === 'default'
            ? 'others get the default'
            : 'others kept';
      return `looked up in a table of ${formatCount(n)} ${n === 1 ? 'value' : 'values'} (${rest})`;
    }
    case 'arithmetic':
      return `${ARITHMETIC[String(t.op)] ?? String(t.op)} ${String(t.operand)}`;
    case 'aggregate':
      return t.fn === 'join'
        ? `the list joined with ${quote(t.separator ?? ', ')}`
        : (AGGREGATES[String(t.fn)] ?? `the ${String(t.fn)} of the list`);
    case 'constant':
      return 'a fixed value';
    case 'jsonata':
      return 'a JSONata expression';
    case 'chain':
      return ((t.steps as TTransform[]) ?? []).map(transformWords).join(', then ');
    default:
      return t.kind;
  }
}

/** The whole mapping of a field in one sentence, e.g. "first + last, joined with " "". */
export function mappingWords(m: { sources: string[]; transform: TTransform; default?: unknown }): string {
  // a null default is what "no value" gives anyway: not worth a word
  const fallback = m.default === undefined || m.default === null ? '' : `; else ${JSON.stringify(m.default)}`;
  if (m.transform.kind === 'constant' || m.sources.length === 0) {
    if (m.transform.kind === 'jsonata') return `Computed by a JSONata expression${fallback}`;
    return m.default === undefined || m.default === null
      ? 'Not mapped'
      : `Always ${JSON.stringify(m.default)}`;
  }
  const from = m.sources.join(' + ');
  const how = transformWords(m.transform);
  return `${from}${how === 'as is' ? '' : `, ${how}`}${fallback}`;
}

/** The jsonata source of a field, if it has one, to show on demand. */
export const jsonataOf = (t: TTransform): string | undefined =>
  t.kind === 'jsonata' ? String(t.expression) : undefined;

/** A mapping that gives nothing: no source, no expression, no default (the matcher found no fit). */
export const isUnmapped = (m: { sources: string[]; transform: TTransform; default?: unknown }) =>
  m.sources.length === 0 &&
  m.transform.kind === 'constant' &&
  (m.default === undefined || m.default === null);
