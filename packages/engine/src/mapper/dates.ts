/**
 * Date layouts: a tiny parser/formatter for the tokens YYYY YY MM M DD D HH mm ss MMM MMMM plus
 * 'iso', 'epoch-ms', 'epoch-s'. Dates are re-formatted as written (no time-zone conversion), except
 * epoch values, which are UTC. Each layout becomes one regular expression so that toJsonata can
 * emit the very same pattern. (date-fns would parse, but not give us a shared regex.)
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

export function daysInMonth(y: number, mo: number): number {
  if (mo === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(mo) ? 30 : 31;
}

function valid(p: DateParts): DateParts | undefined {
  if (p.mo < 1 || p.mo > 12 || p.d < 1 || p.d > daysInMonth(p.y, p.mo)) return undefined;
  if (p.h > 23 || p.mi > 59 || p.s > 59) return undefined;
  return p;
}

const patternCache = new Map<string, { re: RegExp; groups: DateToken[] }>();
function compiledPattern(layout: string) {
  let c = patternCache.get(layout);
  if (!c) {
    const p = layoutPattern(layout);
    c = { re: new RegExp(p.source, 'i'), groups: p.groups };
    patternCache.set(layout, c);
  }
  return c;
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

export function parseWithLayout(value: unknown, layout: string): DateParts | undefined {
  if (layout === 'epoch-ms' || layout === 'epoch-s') {
    const n =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && /^-?\d+$/.test(value.trim())
          ? Number(value)
          : Number.NaN;
    return fromEpochMs(layout === 'epoch-s' ? n * 1000 : n);
  }
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (layout === 'iso') return parseIso(text);
  const { re, groups } = compiledPattern(layout);
  const m = re.exec(text);
  if (!m) return undefined;
  const p: DateParts = { y: 1970, mo: 1, d: 1, h: 0, mi: 0, s: 0, frac: '', zone: '', hasTime: false };
  groups.forEach((g, i) => {
    const v = m[i + 1] as string;
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
  });
  return valid(p);
}

/** Layouts tried, in order, when a date transform has no `from`. US order before day-first. */
export const DETECT_LAYOUTS = [
  'iso',
  'MM/DD/YYYY',
  'DD/MM/YYYY',
  'M/D/YYYY',
  'D/M/YYYY',
  'DD.MM.YYYY',
  'D.M.YYYY',
  'YYYY/MM/DD',
  'DD-MM-YYYY',
  'MM-DD-YYYY',
  'YYYYMMDD',
  'D MMM YYYY',
  'D MMMM YYYY',
  'MMM D, YYYY',
  'MMMM D, YYYY',
  'MM/DD/YYYY HH:mm:ss',
  'MM/DD/YYYY HH:mm',
  'YYYY-MM-DD HH:mm',
  'M/D/YY',
];

export function parseDate(value: unknown, layout?: string): DateParts | undefined {
  if (layout) return parseWithLayout(value, layout);
  for (const l of DETECT_LAYOUTS) {
    const p = parseWithLayout(value, l);
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
  for (const part of tokenizeLayout(layout)) {
    if ('literal' in part) {
      out += part.literal;
      continue;
    }
    switch (part.token) {
      case 'YYYY':
        out += pad(p.y, 4);
        break;
      case 'YY':
        out += pad(p.y % 100, 2);
        break;
      case 'MMMM':
        out += MONTHS[p.mo - 1];
        break;
      case 'MMM':
        out += (MONTHS[p.mo - 1] as string).slice(0, 3);
        break;
      case 'MM':
        out += pad(p.mo, 2);
        break;
      case 'M':
        out += String(p.mo);
        break;
      case 'DD':
        out += pad(p.d, 2);
        break;
      case 'D':
        out += String(p.d);
        break;
      case 'HH':
        out += pad(p.h, 2);
        break;
      case 'mm':
        out += pad(p.mi, 2);
        break;
      case 'ss':
        out += pad(p.s, 2);
        break;
    }
  }
  return out;
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
 * The common case (a token layout to 'date') is a regex match plus string assembly.
 */
export function dateReformatter(
  from: string | undefined,
  to: string,
): (v: unknown) => string | number | undefined {
  if (!from || from === 'iso' || from.startsWith('epoch-')) return (v) => reformatDate(v, from, to);
  const { re, groups } = compiledPattern(from);
  const simple = groups.every((g) => g === 'YYYY' || g === 'MM' || g === 'DD');
  const [iy, im, id] = [groups.indexOf('YYYY') + 1, groups.indexOf('MM') + 1, groups.indexOf('DD') + 1];
  if (simple && to === 'date' && iy && im && id) {
    return (v) => {
      if (typeof v !== 'string') return undefined;
      const m = re.exec(v.trim());
      if (!m) return undefined;
      const y = m[iy] as string;
      const mo = m[im] as string;
      const d = m[id] as string;
      const mon = Number(mo);
      const day = Number(d);
      if (mon < 1 || mon > 12 || day < 1 || day > daysInMonth(Number(y), mon)) return undefined;
      return `${y}-${mo}-${d}`;
    };
  }
  return (v) => {
    const p = parseWithLayout(v, from);
    return p ? formatDate(p, to) : undefined;
  };
}
