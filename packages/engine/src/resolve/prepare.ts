/**
 * Columns prepared once for millions of comparisons: each value normalised and interned to an
 * integer id (exact agreement is an integer compare), its frequency kept for term-frequency
 * adjustments, tokens interned for text, numbers parsed for numeric columns.
 */
import { parseLooseNumber } from '../profile/formats.ts';
import { normaliseOrganisation, normaliseText, STOP_WORDS } from '../similarity/normalise.ts';
import { type ColumnRole, isEmpty } from './roles.ts';

export interface PreparedColumn {
  column: string;
  role: ColumnRole;
  /** per record: id of its normalised value, -1 when empty */
  ids: Int32Array;
  /** distinct normalised values */
  values: string[];
  /** per distinct value: records holding it */
  counts: Int32Array;
  /** non-empty records */
  nonNull: number;
  /** text: per distinct value, sorted token ids (stop words dropped) */
  tokens?: Int32Array[];
  /** number: per distinct value */
  numbers?: Float64Array;
}

/** Digits only, e.g. for phones and codes; dates become YYYYMMDD where the layout allows. */
const digitsOf = (v: string) => v.replace(/\D+/g, '');

function normalise(role: ColumnRole, raw: string): string {
  switch (role) {
    case 'organisation':
      return normaliseOrganisation(raw) || normaliseText(raw);
    case 'email':
      return raw.trim().toLowerCase();
    case 'phone':
    case 'code':
    case 'date':
      return digitsOf(raw) || normaliseText(raw);
    case 'number': {
      const n = parseLooseNumber(raw);
      return n === undefined ? normaliseText(raw) : String(n);
    }
    default:
      return normaliseText(raw);
  }
}

export function prepareColumn(
  column: string,
  role: ColumnRole,
  values: readonly (string | null | undefined)[],
): PreparedColumn {
  const dict = new Map<string, number>();
  // raw spelling -> id: values repeat, normalising each spelling once saves most of the work
  const raw = new Map<string, number>();
  const list: string[] = [];
  const ids = new Int32Array(values.length);
  const counts: number[] = [];
  let nonNull = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (isEmpty(value)) {
      ids[i] = -1;
      continue;
    }
    let id = raw.get(value);
    if (id === undefined) {
      const v = normalise(role, value);
      id = v ? dict.get(v) : -1;
      if (id === undefined) {
        id = list.length;
        dict.set(v, id);
        list.push(v);
        counts.push(0);
      }
      raw.set(value, id);
    }
    if (id < 0) {
      ids[i] = -1;
      continue;
    }
    nonNull++;
    counts[id] = (counts[id] as number) + 1;
    ids[i] = id;
  }
  const out: PreparedColumn = { column, role, ids, values: list, counts: Int32Array.from(counts), nonNull };
  // words matter only to free text (its levels and its nearest-neighbour blocking)
  if (role === 'text') {
    const vocab = new Map<string, number>();
    out.tokens = list.map((v) => {
      const ts = new Set<number>();
      for (const t of v.split(' ')) {
        if (!t || STOP_WORDS.has(t)) continue;
        let id = vocab.get(t);
        if (id === undefined) {
          id = vocab.size;
          vocab.set(t, id);
        }
        ts.add(id);
      }
      return Int32Array.from(ts).sort();
    });
  }
  if (role === 'number') out.numbers = Float64Array.from(list, (v) => Number(v));
  return out;
}
