/**
 * Scalar coercions used by `cast`. Every rule is a regular expression or plain arithmetic so
 * that toJsonata can emit the same steps and the two stay output-identical.
 */

import { CURRENCY_CODE, NUMBER_SHAPE, resolveSeparators, SYMBOL_CHARS } from './money.ts';

export { CURRENCY_CODE, NUMBER_SHAPE } from './money.ts';

/** Characters removed before reading a number: whitespace and currency symbols (money.ts). */
export const NUMBER_NOISE = new RegExp(`[\\s${SYMBOL_CHARS}]`, 'g');

/**
 * "$1,234.50" -> 1234.5, "USD 1,234.50" -> 1234.5, "799,41 €" -> 799.41, "1.200,50 EUR" -> 1200.5,
 * "(12.00)" -> -12 (accounting negative), "45%" -> 0.45, " 7 " -> 7. Decimal commas and thousands
 * separators follow money.ts (`decimalComma`: the column writes decimal commas, so "1,234" is
 * 1.234). Anything else (including "", "1e5", "abc") -> undefined.
 * Hot in every number cast, so the common case (no comma, at most one dot) is read by index and
 * character tests; the rest takes the regex steps toJsonata emits (NUMBER_NOISE, resolveSeparators,
 * NUMBER_SHAPE), which the fast path equals (property-tested).
 */
export function parseNumber(value: unknown, decimalComma = false): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value !== 'string') return undefined;
  let t = value.trim();
  // only an upper-case letter in the first or last two characters can start or end a currency
  // code: the regex is rarely run
  const n0 = t.length;
  if (
    isUpperAscii(t.charCodeAt(0)) ||
    isUpperAscii(t.charCodeAt(1)) ||
    isUpperAscii(t.charCodeAt(n0 - 1)) ||
    isUpperAscii(t.charCodeAt(n0 - 2))
  ) {
    t = t.replace(CURRENCY_CODE, '');
  }
  // the regex, not just the two ends: `.` stops at line breaks, so "(1\n2)" is not a negative
  const neg = t.charCodeAt(0) === 0x28 && ACCOUNTING_NEGATIVE.test(t);
  const start = neg ? 1 : 0;
  let end = neg ? t.length - 1 : t.length;
  const pct = end > start && t.charCodeAt(end - 1) === 0x25; // '%'
  if (pct) end--;
  let n = decimalComma ? null : decimalValue(t, start, end);
  if (n === null) n = generalValue(t.slice(start, end), decimalComma);
  if (n === undefined) return undefined;
  if (pct) n = n / 100;
  if (neg) n = 0 - n;
  // -0 is not a value anyone means, and it does not round-trip through JSON
  return n === 0 ? 0 : n;
}

const ACCOUNTING_NEGATIVE = /^\(.*\)$/;
const isUpperAscii = (c: number) => c >= 0x41 && c <= 0x5a;
/** exact powers of ten for decimalValue */
const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/** The regex steps: noise removed, separators resolved (money.ts), the shape checked. */
function generalValue(text: string, decimalComma: boolean): number | undefined {
  const t = resolveSeparators(text.replace(NUMBER_NOISE, ''), decimalComma);
  if (t === undefined || !NUMBER_SHAPE.test(t)) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * Number(t[start..end) without NUMBER_NOISE) when that matches NUMBER_SHAPE, else undefined; in
 * one pass. Up to 15 digits, digits / 10^decimals is exact on both sides and one division rounds
 * correctly, so it is the very double Number() gives. null: the text needs the general way (a
 * comma, a second dot, more digits).
 */
function decimalValue(t: string, start: number, end: number): number | undefined | null {
  let mantissa = 0;
  let digits = 0;
  let decimals = -1; // digits after the '.', -1 before one
  let negative = false;
  let signed = false; // a '-', digit or '.' has been seen: a '-' is only allowed before them all
  for (let i = start; i < end; i++) {
    const c = t.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) {
      mantissa = mantissa * 10 + (c - 0x30);
      digits++;
      if (decimals >= 0) decimals++;
    } else if (c === 0x2d && !signed) negative = true;
    else if (c === 0x2e && decimals < 0 && digits > 0) decimals = 0;
    else if (c === 0x2c || c === 0x2e) return null;
    else if (isNumberNoise(c)) continue;
    else return undefined;
    signed = true;
  }
  if (digits === 0 || decimals === 0) return undefined;
  if (digits > 15) return null;
  const n = decimals > 0 ? mantissa / (POW10[decimals] as number) : mantissa;
  return negative ? -n : n;
}

