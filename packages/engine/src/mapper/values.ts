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
 */
export function parseNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value !== 'string') return undefined;
  let t = value.trim();
  const neg = /^\(.*\)$/.test(t);
  if (neg) t = t.slice(1, -1);
  const pct = /%$/.test(t);
  if (pct) t = t.slice(0, -1);
  t = t.replace(NUMBER_NOISE, '');
  if (!NUMBER_SHAPE.test(t)) return undefined;
  let n = Number(t);
  if (!Number.isFinite(n)) return undefined;
  if (pct) n = n / 100;
  if (neg) n = 0 - n;
  // -0 is not a value anyone means, and it does not round-trip through JSON
  return n === 0 ? 0 : n;
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
  switch (to) {
    case 'string':
      return toText(value);
    case 'number':
      return parseNumber(value);
    case 'integer':
      return toInteger(value);
    case 'boolean':
      return parseBoolean(value);
  }
}

/** Lower-cases, then capitalises the first letter of each space-separated word ("mARY-jane o" -> "Mary-jane O"). */
export function titleCase(s: string): string {
  return s
    .toLowerCase()
    .split(' ')
    .map((w) => {
      const chars = Array.from(w);
      return (chars[0] ?? '').toUpperCase() + chars.slice(1).join('');
    })
    .join(' ');
}
