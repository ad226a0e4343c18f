/**
 * Transform semantics, shared by the interpreter and the compiler. A transform turns the values of
 * a field's sources (one per source path; a `[*]` path gives an array) into the field's value.
 * `undefined` means "no value": the field then takes its default or is left out.
 * Scalar transforms (cast, date, text, split, lookup, arithmetic) apply element by element to
 * an array value and drop the elements that yield nothing.
 */
import type { Transform } from '../spec/types.ts';
import { dateReformatter } from './dates.ts';
import { castValue, parseNumber, titleCase, toText } from './values.ts';

export type Scalar = (v: unknown) => unknown;

/** `null` and empty arrays count as missing, so defaults apply the same way everywhere. */
export function present(v: unknown): boolean {
  return v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0);
}

export function eachElement(fn: Scalar): Scalar {
  return (v) => {
    if (!Array.isArray(v)) return present(v) ? fn(v) : undefined;
    const out: unknown[] = [];
    for (const x of v) {
      if (!present(x)) continue;
      const r = fn(x);
      if (present(r)) out.push(r);
    }
    return out.length ? out : undefined;
  };
}

function trimText(s: string): string {
  // collapse runs of spaces/tabs/newlines, as people mean by "trim" (and as JSONata's $trim does)
  return s
    .replace(/[ \t\n\r]+/g, ' ')
    .replace(/^ /, '')
    .replace(/ $/, '');
}

export function textOp(op: 'trim' | 'upper' | 'lower' | 'title'): Scalar {
  return (v) => {
    const s = toText(v);
    if (s === undefined) return undefined;
    if (op === 'trim') return trimText(s);
    if (op === 'upper') return s.toUpperCase();
    if (op === 'lower') return s.toLowerCase();
    return titleCase(s);
  };
}

export function splitPart(separator: string, index: number): Scalar {
  return (v) => {
    const s = toText(v);
    if (s === undefined || separator === '') return undefined;
    const parts = s.split(separator);
    const i = index < 0 ? parts.length + index : index;
    return i >= 0 && i < parts.length ? parts[i] : undefined;
  };
}

export function lookupValue(t: Extract<Transform, { kind: 'lookup' }>): Scalar {
  const table = new Map<string, unknown>();
  for (const [k, v] of Object.entries(t.table)) table.set(t.caseInsensitive ? k.toLowerCase() : k, v);
  const fallback = t.fallback ?? 'keep';
  return (v) => {
    const s = toText(v);
    if (s !== undefined) {
      const key = t.caseInsensitive ? s.toLowerCase() : s;
      if (table.has(key)) return table.get(key);
    }
    // 'default' and 'null' both yield no value here; the field default (if any) then applies
    return fallback === 'keep' ? v : undefined;
  };
}

export function arithmetic(op: '+' | '-' | '*' | '/', operand: number): Scalar {
  return (v) => {
    const n = parseNumber(v);
    if (n === undefined) return undefined;
    const r = op === '+' ? n + operand : op === '-' ? n - operand : op === '*' ? n * operand : n / operand;
    return Number.isFinite(r) ? r : undefined;
  };
}

export function aggregate(fn: Extract<Transform, { kind: 'aggregate' }>['fn'], separator = ', '): Scalar {
  return (v) => {
    const list = Array.isArray(v) ? v : present(v) ? [v] : [];
    if (fn === 'count') return list.length;
    if (fn === 'first') return list.length ? list[0] : undefined;
    if (fn === 'last') return list.length ? list[list.length - 1] : undefined;
    if (fn === 'join') {
      const parts = list.map(toText).filter((s): s is string => s !== undefined);
      return parts.join(separator);
    }
    const nums = list.map(parseNumber).filter((n): n is number => n !== undefined);
    if (fn === 'sum') return nums.reduce((a, b) => a + b, 0);
    if (nums.length === 0) return undefined;
    if (fn === 'min') return Math.min(...nums);
    if (fn === 'max') return Math.max(...nums);
    return nums.reduce((a, b) => a + b, 0) / nums.length;
  };
}

export function concatValues(separator: string): (values: unknown[]) => unknown {
  return (values) => {
    const parts: string[] = [];
    for (const v of values) {
      const items = Array.isArray(v) ? v : [v];
      for (const x of items) {
        const s = toText(x);
        if (s !== undefined && s !== '') parts.push(s);
      }
    }
    return parts.length ? parts.join(separator) : undefined;
  };
}

/** The value-level function of a transform that needs no JSONata; undefined for jsonata/constant/concat. */
export function scalarOf(t: Transform): Scalar | undefined {
  switch (t.kind) {
    case 'copy':
      return (v) => v;
    case 'cast':
      return eachElement((v) => castValue(v, t.to));
    case 'date':
      return eachElement(dateReformatter(t.from, t.to));
    case 'text':
      return eachElement(textOp(t.op));
    case 'split':
      return eachElement(splitPart(t.separator, t.index));
    case 'lookup':
      return eachElement(lookupValue(t));
    case 'arithmetic':
      return eachElement(arithmetic(t.op, t.operand));
    case 'aggregate':
      return aggregate(t.fn, t.separator);
    case 'chain': {
      const steps = t.steps.map(scalarOf);
      if (steps.some((s) => s === undefined)) return undefined;
      const fns = steps as Scalar[];
      return (v) => {
        let x = v;
        for (const f of fns) {
          if (!present(x)) return undefined;
          x = f(x);
        }
        return x;
      };
    }
    default:
      return undefined;
  }
}

export function usesJsonata(t: Transform): boolean {
  return t.kind === 'jsonata' || (t.kind === 'chain' && t.steps.some(usesJsonata));
}
