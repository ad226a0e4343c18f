import type { ValueFormat } from './types.ts';

/**
 * Format detection for single string values. Dates are detected against a fixed list of common
 * layouts; a value may fit several (03/04/2024), so the column-level profiler picks the layout
 * that fits the most values and breaks ties with the order below (US first, as most exports are).
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTHS_LONG = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** Candidate layouts, most common first. 'iso' = ISO 8601 date-time with a `T`. */
export const DATE_LAYOUTS: readonly string[] = [
  'YYYY-MM-DD',
  'MM/DD/YYYY',
  'DD/MM/YYYY',
  'DD.MM.YYYY',
  'YYYY/MM/DD',
  'DD-MM-YYYY',
  'MM-DD-YYYY',
  'MM/DD/YY',
  'DD/MM/YY',
  'DD.MM.YY',
  'YYYYMMDD',
  'D MMM YYYY',
  'DD-MMM-YYYY',
  'MMM D, YYYY',
  'MMMM D, YYYY',
  'D MMMM YYYY',
  'YYYY-MM-DD HH:mm:ss',
  'YYYY-MM-DD HH:mm',
  'MM/DD/YYYY HH:mm:ss',
  'MM/DD/YYYY HH:mm',
  'DD/MM/YYYY HH:mm:ss',
  'DD/MM/YYYY HH:mm',
  'DD.MM.YYYY HH:mm:ss',
  'DD.MM.YYYY HH:mm',
];

interface CompiledLayout {
  layout: string;
  re: RegExp;
  groups: string[];
}

const TOKEN_RE = /YYYY|YY|MMMM|MMM|MM|M|DD|D|HH|mm|ss/g;
const TOKEN_PATTERN: Record<string, string> = {
  YYYY: '(\\d{4})',
  YY: '(\\d{2})',
  MMMM: '([A-Za-z]{3,9})',
  MMM: '([A-Za-z]{3})\\.?',
  MM: '(\\d{2})',
  M: '(\\d{1,2})',
  DD: '(\\d{2})',
  D: '(\\d{1,2})',
  HH: '(\\d{2})',
  mm: '(\\d{2})',
  ss: '(\\d{2}(?:\\.\\d+)?)',
};

function compile(layout: string): CompiledLayout {
  const groups: string[] = [];
  let src = '';
  let last = 0;
  for (const m of layout.matchAll(TOKEN_RE)) {
    src += layout.slice(last, m.index).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    src += TOKEN_PATTERN[m[0]];
    groups.push(m[0]);
    last = m.index + m[0].length;
  }
  src += layout.slice(last).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return { layout, re: new RegExp(`^${src}$`), groups };
}

const COMPILED = DATE_LAYOUTS.map(compile);
const compiledCache = new Map<string, CompiledLayout>(COMPILED.map((c) => [c.layout, c]));

export interface DateParts {
  year: number;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
}

function monthOf(name: string): number {
  const n = name.toLowerCase().replace(/\.$/, '');
  const i = MONTHS_LONG.indexOf(n);
  if (i >= 0) return i + 1;
  return MONTHS.indexOf(n.slice(0, 3)) + 1;
}

/** Parses `value` with a layout; undefined when it does not fit or is not a real calendar date. */
export function parseWithLayout(value: string, layout: string): DateParts | undefined {
  let c = compiledCache.get(layout);
  if (!c) {
    c = compile(layout);
    compiledCache.set(layout, c);
  }
  const m = c.re.exec(value.trim());
  if (!m) return undefined;
  const p: DateParts = { year: 0, month: 0, day: 0 };
  c.groups.forEach((tok, i) => {
    const raw = m[i + 1] ?? '';
    if (tok === 'YYYY') p.year = Number(raw);
    else if (tok === 'YY') p.year = Number(raw) + (Number(raw) < 50 ? 2000 : 1900);
    else if (tok === 'MMM') p.month = monthOf(raw);
    else if (tok === 'MMMM') p.month = MONTHS_LONG.indexOf(raw.toLowerCase()) + 1;
    else if (tok === 'MM' || tok === 'M') p.month = Number(raw);
    else if (tok === 'DD' || tok === 'D') p.day = Number(raw);
    else if (tok === 'HH') p.hour = Number(raw);
    else if (tok === 'mm') p.minute = Number(raw);
    else if (tok === 'ss') p.second = Number(raw);
  });
  if (p.month < 1 || p.month > 12 || p.day < 1) return undefined;
  const dim = new Date(Date.UTC(p.year, p.month, 0)).getUTCDate();
  if (p.day > dim) return undefined;
  if ((p.hour ?? 0) > 23 || (p.minute ?? 0) > 59 || (p.second ?? 0) >= 61) return undefined;
  return p;
}

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** All date layouts `value` fits ('iso' for ISO date-times). */
export function dateLayoutsOf(value: string): string[] {
  const v = value.trim();
  if (v.length < 6 || v.length > 30 || !/\d/.test(v)) return [];
  if (ISO_DATETIME.test(v)) return Number.isNaN(Date.parse(v)) ? [] : ['iso'];
  const out: string[] = [];
  for (const c of COMPILED) if (parseWithLayout(v, c.layout)) out.push(c.layout);
  return out;
}

