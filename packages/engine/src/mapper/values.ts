/**
 * Scalar coercions used by `cast`. Every rule is a regular expression or plain arithmetic so
 * that toJsonata can emit the same steps and the two stay output-identical.
 */

/** Characters removed before reading a number: whitespace, currency symbols, thousands commas. */
export const NUMBER_NOISE = /[\s$€£¥,]/g;
/** What is left must be a plain decimal (no exponent, no leading '+', digits on both sides of '.'). */
export const NUMBER_SHAPE = /^-?\d+(\.\d+)?$/;

/**
 * "$1,234.50" -> 1234.5, "(12.00)" -> -12 (accounting negative), "45%" -> 0.45, " 7 " -> 7.
 * Anything else (including "", "1e5", "abc") -> undefined.
 * Hot in every number cast: the rules are NUMBER_NOISE / NUMBER_SHAPE plus `^\(.*\)$` and `%$`
 * (what toJsonata emits), checked with character tests where a regex would cost more.
 */
export function parseNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value !== 'string') return undefined;
  let t = value.trim();
  // the regex, not just the two ends: `.` stops at line breaks, so "(1\n2)" is not a negative
  const neg = t.charCodeAt(0) === 0x28 && ACCOUNTING_NEGATIVE.test(t);
  if (neg) t = t.slice(1, -1);
  const pct = t.endsWith('%');
  if (pct) t = t.slice(0, -1);
  t = stripNumberNoise(t);
  if (!NUMBER_SHAPE.test(t)) return undefined;
  let n = Number(t);
  if (!Number.isFinite(n)) return undefined;
  if (pct) n = n / 100;
  if (neg) n = 0 - n;
  // -0 is not a value anyone means, and it does not round-trip through JSON
  return n === 0 ? 0 : n;
}

const ACCOUNTING_NEGATIVE = /^\(.*\)$/;

/** t.replace(NUMBER_NOISE, ''), without a new string when there is nothing to remove. */
function stripNumberNoise(t: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < t.length; i++) {
    if (!isNumberNoise(t.charCodeAt(i))) continue;
    out += t.slice(from, i);
    from = i + 1;
  }
  return from === 0 ? t : out + t.slice(from);
}

/** NUMBER_NOISE as a character test: `\s` (JavaScript's white space and line terminators), $ € £ ¥ and ','. */
function isNumberNoise(c: number): boolean {
  if (c < 0x80) return c === 0x20 || c === 0x24 || c === 0x2c || (c >= 0x09 && c <= 0x0d);
  return (
    c === 0x20ac || // €
    c === 0xa3 || // £
    c === 0xa5 || // ¥
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

export function toInteger(value: unknown): number | undefined {
  const n = parseNumber(value);
  // round half up; JSONata's $round is half-even, so toJsonata emits $floor(n + 0.5) too
  return n === undefined ? undefined : Math.floor(n + 0.5);
}

export type CastTarget = 'string' | 'number' | 'integer' | 'boolean';

export function castValue(value: unknown, to: CastTarget): unknown {
  return caster(to)(value);
}

/** The cast for one target type, chosen once (the compiled mapper calls it per value). */
export function caster(to: CastTarget): (value: unknown) => unknown {
  switch (to) {
    case 'string':
      return toText;
    case 'number':
      return parseNumber;
    case 'integer':
      return toInteger;
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
