/**
 * Values a transform could not convert. A cast, date, phone, currency or arithmetic step that
 * gets a non-empty value and gives nothing has dropped that value: the field then takes its
 * default or is left out, and without a report the value would vanish in silence. The compiled
 * mapper's mapManyReport watches those steps (and only those: a name without a middle name, a
 * split without that part or a lookup sending values to empty by the user's choice lose no value
 * the user did not ask to lose) and lists what each record dropped; validateRecords turns the
 * drops of required fields into errors and counts the others.
 */
import type { Transform } from '../spec/types.ts';

export interface DroppedValue {
  /** where the value would have gone: the target path, with the element index inside lists (`lines[2].amount`) */
  field: string;
  /** the field's target path as the spec names it (`lines[*].amount`) */
  target: string;
  /** the source value the transform could not convert */
  value: unknown;
  /** "`Sep 7 2023` is not a date this transform reads" */
  message: string;
  /** the message without the value ("is not a date this transform reads"): drops with the same one are grouped */
  rule: string;
}

/** Where a watched step reports: the field being mapped and the current record's list (none: not reporting). */
export interface DropBox {
  field: string;
  target: string;
  list: DroppedValue[] | undefined;
}

/** The kinds of transform whose steps can drop a value (the others cannot fail on a value). */
const DROPPING = new Set<Transform['kind']>(['cast', 'date', 'phone', 'currency', 'arithmetic', 'round']);
export const canDrop = (t: Transform): boolean => DROPPING.has(t.kind);

/** A value worth reporting: not missing, not blank text, not an empty list. */
function filled(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'string') return v.trim() !== '';
  return !(Array.isArray(v) && v.length === 0);
}

/** What a step of this transform says about a value it could not convert. */
export function dropRule(t: Transform): string {
  switch (t.kind) {
    case 'cast':
      if (t.to === 'string') return 'has no text form';
      if (t.to === 'boolean') return 'is not a yes/no value this transform reads';
      return `is not a${t.to === 'integer' ? ' whole' : ''} number this transform reads`;
    case 'date': {
      const how =
        t.from === 'dmy'
          ? ' (day first)'
          : t.from === 'mdy'
            ? ' (month first)'
            : t.from
              ? ` (${t.from})`
              : '';
      return `is not a date this transform reads${how}`;
    }
    case 'phone':
      return 'is not a phone number this transform reads';
    case 'currency':
      return 'names no currency this transform reads (a symbol or an ISO 4217 code)';
    default:
      return 'is not a number this transform reads';
  }
}

/** A value as a message shows it: text as written, other values as JSON, long ones cut. */
export function shownValue(v: unknown): string {
  const text = typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * `fn` (one step of `t`, on one value) reporting to `box` each filled value it gives nothing
 * for. The rule is worked out once; the message only when a value is dropped.
 */
export function watchStep(fn: (v: unknown) => unknown, t: Transform, box: DropBox): (v: unknown) => unknown {
  const rule = dropRule(t);
  return (v) => {
    const r = fn(v);
    if ((r === undefined || r === null) && box.list !== undefined && filled(v))
      box.list.push({
        field: box.field,
        target: box.target,
        value: v,
        message: `\`${shownValue(v)}\` ${rule}`,
        rule,
      });
    return r;
  };
}
