/**
 * TypeScript source of the helper functions toTypeScript emits. Each one restates a rule of the
 * mapper (mapper/values.ts, transforms.ts, dates.ts, field.ts, spec/paths.ts) in plain, readable
 * code for people who download the mapper: same regular expressions and the same order of
 * checks, so the generated module's output equals compileSpec's (property-tested). Written
 * with String.raw so the regexes read as they run; none of them may contain `${`.
 */
import { ISO_RE_SOURCE, MONTHS } from '../mapper/dates.ts';
import { CURRENCY_MARK_SOURCE, CURRENCY_SYMBOLS, ISO_4217 } from '../mapper/money.ts';
import { NAME_PARTICLES, NAME_SUFFIXES, NAME_TITLES } from '../mapper/parts.ts';
import { CURRENCY_CODE, FALSE_WORDS, NUMBER_NOISE, TRUE_WORDS } from '../mapper/values.ts';

export interface TsHelper {
  deps: string[];
  code: string;
}

const words = (list: readonly string[]) => `[${list.map((w) => `'${w}'`).join(', ')}]`;

export const TS_HELPERS: Record<string, TsHelper> = {
  hasOwn: {
    deps: [],
    code: `function hasOwn(o: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, key);
}`,
  },
  present: {
    deps: [],
    code: `/** null and empty lists count as missing, so defaults apply the same way everywhere. */
function present(v: unknown): boolean {
  return v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0);
}`,
  },
  get: {
    deps: ['hasOwn'],
    code: `/** Reads a path of property names (own properties only, never the prototype chain). */
function get(value: unknown, keys: readonly string[]): unknown {
  let v = value;
  for (const key of keys) {
    if (v === null || typeof v !== 'object' || Array.isArray(v) || !hasOwn(v, key)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}`,
  },
  getAll: {
    deps: ['hasOwn'],
    code: `/**
 * Reads a path through lists: a key ending in [*] walks the elements of the list there (a lone
 * object counts as one element). Gives the values found, list leaves flattened one level, or
 * undefined when there are none.
 */
function getAll(value: unknown, keys: readonly string[]): unknown[] | undefined {
  let current: unknown[] = [value];
  for (const key of keys) {
    const each = key.endsWith('[*]');
    const name = each ? key.slice(0, -3) : key;
    const next: unknown[] = [];
    for (const v of current) {
      if (v === null || typeof v !== 'object' || Array.isArray(v) || !hasOwn(v, name)) continue;
      const child = (v as Record<string, unknown>)[name];
      if (child === undefined) continue;
      if (!each) next.push(child);
      else if (Array.isArray(child)) for (const x of child) next.push(x);
      else if (child !== null && typeof child === 'object') next.push(child);
    }
    current = next;
  }
  const found: unknown[] = [];
  for (const v of current) {
    if (Array.isArray(v)) for (const x of v) found.push(x);
    else found.push(v);
  }
  return found.length > 0 ? found : undefined;
}`,
  },
  elementsOf: {
    deps: [],
    code: `/** The elements a list target is built from: a list's items, or a lone object as one element. */
function elementsOf(v: unknown): unknown[] | undefined {
  if (Array.isArray(v)) return v;
  if (v !== null && typeof v === 'object') return [v];
  return undefined;
}`,
  },
  put: {
    deps: ['hasOwn'],
    code: `/** Stores a value at a path, creating objects on the way; undefined stores nothing. */
function put(out: MappedRecord, keys: readonly string[], value: unknown): void {
  if (value === undefined) return;
  let obj = out;
  for (const key of keys.slice(0, -1)) {
    const next = hasOwn(obj, key) ? obj[key] : undefined;
    if (next !== null && typeof next === 'object' && !Array.isArray(next)) obj = next as MappedRecord;
    else {
      const created: MappedRecord = {};
      obj[key] = created;
      obj = created;
    }
  }
  obj[keys[keys.length - 1] as string] = value;
}`,
  },
  firstPresent: {
    deps: ['present'],
    code: `/** Several sources of one field act as a fallback list: the first one with a value wins. */
function firstPresent(...values: unknown[]): unknown {
  for (const v of values) if (present(v)) return v;
  return undefined;
}`,
  },
  each: {
    deps: ['present'],
    code: `/** Applies a step to a value, or to each element of a list (dropping elements that give nothing). */
function each(v: unknown, step: (x: unknown) => unknown): unknown {
  if (!Array.isArray(v)) return present(v) ? step(v) : undefined;
  const out: unknown[] = [];
  for (const x of v) {
    if (!present(x)) continue;
    const r = step(x);
    if (present(r)) out.push(r);
  }
  return out.length > 0 ? out : undefined;
}`,
  },
  chain: {
    deps: ['present'],
    code: `/** Steps applied left to right; after the first, a missing value ends the chain with no value. */
function chain(v: unknown, steps: readonly ((x: unknown) => unknown)[]): unknown {
  let x = v;
  for (let i = 0; i < steps.length; i++) {
    if (i > 0 && !present(x)) return undefined;
    x = (steps[i] as (x: unknown) => unknown)(x);
  }
  return x;
}`,
  },
  chainAsync: {
    deps: ['present'],
    code: `/** chain() for steps that may be asynchronous (JSONata): each step waits for the one before. */
async function chainAsync(v: unknown, steps: readonly ((x: unknown) => unknown)[]): Promise<unknown> {
  let x = v;
  for (let i = 0; i < steps.length; i++) {
    if (i > 0 && !present(x)) return undefined;
    x = await (steps[i] as (x: unknown) => unknown)(x);
  }
  return x;
}`,
  },
  toText: {
    deps: [],
    code: `/** Text of a value; numbers print with 15 significant digits (0.1 + 0.2 gives "0.3"). */
function toText(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? String(Number(v.toPrecision(15))) : undefined;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return undefined;
}`,
  },
  toNumber: {
    deps: [],
    code: `/**
 * "$1,234.50" and "USD 1,234.50" give 1234.5, "799,41 €" 799.41, "1.200,50 EUR" 1200.5, "(12.00)"
 * -12 (accounting negative), "45%" 0.45, " 7 " 7; true/false give 1/0. Anything else (including
 * "", "1e5", "abc") gives undefined. The decimal separator: when both . and , occur the last
 * one; a single comma followed by one or two digits at the end (or any single comma when the
 * column writes decimal commas); a single dot (except before exactly three digits in a
 * decimal-comma column). Other separators are thousands separators; a dot as one must be
 * followed by exactly three digits.
 */
function toNumber(v: unknown, decimalComma = false): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v !== 'string') return undefined;
  let t = v.trim();
  t = t.replace(/${CURRENCY_CODE.source}/g, ''); // an ISO 4217 code or the letters of US$: "USD 1,234.50", "99 EUR"
  const negative = /^\\(.*\\)$/.test(t);
  if (negative) t = t.slice(1, -1);
  const percent = t.endsWith('%');
  if (percent) t = t.slice(0, -1);
  t = t.replace(/${NUMBER_NOISE.source}/g, ''); // spaces and currency symbols
  const comma = t.includes(',');
  const dot = t.includes('.');
  const dec =
    comma && dot
      ? /,[^.]*$/.test(t) ? ',' : '.'
      : comma && /^[^,]*,[^,]*$/.test(t) && (decimalComma || /,\\d{1,2}$/.test(t))
        ? ','
        : dot && /^[^.]*\\.[^.]*$/.test(t) && !(decimalComma && /\\.\\d{3}$/.test(t))
          ? '.'
          : '';
  if (dec === '.') t = t.replace(/,/g, '');
  else if (/\\.(?!\\d{3}(?:\\D|$))/.test(t)) return undefined;
  else t = dec === ',' ? t.replace(/\\./g, '').replace(/,/g, '.') : t.replace(/[.,]/g, '');
  if (!/^-?\\d+(\\.\\d+)?$/.test(t)) return undefined;
  let n = Number(t);
  if (!Number.isFinite(n)) return undefined;
  if (percent) n = n / 100;
  if (negative) n = 0 - n;
  return n === 0 ? 0 : n; // never -0: it does not survive JSON
}`,
  },
  toInteger: {
    deps: ['toNumber'],
    code: `/** A number rounded half up. */
function toInteger(v: unknown, decimalComma = false): number | undefined {
  const n = toNumber(v, decimalComma);
  return n === undefined ? undefined : Math.floor(n + 0.5);
}`,
  },
  currencyOf: {
    deps: ['hasOwn'],
    code: `/**
 * The ISO 4217 code an amount names by a code or symbol before or after it ("€799.41" gives
 * EUR, "USD 1,200.50" USD); symbols as Unicode CLDR writes them in English.
 */
function currencyOf(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const m = /${CURRENCY_MARK_SOURCE}/.exec(v.trim());
  if (!m) return undefined;
  const code = m[1] ?? m[3];
  if (code !== undefined) return ISO_4217.includes(code) ? code : undefined;
  const symbol = (m[2] ?? m[4]) as string;
  return hasOwn(CURRENCY_SYMBOLS, symbol) ? CURRENCY_SYMBOLS[symbol] : undefined;
}
const ISO_4217 = ${words(ISO_4217)};
const CURRENCY_SYMBOLS: Record<string, string> = ${JSON.stringify(CURRENCY_SYMBOLS)};`,
  },
  toBoolean: {
    deps: [],
    code: `/** yes/no, y/n, true/false, t/f, 1/0 (any case, trimmed), the numbers 1 and 0, booleans. */
function toBoolean(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v === 1 ? true : v === 0 ? false : undefined;
  if (typeof v !== 'string') return undefined;
  const t = v.trim().toLowerCase();
  if (TRUE_WORDS.includes(t)) return true;
  if (FALSE_WORDS.includes(t)) return false;
  return undefined;
}
const TRUE_WORDS = ${words(TRUE_WORDS)};
const FALSE_WORDS = ${words(FALSE_WORDS)};`,
  },
  trimText: {
    deps: ['toText'],
    code: String.raw`/** Runs of spaces, tabs and line breaks become one space; none at either end. */
function trimText(v: unknown): string | undefined {
  const s = toText(v);
  return s === undefined ? undefined : s.replace(/^[ \t\n\r]+|[ \t\n\r]+$/g, '').replace(/[ \t\n\r]+/g, ' ');
}`,
  },
  upperText: {
    deps: ['toText'],
    code: `function upperText(v: unknown): string | undefined {
  return toText(v)?.toUpperCase();
}`,
  },
  lowerText: {
    deps: ['toText'],
    code: `function lowerText(v: unknown): string | undefined {
  return toText(v)?.toLowerCase();
}`,
  },
  titleText: {
    deps: ['toText'],
    code: `/** Lower case, then the first letter of each space-separated word in upper case. */
function titleText(v: unknown): string | undefined {
  const s = toText(v);
  if (s === undefined) return undefined;
  return s
    .toLowerCase()
    .split(' ')
    .map((word) => {
      const first = (word.codePointAt(0) ?? 0) > 0xffff ? 2 : 1;
      return word.slice(0, first).toUpperCase() + word.slice(first);
    })
    .join(' ');
}`,
  },
  splitPart: {
    deps: ['toText'],
    code: `/** The part at index after splitting on separator (a negative index counts from the end). */
function splitPart(v: unknown, separator: string, index: number): string | undefined {
  const s = toText(v);
  if (s === undefined || separator === '') return undefined;
  const parts = s.split(separator);
  const i = index < 0 ? parts.length + index : index;
  return i >= 0 && i < parts.length ? parts[i] : undefined;
}`,
  },
  roundTo: {
    deps: ['toNumber'],
    code: `/** A number rounded half up to some decimals. */
function roundTo(v: unknown, decimals: number): number | undefined {
  const n = toNumber(v);
  if (n === undefined) return undefined;
  const f = 10 ** decimals;
  const r = Math.floor(n * f + 0.5) / f;
  return Number.isFinite(r) ? r : undefined;
}`,
  },
  namePart: {
    deps: ['toText'],
    code: String.raw`/**
 * One part of a person's name. With a comma the name is "Last, First Middle" unless only suffixes
 * follow it ("John Smith, Jr."); a leading title is dropped, trailing suffixes are kept apart, the
 * last word (with lower-case particles before it: "van Gogh") is the last name, the first word
 * the first name, the words between the middle name. One word is a first name.
 */
function namePart(v: unknown, part: 'first' | 'middle' | 'last' | 'suffix'): string | undefined {
  const text = toText(v);
  if (text === undefined) return undefined;
  const words = (s: string) => s.split(/\s+/).filter((w) => w !== '');
  const bare = (w: string) => w.toLowerCase().replace(/\./g, '');
  const isSuffix = (w: string) => NAME_SUFFIXES.includes(bare(w));
  const comma = text.indexOf(',');
  let given: string[];
  let family: string[] | undefined;
  const suffix: string[] = [];
  if (comma >= 0) {
    const left = words(text.slice(0, comma));
    const right = words(text.slice(comma + 1).replace(/,/g, ' '));
    if (right.length > 0 && right.every(isSuffix)) {
      given = left;
      suffix.push(...right);
    } else {
      given = right;
      family = left;
    }
  } else given = words(text);
  const tail = family ?? given;
  const found: string[] = [];
  while (tail.length > 1 && isSuffix(tail[tail.length - 1] as string)) found.unshift(tail.pop() as string);
  suffix.unshift(...found);
  while (given.length > 1 && NAME_TITLES.includes(bare(given[0] as string))) given.shift();
  if (family === undefined) {
    if (given.length === 0) return undefined;
    let at = given.length;
    if (given.length > 1) {
      at = given.length - 1;
      while (at > 1 && NAME_PARTICLES.includes(given[at - 1] as string)) at--;
    }
    family = given.slice(at);
    given = given.slice(0, at);
  }
  if (part === 'first') return given[0];
  if (part === 'middle') return given.length > 1 ? given.slice(1).join(' ') : undefined;
  if (part === 'last') return family.length > 0 ? family.join(' ') : undefined;
  return suffix.length > 0 ? suffix.join(' ') : undefined;
}
const NAME_TITLES = ${words(NAME_TITLES)};
const NAME_SUFFIXES = ${words(NAME_SUFFIXES)};
const NAME_PARTICLES = ${words(NAME_PARTICLES)};`,
  },
  phone: {
    deps: ['toText'],
    code: String.raw`/**
 * A phone number as its national digits or in E.164: an extension (from the first letter on),
 * punctuation and spaces are dropped; the country code (after +, 00 or nothing) in front of a
 * national number of the right length is removed; a + number of another country is kept in E.164.
 */
function phone(v: unknown, to: 'digits' | 'e164', countryCode: string, nationalLength: number): string | undefined {
  const text = toText(v);
  if (text === undefined) return undefined;
  const main = text.replace(/[A-Za-z][\s\S]*$/, '');
  const plus = /^\s*(\+|00)/.test(main);
  let d = main.replace(/\D/g, '');
  if (/^\s*00/.test(main)) d = d.slice(2);
  let national: string | undefined;
  if (d.length === nationalLength && !plus) national = d;
  else if (d.length === countryCode.length + nationalLength && d.startsWith(countryCode)) {
    national = d.slice(countryCode.length);
  }
  if (national !== undefined) return to === 'digits' ? national : '+' + countryCode + national;
  if (plus && to === 'e164' && d.length >= 8 && d.length <= 15 && d[0] !== '0') return '+' + d;
  return undefined;
}`,
  },
  lookup: {
    deps: ['toText'],
    code: `/** The table's value for a value's text; a miss keeps the value or gives nothing (the default then applies). */
function lookup(v: unknown, table: ReadonlyMap<string, unknown>, caseInsensitive: boolean, keep: boolean): unknown {
  const s = toText(v);
  if (s !== undefined) {
    const key = caseInsensitive ? s.toLowerCase() : s;
    if (table.has(key)) return table.get(key);
  }
  return keep ? v : undefined;
}`,
  },
  calc: {
    deps: ['toNumber'],
    code: `function calc(v: unknown, op: '+' | '-' | '*' | '/', operand: number): number | undefined {
  const n = toNumber(v);
  if (n === undefined) return undefined;
  const r = op === '+' ? n + operand : op === '-' ? n - operand : op === '*' ? n * operand : n / operand;
  return Number.isFinite(r) ? r : undefined;
}`,
  },
  listOf: {
    deps: ['present'],
    code: `function listOf(v: unknown): unknown[] {
  return Array.isArray(v) ? v : present(v) ? [v] : [];
}`,
  },
  numbersOf: {
    deps: ['listOf', 'toNumber'],
    code: `/** The values of a list that read as numbers, in order. */
function numbersOf(v: unknown): number[] {
  const out: number[] = [];
  for (const x of listOf(v)) {
    const n = toNumber(x);
    if (n !== undefined) out.push(n);
  }
  return out;
}`,
  },
  countOf: {
    deps: ['listOf'],
    code: `function countOf(v: unknown): number {
  return listOf(v).length;
}`,
  },
  firstOf: {
    deps: ['listOf'],
    code: `function firstOf(v: unknown): unknown {
  return listOf(v)[0];
}`,
  },
  lastOf: {
    deps: ['listOf'],
    code: `function lastOf(v: unknown): unknown {
  const list = listOf(v);
  return list[list.length - 1];
}`,
  },
  joinOf: {
    deps: ['listOf', 'toText'],
    code: `/** The texts of a list's values joined with separator (values without a text are skipped). */
function joinOf(v: unknown, separator: string): string {
  const texts: string[] = [];
  for (const x of listOf(v)) {
    const s = toText(x);
    if (s !== undefined) texts.push(s);
  }
  return texts.join(separator);
}`,
  },
  sumOf: {
    deps: ['numbersOf'],
    code: `function sumOf(v: unknown): number {
  let sum = 0;
  for (const n of numbersOf(v)) sum += n;
  return sum;
}`,
  },
  minOf: {
    deps: ['numbersOf'],
    code: `function minOf(v: unknown): number | undefined {
  const ns = numbersOf(v);
  if (ns.length === 0) return undefined;
  let min = Number.POSITIVE_INFINITY;
  for (const n of ns) min = Math.min(min, n);
  return min;
}`,
  },
  maxOf: {
    deps: ['numbersOf'],
    code: `function maxOf(v: unknown): number | undefined {
  const ns = numbersOf(v);
  if (ns.length === 0) return undefined;
  let max = Number.NEGATIVE_INFINITY;
  for (const n of ns) max = Math.max(max, n);
  return max;
}`,
  },
  earliestOf: {
    deps: ['listOf', 'toText'],
    code: `/** The smallest text of a list (ISO dates: the earliest). */
function earliestOf(v: unknown): string | undefined {
  let best: string | undefined;
  for (const x of listOf(v)) {
    const s = toText(x);
    if (s !== undefined && s !== '' && (best === undefined || s < best)) best = s;
  }
  return best;
}`,
  },
  latestOf: {
    deps: ['listOf', 'toText'],
    code: `/** The largest text of a list (ISO dates: the latest). */
function latestOf(v: unknown): string | undefined {
  let best: string | undefined;
  for (const x of listOf(v)) {
    const s = toText(x);
    if (s !== undefined && s !== '' && (best === undefined || s > best)) best = s;
  }
  return best;
}`,
  },
  avgOf: {
    deps: ['numbersOf'],
    code: `function avgOf(v: unknown): number | undefined {
  const ns = numbersOf(v);
  if (ns.length === 0) return undefined;
  let sum = 0;
  for (const n of ns) sum += n;
  return sum / ns.length;
}`,
  },
  concat: {
    deps: ['toText'],
    code: `/** The texts of the values (lists give each element) joined with separator, skipping empty ones. */
function concat(v: unknown, separator: string): string | undefined {
  const texts: string[] = [];
  for (const x of Array.isArray(v) ? v : [v]) {
    for (const y of Array.isArray(x) ? x : [x]) {
      const s = toText(y);
      if (s !== undefined && s !== '') texts.push(s);
    }
  }
  return texts.length > 0 ? texts.join(separator) : undefined;
}`,
  },

  // dates: re-formatted as written (no time-zone conversion), except epoch values, which are UTC
  dateParts: {
    deps: [],
    code: `interface DateParts {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
  /** fraction of a second and zone as written ('' when none) */
  frac: string;
  zone: string;
}`,
  },
  pad: {
    deps: [],
    code: `function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}`,
  },
  months: {
    deps: [],
    code: `const MONTHS = ${words(MONTHS)};`,
  },
  validDate: {
    deps: ['dateParts'],
    code: `/** The parts when they name a real day and time (31 April or 25:00 do not). */
function validDate(p: DateParts): DateParts | undefined {
  const leap = (p.y % 4 === 0 && p.y % 100 !== 0) || p.y % 400 === 0;
  const days = p.mo === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(p.mo) ? 30 : 31;
  if (p.mo < 1 || p.mo > 12 || p.d < 1 || p.d > days) return undefined;
  if (p.h > 23 || p.mi > 59 || p.s > 59) return undefined;
  return p;
}`,
  },
  parseIso: {
    deps: ['validDate'],
    code: `/** An ISO 8601 date or date-time. */
function parseIso(text: string): DateParts | undefined {
  const m = /${ISO_RE_SOURCE}/.exec(text);
  if (!m) return undefined;
  return validDate({
    y: Number(m[1]),
    mo: Number(m[2]),
    d: Number(m[3]),
    h: Number(m[4] ?? 0),
    mi: Number(m[5] ?? 0),
    s: Number(m[6] ?? 0),
    frac: m[7] ?? '',
    zone: m[8] ?? '',
  });
}`,
  },
  parseIsoValue: {
    deps: ['parseIso'],
    code: `function parseIsoValue(v: unknown): DateParts | undefined {
  return typeof v === 'string' ? parseIso(v.trim()) : undefined;
}`,
  },
  parseEpoch: {
    deps: ['parseIso'],
    code: String.raw`/** A count of milliseconds (unitMs 1) or seconds (unitMs 1000) since 1970-01-01 UTC. */
function parseEpoch(v: unknown, unitMs: number): DateParts | undefined {
  const n =
    typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : Number.NaN;
  const ms = n * unitMs;
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return undefined;
  const iso = new Date(ms).toISOString();
  return iso.length === 24 ? parseIso(iso) : undefined;
}`,
  },
  parseLayout: {
    deps: ['validDate', 'months'],
    code: `/**
 * A date layout as a regular expression, and what each of its groups holds: a layout token, or
 * frac (fraction of a second), ampm (a or p) or zone. Groups that took no part are skipped.
 */
interface Layout {
  re: RegExp;
  groups: readonly string[];
}

function parseLayout(v: unknown, layout: Layout): DateParts | undefined {
  if (typeof v !== 'string') return undefined;
  const m = layout.re.exec(v.trim());
  if (!m) return undefined;
  const p: DateParts = { y: 1970, mo: 1, d: 1, h: 0, mi: 0, s: 0, frac: '', zone: '' };
  let ampm = '';
  layout.groups.forEach((token, i) => {
    const text = m[i + 1];
    if (text === undefined) return;
    const n = Number(text);
    if (token === 'YYYY') p.y = n;
    else if (token === 'YY') p.y = n < 70 ? 2000 + n : 1900 + n;
    else if (token === 'MMMM' || token === 'MMM')
      p.mo = MONTHS.findIndex((name) => name.slice(0, 3).toLowerCase() === text.slice(0, 3).toLowerCase()) + 1;
    else if (token === 'MM' || token === 'M') p.mo = n;
    else if (token === 'DD' || token === 'D') p.d = n;
    else if (token === 'HH') p.h = n;
    else if (token === 'mm') p.mi = n;
    else if (token === 'ss') p.s = n;
    else if (token === 'frac') p.frac = text;
    else if (token === 'ampm') ampm = text.toLowerCase();
    else if (token === 'zone') p.zone = zoneText(text);
  });
  // a 12-hour clock: 12 am is 0 h, 12 pm is 12 h
  if (ampm) {
    if (p.h < 1 || p.h > 12) return undefined;
    p.h = (p.h % 12) + (ampm === 'p' ? 12 : 0);
  }
  return validDate(p);
}

/** Z, UTC and GMT are Z; +HH and +HHMM become +HH:MM. */
function zoneText(z: string): string {
  const u = z.toUpperCase();
  if (u === 'Z' || u === 'UTC' || u === 'GMT') return 'Z';
  const digits = z.replace(':', '');
  return digits.slice(0, 3) + ':' + (digits.length > 3 ? digits.slice(3, 5) : '00');
}`,
  },
  dateText: {
    deps: ['dateParts', 'pad'],
    code: `/** YYYY-MM-DD */
function dateText(p: DateParts): string {
  return pad(p.y, 4) + '-' + pad(p.mo, 2) + '-' + pad(p.d, 2);
}`,
  },
  isoText: {
    deps: ['dateParts', 'pad'],
    code: `/** ISO 8601 date-time; Z when the source gave no zone. */
function isoText(p: DateParts): string {
  const time = pad(p.h, 2) + ':' + pad(p.mi, 2) + ':' + pad(p.s, 2) + (p.frac ? '.' + p.frac : '');
  return pad(p.y, 4) + '-' + pad(p.mo, 2) + '-' + pad(p.d, 2) + 'T' + time + (p.zone || 'Z');
}`,
  },
  epochOf: {
    deps: ['isoText'],
    code: `/** Milliseconds (unitMs 1) or whole seconds (unitMs 1000) since 1970-01-01 UTC. */
function epochOf(p: DateParts, unitMs: number): number | undefined {
  const ms = Date.parse(isoText(p));
  if (!Number.isFinite(ms)) return undefined;
  return unitMs === 1000 ? Math.floor(ms / 1000) : ms;
}`,
  },
};

/** Helper names in dependency order (each after the ones it needs), starting from those asked for. */
export function tsHelpersWithDeps(names: Iterable<string>): string[] {
  const out: string[] = [];
  const visit = (n: string) => {
    if (out.includes(n)) return;
    for (const d of TS_HELPERS[n]?.deps ?? []) visit(d);
    out.push(n);
  };
  for (const n of names) visit(n);
  return out;
}