export function isDateTimeLayout(layout: string): boolean {
  return layout === 'iso' || layout.includes('HH');
}

const RE = {
  email: /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  url: /^(https?:\/\/|www\.)[^\s]+$/i,
  ip: /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/,
  time: /^([01]?\d|2[0-3]):[0-5]\d(:[0-5]\d)?(\s?[AaPp][Mm])?$/,
  currency:
    /^\(?[-+]?\s?([$€£¥₹]|[A-Z]{3}\s)\s?\d{1,3}(([,\s]?\d{3})*|\d*)(\.\d{1,2})?\)?$|^\(?[-+]?\d{1,3}(([,.\s]?\d{3})*|\d*)([.,]\d{1,2})?\s?([$€£¥₹]|\s[A-Z]{3})\)?$/,
  percent: /^[-+]?\d+([.,]\d+)?\s?%$/,
  integer: /^[-+]?\d+$/,
  number: /^[-+]?(\d+|\d{1,3}(,\d{3})+)?(\.\d+)?([eE][-+]?\d+)?$/,
  boolean: /^(true|false|yes|no|y|n|t|f)$/i,
  zip: /^\d{5}-\d{4}$/,
  zip5: /^\d{5}$/,
  phone: /^\+?[\d\s().-]{7,20}$/,
};

/** Non-date formats of one string value, most specific first; `nameHint` disambiguates zip codes. */
export function valueFormatOf(value: string, nameHint = ''): ValueFormat | undefined {
  const v = value.trim();
  if (v === '') return undefined;
  if (RE.uuid.test(v)) return 'uuid';
  if (RE.email.test(v)) return 'email';
  if (RE.url.test(v)) return 'url';
  if (RE.ip.test(v)) return 'ip';
  if (RE.zip.test(v)) return 'zip';
  if (RE.zip5.test(v) && /zip|postal|post_?code|plz/i.test(nameHint)) return 'zip';
  if (RE.integer.test(v)) return 'integer-string';
  if (/\d/.test(v) && RE.number.test(v)) return 'number-string';
  if (RE.percent.test(v)) return 'percent';
  if (/\d/.test(v) && RE.currency.test(v)) return 'currency';
  if (RE.boolean.test(v)) return 'boolean-string';
  if (RE.time.test(v)) return 'time';
  if (RE.phone.test(v) && (v.replace(/\D/g, '').length ?? 0) >= 7 && /[\s().+-]/.test(v)) return 'phone';
  return undefined;
}

/** Parses numbers as people write them: currency symbols, thousands separators, (1.00) negatives, percents. */
export function parseLooseNumber(value: string): number | undefined {
  let v = value.trim();
  if (v === '') return undefined;
  let sign = 1;
  if (/^\(.*\)$/.test(v)) {
    sign = -1;
    v = v.slice(1, -1);
  }
  v = v.replace(/[$€£¥₹%\s]|\b[A-Z]{3}\b/g, '');
  // "1.234,56" (European) when the last separator is a comma followed by 1-2 digits
  if (/,\d{1,2}$/.test(v) && !/,\d{3}/.test(v.replace(/,\d{1,2}$/, '')))
    v = v.replace(/\./g, '').replace(',', '.');
  else v = v.replace(/,/g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(v)) return undefined;
  const n = Number(v) * sign;
  return Number.isFinite(n) ? n : undefined;
}
