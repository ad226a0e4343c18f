/**
 * Dates: a tiny parser/formatter for the layouts of date-layouts.ts plus 'iso', 'epoch-ms',
 * 'epoch-s' and the detection modes of date-patterns.ts ('dmy', 'mdy', none). Dates are
 * re-formatted as written (no time-zone conversion), except epoch values, which are UTC. Every
 * layout and shape is one regular expression so that toJsonata and toTypeScript emit the very
 * same patterns: a parsing library (date-fns, Luxon) would read dates in the compiled mapper
 * only, and the JSONata export and the downloaded TypeScript mapper could not give the same output.
 */

import { fixedDateReader } from './date-fixed.ts';
import {
  type DatePattern,
  type DateRole,
  type DateToken,
  daysInMonth,
  ISO_RE_SOURCE,
  type LayoutPart,
  MONTHS,
  tokenizeLayout,
} from './date-layouts.ts';
import {
  DETECT_EXTRA,
  DETECT_LAYOUTS,
  isDateOrder,
  layoutDatePattern,
  orderPatterns,
} from './date-patterns.ts';

export * from './date-layouts.ts';
export { DETECT_LAYOUTS } from './date-patterns.ts';

export interface DateParts {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
  /** fraction digits as written, '' when none */
  frac: string;
  /** 'Z', '+02:00' as written, '' when none */
  zone: string;
  hasTime: boolean;
}

function valid(p: DateParts): DateParts | undefined {
  if (p.mo < 1 || p.mo > 12 || p.d < 1 || p.d > daysInMonth(p.y, p.mo)) return undefined;
  if (p.h > 23 || p.mi > 59 || p.s > 59) return undefined;
  return p;
}

function monthIndex(name: string): number {
  const k = name.slice(0, 3).toLowerCase();
  return MONTHS.findIndex((m) => m.slice(0, 3).toLowerCase() === k) + 1;
}

const ISO_RE = new RegExp(ISO_RE_SOURCE);

export function parseIso(text: string): DateParts | undefined {
  const m = ISO_RE.exec(text);
  if (!m) return undefined;
  return valid({
    y: Number(m[1]),
    mo: Number(m[2]),
    d: Number(m[3]),
    h: Number(m[4] ?? 0),
    mi: Number(m[5] ?? 0),
    s: Number(m[6] ?? 0),
    frac: m[7] ?? '',
    zone: m[8] ?? '',
    hasTime: m[4] !== undefined,
  });
}

function fromEpochMs(ms: number): DateParts | undefined {
  // the Date range is ±8.64e15 ms; outside it there is no date
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return undefined;
  const iso = new Date(ms).toISOString();
  return iso.length === 24 ? parseIso(iso) : undefined;
}

/** A zone as written out: Z, UTC and GMT are Z; ±HH and ±HHMM become ±HH:MM. */
export function zoneText(z: string): string {
  const u = z.toUpperCase();
  if (u === 'Z' || u === 'UTC' || u === 'GMT') return 'Z';
  const digits = z.replace(':', '');
  return `${digits.slice(0, 3)}:${digits.length > 3 ? digits.slice(3, 5) : '00'}`;
}

interface CompiledPattern {
  re: RegExp;
  groups: DateRole[];
}

/** The parts a pattern's match names (groups that took no part are skipped; the last of a role wins). */
function partsOf(m: RegExpExecArray, groups: readonly DateRole[]): DateParts | undefined {
  const p: DateParts = { y: 1970, mo: 1, d: 1, h: 0, mi: 0, s: 0, frac: '', zone: '', hasTime: false };
  let ampm = '';
  for (let i = 0; i < groups.length; i++) {
    const g = groups[i] as DateRole;
    const v = m[i + 1];
    if (v === undefined) continue;
    if (g === 'YYYY') p.y = Number(v);
    else if (g === 'YY') p.y = Number(v) < 70 ? 2000 + Number(v) : 1900 + Number(v);
    else if (g === 'MMMM' || g === 'MMM') p.mo = monthIndex(v);
    else if (g === 'MM' || g === 'M') p.mo = Number(v);
    else if (g === 'DD' || g === 'D') p.d = Number(v);
    else if (g === 'HH') {
      p.h = Number(v);
      p.hasTime = true;
    } else if (g === 'mm') p.mi = Number(v);
    else if (g === 'ss') p.s = Number(v);
    else if (g === 'frac') p.frac = v;
    else if (g === 'ampm') ampm = v.toLowerCase();
    else if (g === 'zone') p.zone = zoneText(v);
  }
  // a 12-hour clock: 12 am is 0 h, 12 pm is 12 h; 0 or 13 with am/pm is no time
  if (ampm) {
    if (p.h < 1 || p.h > 12) return undefined;
    p.h = (p.h % 12) + (ampm === 'p' ? 12 : 0);
  }
  return valid(p);
}

type Parser = (value: unknown) => DateParts | undefined;

function patternParser(pattern: DatePattern): Parser {
  const c: CompiledPattern = { re: new RegExp(pattern.source, pattern.flags), groups: pattern.groups };
  return (value) => {
    if (typeof value !== 'string') return undefined;
    const m = c.re.exec(value.trim());
    return m ? partsOf(m, c.groups) : undefined;
  };
}