/** NUMBER_NOISE as a character test: `\s` (JavaScript's white space and line terminators) and the currency symbols. */
function isNumberNoise(c: number): boolean {
  if (c < 0x80) return c === 0x20 || c === 0x24 || (c >= 0x09 && c <= 0x0d);
  return (
    (c >= 0x20a0 && c <= 0x20c0) || // € ₹ ₽ … (Currency Symbols)
    c === 0xa2 || // ¢
    c === 0xa3 || // £
    c === 0xa4 || // ¤
    c === 0xa5 || // ¥
    c === 0x58f || // ֏
    c === 0x60b || // ؋
    c === 0x9f3 || // ৳
    c === 0xe3f || // ฿
    c === 0x17db || // ៛
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

export const TRUE_WORDS = ['true', 'yes', 'y', '1', 't'];
export const FALSE_WORDS = ['false', 'no', 'n', '0', 'f'];

/** yes/no/y/n/true/false/1/0/t/f (any case, trimmed), numbers 1/0, booleans. Otherwise undefined. */
export function parseBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : undefined;
  if (typeof value !== 'string') return undefined;
  const t = value.trim().toLowerCase();
  if (TRUE_WORDS.includes(t)) return true;
  if (FALSE_WORDS.includes(t)) return false;
  return undefined;
}

/** Numbers print with 15 significant digits (0.1 + 0.2 -> "0.3"), as JSONata's $string does. */
export function toText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number')
    return Number.isFinite(value) ? String(Number(value.toPrecision(15))) : undefined;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return undefined;
}

export function toInteger(value: unknown, decimalComma = false): number | undefined {
  const n = parseNumber(value, decimalComma);
  // round half up; JSONata's $round is half-even, so toJsonata emits $floor(n + 0.5) too
  return n === undefined ? undefined : Math.floor(n + 0.5);
}

export type CastTarget = 'string' | 'number' | 'integer' | 'boolean';

export function castValue(value: unknown, to: CastTarget, decimalComma = false): unknown {
  return caster(to, decimalComma)(value);
}

/**
 * The cast for one target type, chosen once (the compiled mapper calls it per value);
 * `decimalComma`: the column writes decimal commas (money.ts).
 */
export function caster(to: CastTarget, decimalComma = false): (value: unknown) => unknown {
  switch (to) {
    case 'string':
      return toText;
    case 'number':
      return decimalComma ? (v) => parseNumber(v, true) : (v) => parseNumber(v);
    case 'integer':
      return decimalComma ? (v) => toInteger(v, true) : (v) => toInteger(v);
    case 'boolean':
      return parseBoolean;
    default:
      return () => undefined;
  }
}

/** Lower-cases, then capitalises the first letter of each space-separated word ("mARY-jane o" -> "Mary-jane O"). */
export function titleCase(s: string): string {
  const lower = s.toLowerCase();
  // copy `lower`, replacing the first letter of each word where upper-casing changes it
  let out = '';
  let from = 0;
  for (let start = 0; start < lower.length; ) {
    const first = firstLetter(lower, start);
    const up = first.toUpperCase();
    if (up !== first) {
      out += lower.slice(from, start) + up;
      from = start + first.length;
    }
    const space = lower.indexOf(' ', start);
    if (space < 0) break;
    start = space + 1;
  }
  return from === 0 ? lower : out + lower.slice(from);
}

/** The code point at i as a string (a surrogate pair is one letter, as Array.from sees it). */
function firstLetter(s: string, i: number): string {
  const c = s.charCodeAt(i);
  // single-character strings of char codes < 256 are cached by V8: no allocation on the ASCII path
  if (c < 0xd800 || c > 0xdbff) return String.fromCharCode(c);
  return (s.codePointAt(i) as number) > 0xffff ? s.slice(i, i + 2) : String.fromCharCode(c);
}
