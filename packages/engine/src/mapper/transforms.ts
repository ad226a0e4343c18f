/**
 * Transform semantics, shared by the interpreter and the compiler. A transform turns the values of
 * a field's sources (one per source path; a `[*]` path gives an array) into the field's value.
 * `undefined` means "no value": the field then takes its default or is left out.
 * Scalar transforms (cast, date, text, split, lookup, arithmetic) apply element by element to
 * an array value and drop the elements that yield nothing.
 */
import type { Transform } from '../spec/types.ts';
import { dateReformatter } from './dates.ts';
import { currencyOf } from './money.ts';
import { extremeText, namePart, phoneNumber } from './parts.ts';
import { caster, parseNumber, titleCase, toText } from './values.ts';

export type Scalar = (v: unknown) => unknown;

/** `null` and empty arrays count as missing, so defaults apply the same way everywhere. */
export function present(v: unknown): boolean {
  return v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0);
}

export function eachElement(fn: Scalar): Scalar {
  return (v) => {
    if (!Array.isArray(v)) return present(v) ? fn(v) : undefined;
    const out: unknown[] = [];
    for (let i = 0; i < v.length; i++) {
      const x = v[i];
      if (!present(x)) continue;
      const r = fn(x);
      if (present(r)) out.push(r);
    }
    return out.length ? out : undefined;
  };
}

/**
 * Collapses runs of spaces/tabs/newlines to one space and drops it at both ends, as people mean by
 * "trim" (and as JSONata's $trim does). A character loop: three regex replaces per value were a
 * hot spot, and the common already-clean value comes back without a copy.
 */
export function trimText(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && isTrimSpace(s.charCodeAt(start))) start++;
  while (end > start && isTrimSpace(s.charCodeAt(end - 1))) end--;
  let out = '';
  let from = start;
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (!isTrimSpace(c)) continue;
    let j = i + 1;
    while (isTrimSpace(s.charCodeAt(j))) j++;
    // a lone ' ' stays as it is; any other run becomes one ' '
    if (c !== 0x20 || j > i + 1) {
      out += `${s.slice(from, i)} `;
      from = j;
    }
    i = j - 1;
  }
  if (from === start) return start === 0 && end === s.length ? s : s.slice(start, end);
  return out + s.slice(from, end);
}

/** The characters trimText collapses: ' ', \t, \n, \r (not all of `\s`, unlike String.trim). */
function isTrimSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

const upper = (s: string) => s.toUpperCase();
const lower = (s: string) => s.toLowerCase();