const parseIsoValue: Parser = (v) => (typeof v === 'string' ? parseIso(v.trim()) : undefined);

function epochParser(unitMs: number): Parser {
  return (value) => {
    const n =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && /^-?\d+$/.test(value.trim())
          ? Number(value)
          : Number.NaN;
    return fromEpochMs(n * unitMs);
  };
}

/** One layout's parser: 'iso', 'epoch-ms', 'epoch-s' or a token layout. */
function layoutParser(layout: string): Parser {
  if (layout === 'iso') return parseIsoValue;
  if (layout === 'epoch-ms' || layout === 'epoch-s') return epochParser(layout === 'epoch-s' ? 1000 : 1);
  return patternParser(layoutDatePattern(layout));
}

const parsersCache = new Map<string, Parser[]>();
/**
 * The parsers a `from` stands for, tried in order: one for a layout, the shapes of one
 * day/month order for 'dmy' / 'mdy', and for no `from` the old detection list, then every shape.
 */
function parsersOf(from: string | undefined): Parser[] {
  const key = from ?? '';
  let list = parsersCache.get(key);
  if (!list) {
    if (from === undefined || from === '')
      list = [...DETECT_LAYOUTS.map(layoutParser), ...DETECT_EXTRA.map(patternParser)];
    else if (isDateOrder(from)) list = orderPatterns(from).map(patternParser);
    else list = [layoutParser(from)];
    parsersCache.set(key, list);
  }
  return list;
}

export function parseWithLayout(value: unknown, layout: string): DateParts | undefined {
  return parseDate(value, layout);
}

/** The date a value reads as with `from` (a layout, 'dmy' / 'mdy', or undefined: detect). */
export function parseDate(value: unknown, from?: string): DateParts | undefined {
  const list = parsersOf(from);
  for (let i = 0; i < list.length; i++) {
    const p = (list[i] as Parser)(value);
    if (p) return p;
  }
  return undefined;
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');

function isoText(p: DateParts): string {
  const frac = p.frac ? `.${p.frac}` : '';
  return `${pad(p.y, 4)}-${pad(p.mo, 2)}-${pad(p.d, 2)}T${pad(p.h, 2)}:${pad(p.mi, 2)}:${pad(p.s, 2)}${frac}${p.zone || 'Z'}`;
}

export function formatDate(p: DateParts, layout: string): string | number | undefined {
  if (layout === 'date') return `${pad(p.y, 4)}-${pad(p.mo, 2)}-${pad(p.d, 2)}`;
  if (layout === 'date-time' || layout === 'iso') return isoText(p);
  if (layout === 'epoch-ms' || layout === 'epoch-s') {
    const ms = Date.parse(isoText(p));
    if (!Number.isFinite(ms)) return undefined;
    return layout === 'epoch-s' ? Math.floor(ms / 1000) : ms;
  }
  let out = '';
  const parts = tokenized(layout);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as LayoutPart;
    out += 'literal' in part ? part.literal : tokenText(p, part.token);
  }
  return out;
}

const layoutCache = new Map<string, LayoutPart[]>();
/** tokenizeLayout, once per layout. */
function tokenized(layout: string): LayoutPart[] {
  let parts = layoutCache.get(layout);
  if (!parts) {
    parts = tokenizeLayout(layout);
    layoutCache.set(layout, parts);
  }
  return parts;
}

function tokenText(p: DateParts, token: DateToken): string {
  switch (token) {
    case 'YYYY':
      return pad(p.y, 4);
    case 'YY':
      return pad(p.y % 100, 2);
    case 'MMMM':
      return MONTHS[p.mo - 1] as string;
    case 'MMM':
      return (MONTHS[p.mo - 1] as string).slice(0, 3);
    case 'MM':
      return pad(p.mo, 2);
    case 'M':
      return String(p.mo);
    case 'DD':
      return pad(p.d, 2);
    case 'D':
      return String(p.d);
    case 'HH':
      return pad(p.h, 2);
    case 'mm':
      return pad(p.mi, 2);
    case 'ss':
      return pad(p.s, 2);
  }
}

/** The `date` transform on one value. */
export function reformatDate(
  value: unknown,
  from: string | undefined,
  to: string,
): string | number | undefined {
  const p = parseDate(value, from);
  return p ? formatDate(p, to) : undefined;
}

/**
 * The same as reformatDate, with the layout work done once: the compiled mapper's date step.
 * The common case (YYYY, MM and DD to 'date') is checked by position, without the regex.
 */
export function dateReformatter(
  from: string | undefined,
  to: string,
): (v: unknown) => string | number | undefined {
  if (!from || from === 'iso' || from.startsWith('epoch-') || isDateOrder(from))
    return (v) => reformatDate(v, from, to);
  const fixed = to === 'date' ? fixedDateReader(from) : undefined;
  if (fixed) return fixed;
  return (v) => {
    const p = parseWithLayout(v, from);
    return p ? formatDate(p, to) : undefined;
  };
}
