/**
 * The role of a column in entity resolution, inferred from its values only (never its name):
 * the role picks the normaliser, the comparison levels and the blocking keys.
 */
import { dateLayoutsOf, parseLooseNumber, valueFormatOf } from '../profile/formats.ts';
import { LEGAL_FORMS, normaliseText } from '../similarity/normalise.ts';

export type ColumnRole =
  | 'name'
  | 'organisation'
  | 'address'
  | 'text'
  | 'date'
  | 'number'
  | 'code'
  | 'email'
  | 'phone'
  | 'category'
  | 'ignore';

export interface ColumnStats {
  column: string;
  role: ColumnRole;
  /** share of empty values (0..1) */
  nullRate: number;
  /** distinct non-empty values / non-empty values, in the sample */
  distinctRatio: number;
  distinctCount: number;
  avgTokens: number;
  avgLength: number;
  /** why the column is ignored, when it is */
  reason?: string;
}

/**
 * Street-type words: the most used suffixes of USPS Publication 28 (appendix C1) and the
 * Australia Post / Royal Mail equivalents, full and abbreviated.
 */
const STREET_TYPES = new Set([
  'street',
  'st',
  'road',
  'rd',
  'avenue',
  'ave',
  'av',
  'boulevard',
  'blvd',
  'lane',
  'ln',
  'drive',
  'dr',
  'court',
  'ct',
  'place',
  'pl',
  'crescent',
  'cres',
  'circuit',
  'cct',
  'close',
  'terrace',
  'tce',
  'way',
  'highway',
  'hwy',
  'parade',
  'square',
  'sq',
  'parkway',
  'pkwy',
  'circle',
  'cir',
  'suite',
  'ste',
  'apt',
  'unit',
  'floor',
  'po',
  'box',
  'strasse',
  'str',
  'rue',
  'calle',
  'via',
]);

const EMPTY = /^\s*(|null|n\/?a|none|nil|-)\s*$/i;

export const isEmpty = (v: string | null | undefined): v is null | undefined | '' =>
  v === null || v === undefined || EMPTY.test(v);

/** An evenly spread sample of at most `max` values (deterministic). */
function sample<T>(values: readonly T[], max: number): T[] {
  if (values.length <= max) return values.slice();
  const step = values.length / max;
  const out: T[] = [];
  for (let i = 0; i < max; i++) out.push(values[Math.floor(i * step)] as T);
  return out;
}

/**
 * How many corrupted values a column may hold and keep its role. Real exports carry typos, a
 * dropped digit, a letter in a number (Febrl's generator corrupts duplicates exactly so:
 * Christen, "Probabilistic data generation for deduplication and data linkage", 2005), so a role
 * is what a clear majority of the values show (MAJORITY, the share the format checks use for
 * emails and phones), provided nearly all values (NEARLY_ALL) have the layout of that majority:
 * a corrupted date or code keeps its layout, a column of names or free text does not.
 */
const MAJORITY = 0.8;
/** the share of pure digits that made a code before the tolerance (a product choice, kept) */
const NEARLY_ALL = 0.95;
/** the share of calendar dates that made a date before the tolerance (kept) */
const NEARLY_ALL_DATES = 0.9;

/**
 * A value's layout: each run of letters or digits one slot, the separators kept
 * ("1950-01-10" → "x-x-x", "19501a02" → "x", "04 1234 5678" → "x x x"): a typo or a dropped
 * digit keeps the layout, another kind of value does not.
 */
const layoutOf = (v: string) => v.replace(/[\p{L}\p{N}]+/gu, 'x');

/** Fewer values than this fall into a dense range of distinct numbers by chance (ages, counts). */
const SERIAL_MIN_VALUES = 50;

/**
 * A record key numbered in sequence (1, 2, 3… or C1, C2, C3…): every value distinct, one
 * layout around the number, the numbers filling at least half of their range (`total`: the
 * column's length, as the values may be a sample). Comparing it would only add noise: C12 is
 * "like" C1 and C13 to a string comparator, and two records of one person never share it.
 */
