/**
 * The date step's fast path: a layout of YYYY, MM, DD and literals re-written to 'date' is checked
 * by position, without the regex, with the same outcome as the anchored layout pattern (the
 * common case of date columns; property-tested in mapper-fast-paths.test.ts).
 */
import { type DateToken, daysInMonth, tokenizeLayout } from './date-layouts.ts';

/** A reader of `from` dates written as YYYY-MM-DD, or undefined when the layout is not a fixed one. */
export function fixedDateReader(from: string): ((v: unknown) => string | undefined) | undefined {
  const fixed = fixedLayout(from);
  if (!fixed) return undefined;
  const { length, digits, literals, y: iy, m: im, d: id } = fixed;
  return (v) => {
    if (typeof v !== 'string') return undefined;
    const t = v.trim();
    if (t.length !== length) return undefined;
    for (let i = 0; i < literals.length; i++) {
      const [at, text] = literals[i] as [number, string];
      if (!t.startsWith(text, at)) return undefined;
    }
    for (let i = 0; i < digits.length; i++) {
      const [at, width] = digits[i] as [number, number];
      if (!allDigits(t, at, width)) return undefined;
    }
    // digits read by char code: Number("03") is a slow, general parse
    const mon = digitsValue(t, im, 2);
    const day = digitsValue(t, id, 2);
    if (mon < 1 || mon > 12 || day < 1 || day > daysInMonth(digitsValue(t, iy, 4), mon)) return undefined;
    return `${t.slice(iy, iy + 4)}-${t.slice(im, im + 2)}-${t.slice(id, id + 2)}`;
  };
}

interface FixedLayout {
  /** the length every matching text has */
  length: number;
  /** [offset, width] of each token: ASCII digits there */
  digits: [number, number][];
  /** [offset, text] of each literal */
  literals: [number, string][];
  /** offsets of the first YYYY, MM and DD */
  y: number;
  m: number;
  d: number;
}

/**
 * A layout of YYYY, MM, DD and literals without letters (so that the layout regex's
 * case-insensitivity cannot matter): every part has a fixed width and place, so a text can be
 * checked by position with the same outcome as the anchored regex. undefined for other layouts.
 */
function fixedLayout(layout: string): FixedLayout | undefined {
  const digits: [number, number][] = [];
  const literals: [number, string][] = [];
  const first: Partial<Record<DateToken, number>> = {};
  let at = 0;
  for (const part of tokenizeLayout(layout)) {
    if ('literal' in part) {
      if (!/^[\x20-\x40\x5b-\x60\x7b-\x7e]+$/.test(part.literal)) return undefined;
      literals.push([at, part.literal]);
      at += part.literal.length;
      continue;
    }
    const t = part.token;
    if (t !== 'YYYY' && t !== 'MM' && t !== 'DD') return undefined;
    first[t] ??= at;
    digits.push([at, t.length]);
    at += t.length;
  }
  const { YYYY: y, MM: m, DD: d } = first;
  if (y === undefined || m === undefined || d === undefined) return undefined;
  return { length: at, digits, literals, y, m, d };
}

function allDigits(t: string, at: number, width: number): boolean {
  for (let i = at; i < at + width; i++) {
    const c = t.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/** The number the ASCII digits at t[at .. at + width) spell. */
function digitsValue(t: string, at: number, width: number): number {
  let n = 0;
  for (let i = at; i < at + width; i++) n = n * 10 + (t.charCodeAt(i) - 0x30);
  return n;
}
