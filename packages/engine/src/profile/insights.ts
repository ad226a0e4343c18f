/**
 * What an import profile warns about in one column: the kind of values it holds (date, money,
 * email, phone, country, id…), several ways of writing them side by side, and spellings that
 * look like one value (case, spacing, accents, a country's name beside its code).
 */
import { dayMonthOrder } from '../mapper/date-patterns.ts';
import { parseDate } from '../mapper/dates.ts';
import { valueFormatOf } from './formats.ts';

export type SemanticType =
  | 'date'
  | 'date-time'
  | 'money'
  | 'percent'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'email'
  | 'phone'
  | 'url'
  | 'uuid'
  | 'country'
  | 'id'
  | 'text';

export interface ValueCount {
  value: string;
  count: number;
}

export interface ColumnInsights {
  semantic: SemanticType;
  /** ways of writing the values (only for dates, money, numbers and phones), most used first */
  formats: { shape: string; example: string; count: number }[];
  /** spellings that look like one value; `canonical` is the most used spelling */
  variants: { canonical: string; values: ValueCount[] }[];
}

/**
 * Country names and codes: ISO 3166-1 alpha-2 codes with their names from the Unicode CLDR
 * (through Intl.DisplayNames) in English and the largest European languages, and CLDR's short
 * forms (UK, US). Keyed by a normalised spelling; built once.
 */
const COUNTRY_LOCALES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt'];
let countries: Map<string, string> | null = null;
function countryIndex() {
  if (countries) return countries;
  countries = new Map();
  const names = COUNTRY_LOCALES.map((l) => new Intl.DisplayNames([l], { type: 'region' }));
  const short = new Intl.DisplayNames(['en'], { type: 'region', style: 'short' });
  for (let a = 65; a < 91; a++)
    for (let b = 65; b < 91; b++) {
      const code = String.fromCharCode(a, b);
      const en = names[0]!.of(code);
      if (!en || en === code || en === 'Unknown Region') continue;
      countries.set(keyOf(code), code);
      for (const n of [...names.map((d) => d.of(code)), short.of(code)])
        if (n && n !== code) countries.set(keyOf(n), code);
    }
  return countries;
}

/** A spelling's key: no accents, lower case, spaces collapsed, dots and edge punctuation gone. */
export function keyOf(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[.'’]/g, '')
    .replace(/[\s_-]+/g, ' ')
    .trim();
}

/** The country a value names (alpha-2 code), if it names one. */
export const countryOf = (value: string) => countryIndex().get(keyOf(value));

/** How a value is written: digit runs as 9, for dates also letter runs as "Mon" (month names). */
function shapeOf(value: string, semantic: SemanticType) {
  const v = value.trim().replace(/\d+([,.']\d{3})*([.,]\d+)?/g, '9');
  return semantic === 'date' || semantic === 'date-time' ? v.replace(/\p{L}+/gu, 'Mon') : v;
}

const share = (list: string[], test: (v: string) => boolean) =>
  list.length ? list.filter(test).length / list.length : 0;

function semanticOf(name: string, distinct: string[], all: string[]): SemanticType {
  if (!all.length) return 'text';
  const formats = all.map((v) => valueFormatOf(v, name));
  const most = (f: string) => formats.filter((x) => x === f).length / all.length;
  for (const f of ['email', 'uuid', 'url', 'phone', 'percent'] as const) if (most(f) >= 0.8) return f;
  if (most('currency') + (most('currency') > 0 ? most('number-string') + most('integer-string') : 0) >= 0.8)
    return 'money';
  const order = dayMonthOrder(all).order;
  if (share(all, (v) => !/^\d+$/.test(v.trim()) && parseDate(v, order) !== undefined) >= 0.8)
    return all.some((v) => /\d:\d\d/.test(v)) ? 'date-time' : 'date';
  if (most('integer-string') >= 0.95)
    return distinct.length === all.length && /(^|_|\s)(id|key|code|no|number)$|id$/i.test(name)
      ? 'id'
      : 'integer';
  if (most('integer-string') + most('number-string') >= 0.95) return 'number';
  if (most('boolean-string') >= 0.95) return 'boolean';
  if (distinct.length && share(distinct, (v) => countryOf(v) !== undefined) >= 0.8) return 'country';
  return 'text';
}

/**
 * Insights of one column from its values (a sample is enough: shares and spellings, not totals).
 * `values` are the column's cells as text, nulls and blanks included.
 */
export function columnInsights(name: string, values: readonly (string | null | undefined)[]): ColumnInsights {
  const all = values.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  const counts = new Map<string, number>();
  for (const v of all) counts.set(v, (counts.get(v) ?? 0) + 1);
  const distinct = [...counts.keys()];
  const semantic = semanticOf(name, distinct, all);

  const formats: ColumnInsights['formats'] = [];
  if (['date', 'date-time', 'money', 'number', 'phone', 'percent'].includes(semantic)) {
    const byShape = new Map<string, { example: string; count: number }>();
    for (const v of all) {
      const s = shapeOf(v, semantic);
      const e = byShape.get(s);
      if (e) e.count++;
      else byShape.set(s, { example: v, count: 1 });
    }
    if (byShape.size > 1)
      formats.push(...[...byShape].map(([shape, e]) => ({ shape, ...e })).sort((a, b) => b.count - a.count));
  }

  const variants: ColumnInsights['variants'] = [];
  // spellings of one value only make sense in a column of few values (categories, countries)
  if (distinct.length >= 2 && distinct.length <= 1000 && semantic !== 'id' && semantic !== 'uuid') {
    const groups = new Map<string, ValueCount[]>();
    for (const [value, count] of counts) {
      const key = (semantic === 'country' && countryOf(value)) || keyOf(value);
      if (!key) continue;
      const g = groups.get(key);
      if (g) g.push({ value, count });
      else groups.set(key, [{ value, count }]);
    }
    for (const g of groups.values())
      if (g.length > 1) {
        g.sort((a, b) => b.count - a.count);
        variants.push({ canonical: g[0]!.value, values: g });
      }
    variants.sort((a, b) => b.values.length - a.values.length);
  }
  return { semantic, formats, variants };
}