function isSerialKey(values: string[], total: number): boolean {
  if (values.length < SERIAL_MIN_VALUES) return false;
  const skeleton = (v: string) => v.replace(/\d+/, '#');
  const first = skeleton(values[0] as string);
  if (!first.includes('#')) return false;
  const numbers = new Set<number>();
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (skeleton(v) !== first) return false;
    const x = Number(/\d+/.exec(v)?.[0]);
    numbers.add(x);
    min = Math.min(min, x);
    max = Math.max(max, x);
  }
  return numbers.size === values.length && max - min + 1 <= 2 * total;
}

export function inferRole(column: string, values: readonly (string | null | undefined)[]): ColumnStats {
  const s = sample(values, 5000);
  const nonNull = s.filter((v): v is string => !isEmpty(v)).map((v) => v.trim());
  const nullRate = s.length ? 1 - nonNull.length / s.length : 1;
  const distinct = new Set(nonNull.map(normaliseText));
  let tokenSum = 0;
  let lengthSum = 0;
  for (const v of nonNull) {
    tokenSum += v.split(/\s+/).length;
    lengthSum += v.length;
  }
  const n = nonNull.length || 1;
  const stats: ColumnStats = {
    column,
    role: 'ignore',
    nullRate,
    distinctRatio: distinct.size / n,
    distinctCount: distinct.size,
    avgTokens: tokenSum / n,
    avgLength: lengthSum / n,
  };
  if (!nonNull.length) return { ...stats, reason: 'every value is empty' };
  if (distinct.size === 1) return { ...stats, reason: 'every value is the same' };
  if (isSerialKey(nonNull, values.length))
    return {
      ...stats,
      reason: 'it looks like a record key (numbered in sequence): it says nothing about who a record is',
    };
  const share = (test: (v: string) => boolean) => nonNull.filter(test).length / nonNull.length;
  const formats = nonNull.map((v) => valueFormatOf(v));
  const fmt = (f: string) => formats.filter((x) => x === f).length / nonNull.length;
  /** share of the values whose layout is one of the layouts of the values passing `test` */
  const sameLayout = (test: (v: string) => boolean) => {
    const layouts = new Set(nonNull.filter(test).map(layoutOf));
    return share((v) => layouts.has(layoutOf(v)));
  };
  const role = ((): ColumnRole => {
    if (fmt('email') >= MAJORITY) return 'email';
    // an 8-digit integer may be YYYYMMDD: a date only when (nearly) all are real calendar dates;
    // dates before phones, as 1950-01-10 also looks like a phone number
    const isDate = (v: string) => dateLayoutsOf(v).length > 0 && (!/^\d+$/.test(v) || v.length === 8);
    const dates = share(isDate);
    if (dates >= NEARLY_ALL_DATES || (dates >= MAJORITY && sameLayout(isDate) >= NEARLY_ALL)) return 'date';
    if (fmt('phone') >= MAJORITY) return 'phone';
    const isDigits = (v: string) => /^\d+$/.test(v);
    const digits = share(isDigits);
    if (digits >= NEARLY_ALL || (digits >= MAJORITY && sameLayout(isDigits) >= NEARLY_ALL)) {
      const years = nonNull.filter(isDigits);
      const year = years.filter((v) => v.length === 4 && +v >= 1800 && +v <= 2100).length;
      return year >= 0.99 * years.length ? 'number' : 'code';
    }
    if (share((v) => parseLooseNumber(v) !== undefined) >= 0.95) return 'number';
    if (distinct.size <= 50 && stats.distinctRatio < 0.05) return 'category';
    if (stats.avgTokens >= 4 || stats.avgLength >= 32) return 'text';
    const words = (v: string) => normaliseText(v).split(' ');
    if (share((v) => words(v).some((w) => LEGAL_FORMS.has(w))) >= 0.1) return 'organisation';
    if (
      share((v) => /\d/.test(v) && /\p{L}/u.test(v)) >= 0.5 ||
      share((v) => words(v).some((w) => STREET_TYPES.has(w))) >= 0.3
    )
      return 'address';
    return 'name';
  })();
  return { ...stats, role };
}