export function textOp(op: 'trim' | 'upper' | 'lower' | 'title'): Scalar {
  // chosen once, not per value
  const f = op === 'trim' ? trimText : op === 'upper' ? upper : op === 'lower' ? lower : titleCase;
  return (v) => {
    const s = toText(v);
    return s === undefined ? undefined : f(s);
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
  const ci = Boolean(t.caseInsensitive);
  const table = new Map<string, unknown>();
  for (const [k, v] of Object.entries(t.table)) table.set(ci ? k.toLowerCase() : k, v);
  const keep = (t.fallback ?? 'keep') === 'keep';
  return (v) => {
    const s = toText(v);
    if (s !== undefined) {
      const key = ci ? s.toLowerCase() : s;
      const hit = table.get(key);
      if (hit !== undefined || table.has(key)) return hit;
    }
    // 'default' and 'null' both yield no value here; the field default (if any) then applies
    return keep ? v : undefined;
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

/** floor(n × 10^d + 0.5) / 10^d: half up, the same float steps in every backend. */
export function roundTo(decimals: number): Scalar {
  const f = 10 ** decimals;
  return (v) => {
    const n = parseNumber(v);
    if (n === undefined) return undefined;
    const r = Math.floor(n * f + 0.5) / f;
    return Number.isFinite(r) ? r : undefined;
  };
}

export function aggregate(fn: Extract<Transform, { kind: 'aggregate' }>['fn'], separator = ', '): Scalar {
  return (v) => {
    const list = Array.isArray(v) ? v : present(v) ? [v] : [];
    if (fn === 'count') return list.length;
    if (fn === 'earliest' || fn === 'latest') return extremeText(fn)(list);
    if (fn === 'first') return list.length ? list[0] : undefined;
    if (fn === 'last') return list.length ? list[list.length - 1] : undefined;
    if (fn === 'join') {
      let out = '';
      let first = true;
      for (let i = 0; i < list.length; i++) {
        const s = toText(list[i]);
        if (s === undefined) continue;
        out = first ? s : out + separator + s;
        first = false;
      }
      return out;
    }
    // one pass over the numbers, in order (the sum is the same left-to-right sum as before)
    let sum = 0;
    let count = 0;
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < list.length; i++) {
      const n = parseNumber(list[i]);
      if (n === undefined) continue;
      sum += n;
      count++;
      min = Math.min(min, n);
      max = Math.max(max, n);
    }
    if (fn === 'sum') return sum;
    if (count === 0) return undefined;
    if (fn === 'min') return min;
    if (fn === 'max') return max;
    return sum / count;
  };
}

/** Appends a value's text to a joined string; empty text and values with no text are skipped. */
function joinText(out: string | undefined, x: unknown, separator: string): string | undefined {
  const s = toText(x);
  if (s === undefined || s === '') return out;
  return out === undefined ? s : out + separator + s;
}

export function concatValues(separator: string): (values: unknown[]) => unknown {
  return (values) => {
    let out: string | undefined;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (!Array.isArray(v)) out = joinText(out, v, separator);
      else for (let j = 0; j < v.length; j++) out = joinText(out, v[j], separator);
    }
    return out;
  };
}

/**
 * Runs the steps in order; after the first step a missing value ends the chain with no value
 * (the first step sees the input as it is: an aggregate counts a missing list as 0).
 */
export function chainOf(steps: Scalar[]): Scalar {
  return (v) => {
    let x = v;
    for (let i = 0; i < steps.length; i++) {
      if (i > 0 && !present(x)) return undefined;
      x = (steps[i] as Scalar)(x);
    }
    return x;
  };
}

/**
 * Wraps the one-value step of a transform that can drop a value (drops.ts): how mapManyReport
 * hears of the values a step could not convert. Absent: the plain steps, as map() runs them.
 */
export type StepWatch = (step: Scalar, t: Transform) => Scalar;

/** The value-level function of a transform that needs no JSONata; undefined for jsonata/constant/concat. */
export function scalarOf(t: Transform, watch?: StepWatch): Scalar | undefined {
  const one = (step: Scalar) => eachElement(watch ? watch(step, t) : step);
  switch (t.kind) {
    case 'copy':
      return (v) => v;
    case 'cast':
      return one(caster(t.to, t.decimalComma === true));
    case 'currency':
      return one(currencyOf);
    case 'date':
      return one(dateReformatter(t.from, t.to));
    case 'text':
      return eachElement(textOp(t.op));
    case 'split':
      return eachElement(splitPart(t.separator, t.index));
    case 'lookup':
      return eachElement(lookupValue(t));
    case 'round':
      return one(roundTo(t.decimals));
    case 'name':
      return eachElement(namePart(t.part));
    case 'phone':
      return one(phoneNumber(t.to, t.countryCode, t.nationalLength));
    case 'arithmetic':
      return one(arithmetic(t.op, t.operand));
    case 'aggregate':
      return aggregate(t.fn, t.separator);
    case 'chain': {
      const steps = t.steps.map((s) => scalarOf(s, watch));
      return steps.every((s) => s !== undefined) ? chainOf(steps as Scalar[]) : undefined;
    }
    default:
      return undefined;
  }
}

export function usesJsonata(t: Transform): boolean {
  return t.kind === 'jsonata' || (t.kind === 'chain' && t.steps.some(usesJsonata));
}
