/**
 * Date layouts: the tokens YYYY YY MM M DD D HH mm ss MMM MMMM, each layout one anchored regular
 * expression (a DatePattern) so that every backend (compiled mapper, toJsonata, toTypeScript)
 * parses with the very same pattern. The detection patterns of date-patterns.ts are DatePatterns
 * too, with a few roles a layout string cannot name (fraction, am/pm, zone) and optional groups.
 */

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const TOKENS = ['YYYY', 'MMMM', 'MMM', 'YY', 'MM', 'M', 'DD', 'D', 'HH', 'mm', 'ss'] as const;
export type DateToken = (typeof TOKENS)[number];

const TOKEN_RE: Record<DateToken, string> = {
  YYYY: '(\\d{4})',
  YY: '(\\d{2})',
  MMMM: `(${MONTHS.join('|')})`,
  MMM: `(${MONTHS.map((m) => m.slice(0, 3)).join('|')})`,
  MM: '(\\d{2})',
  M: '(\\d{1,2})',
  DD: '(\\d{2})',
  D: '(\\d{1,2})',
  HH: '(\\d{2})',
  mm: '(\\d{2})',
  ss: '(\\d{2})',
};

export type LayoutPart = { token: DateToken } | { literal: string };

export function tokenizeLayout(layout: string): LayoutPart[] {
  const parts: LayoutPart[] = [];
  let i = 0;
  while (i < layout.length) {
    const tok = TOKENS.find((t) => layout.startsWith(t, i));
    if (tok) {
      parts.push({ token: tok });
      i += tok.length;
    } else {
      const last = parts[parts.length - 1];
      const ch = layout[i] as string;
      if (last && 'literal' in last) last.literal += ch;
      else parts.push({ literal: ch });
      i += 1;
    }
  }
  return parts;
}

/** ISO 8601 date or date-time: groups year, month, day, hour, minute, second, fraction, zone. */
export const ISO_RE_SOURCE =
  '^(\\d{4})-(\\d{2})-(\\d{2})(?:[T ](\\d{2}):(\\d{2})(?::(\\d{2})(?:\\.(\\d{1,9}))?)?(Z|[+-]\\d{2}:\\d{2})?)?$';

export interface LayoutPattern {
  /** anchored regular-expression source */
  source: string;
  /** what each capture group holds */
  groups: DateToken[];
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Anchored regex source for a token layout (not 'iso'/'epoch-*'). Month names match case-insensitively. */
export function layoutPattern(layout: string): LayoutPattern {
  const groups: DateToken[] = [];
  let source = '^';
  for (const p of tokenizeLayout(layout)) {
    if ('token' in p) {
      groups.push(p.token);
      source += TOKEN_RE[p.token];
    } else source += escapeRe(p.literal);
  }
  return { source: `${source}$`, groups };
}

/**
 * What a capture group of a DatePattern holds: a layout token, or (detection patterns only)
 * `frac` (fraction of a second as written), `ampm` (a/p: a 12-hour clock) or `zone`
 * (Z, UTC, GMT, ±HH, ±HHMM or ±HH:MM; written out as Z or ±HH:MM).
 */
export type DateRole = DateToken | 'frac' | 'ampm' | 'zone';

/** An anchored regular expression that reads a date, and what each of its groups holds. */
export interface DatePattern {
  source: string;
  groups: DateRole[];
  /** 'i' for patterns with month names (and all layouts), '' for ISO */
  flags: 'i' | '';
}

export function daysInMonth(y: number, mo: number): number {
  if (mo === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return mo === 4 || mo === 6 || mo === 9 || mo === 11 ? 30 : 31;
}
