import { dayMonthOrder } from '../mapper/date-patterns.ts';
import { parseDate } from '../mapper/dates.ts';
import { parseNumber } from '../mapper/values.ts';
import { inferColumnType } from '../profile/column-type.ts';
import type { FieldProfile } from '../profile/types.ts';
import { isNullLike, normalizeText, stem, valueKeys } from '../values/normalize.ts';
import { conceptOf, nameConcepts, nameTrigrams, splitWords } from './names.ts';
import type { TargetInfo } from './target.ts';
import { NUMERIC_WORDS } from './vocabulary.ts';

/** What the matcher knows about one source field. */
export interface SourceFeature {
  profile: FieldProfile;
  leaf: string[];
  path: string[];
  numeric: boolean;
  date: boolean;
  /** few distinct values: a category column (its values are evidence) */
  categorical: boolean;
  /** distinct values considered as value evidence */
  values: string[];
  keys: string[][];
  /** words used in the values (text columns only) */
  words: string[];
  grams: Set<string>;
  /**
   * the values look like identifiers or codes of many things: integers or strings (not decimals,
   * dates, booleans or free text), with many distinct values
   */
  idLike: boolean;
  /** the profile's format, or `phone` when the values are telephone numbers of mixed layouts */
  format?: string;
  /** what most values look like (`shapeOf`) */
  shape: ValueShape;
  /** the prefix all values share, when they are identifiers or links of one pattern (`templateOf`) */
  template?: string;
}

/** What the matcher knows about one target field. */
export interface TargetFeature {
  info: TargetInfo;
  leaf: string[];
  path: string[];
  /** title + description words */
  doc: string[];
  /** allowed (enum) or example values */
  values: unknown[];
  closed: boolean;
  /** share of the value list that is numeric */
  numericValues: number;
  expectsNumber: 'schema' | 'name' | 'no';
  expectsDate: boolean;
  expectsBoolean: boolean;
  grams: Set<string>;
  /** what the target's example values are, when there are a few: dates, numbers or other text */
  valueKind: 'date' | 'number' | 'text' | 'none';
  /** the name's last word is `id` / `identifier` / `uuid` (the field identifies something) */
  namesId: boolean;
  /**
   * how many targets (this one included) take the same kind of formatted value — dates, emails,
   * URLs, UUIDs — set by `ValueIndex`; a format few targets take is specific evidence
   */
  formatPeers: number;
  /** smallest and largest example number, when at least 80 % of the examples are numbers */
  range?: [number, number];
  /** what most example values look like (`shapeOf`) */
  shape: ValueShape;
  /** the prefix all example values share (`templateOf`) */
  template?: string;
  /** at least five example values (enough to tell whether they share a template) */
  manyValues: boolean;
}

const NUMERIC_FORMATS = new Set(['integer-string', 'number-string', 'currency', 'percent']);
/** Numbers as people write them: `1200`, `-3.5`, `$1,200.50`, `1 200 €`, `12%`. */
const NUMBER_LIKE = /^[-+]?\s*[$€£¥]?\s*(\d{1,3}([,\s]\d{3})+|\d+)(\.\d+)?\s*(%|[$€£¥])?$/;

/** Whether a value is a number, possibly written with a currency sign, thousands separators or %. */
export function numberLike(v: unknown): boolean {
  return typeof v === 'number' || (typeof v === 'string' && NUMBER_LIKE.test(v.trim()));
}

/** The number in a value written as `numberLike` accepts (NaN otherwise). */
export function numberOf(v: unknown): number {
  if (typeof v === 'number') return v;
  if (!numberLike(v)) return Number.NaN;
  return Number(String(v).replace(/[\s,$€£¥%]/g, ''));
}

function numericRange(values: unknown[]): [number, number] | undefined {
  if (values.length === 0) return undefined;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let count = 0;
  for (const v of values) {
    const n = numberOf(v);
    if (!Number.isFinite(n)) continue;
    count++;
    if (n < min) min = n;
    if (n > max) max = n;
  }
  return count >= values.length * 0.8 && count > 0 ? [min, max] : undefined;
}

const PHONE_CHARS = /^\+?[\d\s().-]+$/;

/**
 * Telephone numbers written in several layouts (`954.349.6156`, `(698) 500-8263`, `4418007026`,
 * `+1 362 485 3374`): every value is digits with phone punctuation, 7 to 15 digits (ITU-T E.164),
 * and enough of them are punctuated that they are not plain integers.
 */
function phoneNumbers(values: string[]): boolean {
  if (values.length < 3) return false;
  let punctuated = 0;
  for (const v of values) {
    const t = v.trim();
    if (!PHONE_CHARS.test(t)) return false;
    const digits = t.replace(/\D/g, '').length;
    if (digits < 7 || digits > 15) return false;
    if (/[\s().+-]/.test(t)) punctuated++;
  }
  return punctuated >= 0.3 * values.length;
}

function isIdLike(p: FieldProfile, numeric: boolean, date: boolean): boolean {
  if (date || p.type === 'boolean' || p.format === 'boolean-string') return false;
  if (
    p.type === 'number' ||
    p.format === 'number-string' ||
    p.format === 'currency' ||
    p.format === 'percent'
  )
    return false;
  if (!numeric && p.type !== 'string') return false;
  // free text (several words) is not an identifier
  if (!numeric && (p.stats?.maxLength ?? 0) > 40) return false;
  const seen = Math.max(1, p.count - Math.round(p.nullRate * p.count));
  return p.format === 'uuid' || p.distinctCount >= Math.min(10, 0.5 * seen);
}
const MAX_VALUES = 300;

/**
 * Dates written several ways in one column (14/10/2023 beside Sep 7 2023): the profiler sees no
 * one layout, but most values read as dates in the column's day/month order. Bare numbers are
 * not dates here (an epoch or a year would make every id column a date column).
 */
function readsAsDates(values: string[]): boolean {
  const written = values.filter((v) => v.trim() !== '' && !/^[-+]?\d+([.,]\d+)?$/.test(v.trim()));
  if (written.length < 3 || written.length < 0.8 * values.length) return false;
  const order = dayMonthOrder(written).order;
  return written.filter((v) => parseDate(v, order) !== undefined).length >= 0.8 * written.length;
}

/**
 * Amounts written as text several ways (€799.41 beside USD 15.00 beside 42): no one format, but
 * nearly every value reads as a number and most carry a currency (a symbol or an ISO 4217 code)
 * or thousands separators — money, not codes or ids.
 */
function readsAsAmounts(values: string[]): boolean {
  const written = values.filter((v) => v.trim() !== '');
  if (written.length < 3) return false;
  const reads = written.filter((v) => parseNumber(v) !== undefined).length;
  const marked = written.filter((v) => /[$€£¥₹]|(^|\s)[A-Z]{3}(\s|$)|\d,\d{3}/.test(v)).length;
  return reads >= 0.9 * written.length && marked >= 0.5 * written.length;
}

export function sourceFeature(p: FieldProfile): SourceFeature {
  const typed = p.type === 'number' || p.type === 'integer' || NUMERIC_FORMATS.has(p.format ?? '');
  const values = (p.distinct?.map((d) => String(d.value)) ?? p.sampleValues ?? p.examples.map(String)).slice(
    0,
    MAX_VALUES,
  );
  const numeric = typed || (p.type === 'string' && readsAsAmounts(values));
  const date = p.format === 'date' || p.format === 'date-time' || (!numeric && readsAsDates(values));
  const categorical = p.distinct !== undefined && p.distinctCount <= 30 && !date;
  const parents = p.path.split('.').slice(0, -1).join(' ');
  return {
    profile: p,
    leaf: nameConcepts(p.name || p.path),
    path: nameConcepts(`${parents} ${p.name}`),
    numeric,
    date,
    categorical,
    values,
    keys: values.map(valueKeys),
    words: numeric || date ? [] : valueWords(values),
    grams: nameTrigrams(p.name),
    idLike: isIdLike(p, numeric, date),
    format: p.format ?? (phoneNumbers(values) ? 'phone' : undefined),
    shape: shapeOf(values),
    template: templateOf(values),
  };
}

export function targetFeature(t: TargetInfo): TargetFeature {
  const values = (t.enum ?? t.examples ?? []).filter((v) => v !== null && v !== undefined && v !== '');
  const numCount = values.filter(numberLike).length;
  const leaf = nameConcepts(t.name || t.path);
  const words = splitWords(t.name);
  const schemaNumeric = t.types.some((x) => x === 'number' || x === 'integer') && !t.types.includes('string');
  const nameNumeric =
    words.some((w) => NUMERIC_WORDS.has(w)) || /^(days|years|months|weeks|hours)$/.test(words[0] ?? '');
  const parents = t.path.split('.').slice(0, -1).join(' ');
  return {
    info: t,
    leaf,
    path: nameConcepts(`${parents} ${t.name}`),
    doc: nameConcepts(normalizeText(`${t.title ?? ''} ${t.description ?? ''}`)),
    values,
    closed: Boolean(t.enum?.length),
    numericValues: values.length ? numCount / values.length : 0,
    expectsNumber: schemaNumeric ? 'schema' : nameNumeric && values.length === 0 ? 'name' : 'no',
    expectsDate: t.format === 'date' || t.format === 'date-time',
    expectsBoolean: t.types.includes('boolean') && !t.types.includes('string'),
    grams: nameTrigrams(t.name),
    valueKind: valueKindOf(values, numCount),
    formatPeers: 0,
    range: numericRange(values),
    shape: shapeOf(values),
    template: templateOf(values),
    manyValues: values.length >= 5,
    namesId: leaf.length > 0 && leaf[leaf.length - 1] === ID,
  };
}

const ID = conceptOf('identifier');

export type ValueShape = 'number' | 'code' | 'words' | 'mixed' | 'none';

/**
 * What most values look like: numbers, codes (one token with digits or underscores: `127N`,
 * `C3L-001`, `pT2a`, `data_release`), or words (`Cancer Related`, `white`).
 */
export function shapeOf(values: unknown[]): ValueShape {
  const counts = { number: 0, code: 0, words: 0 };
  let n = 0;
  for (const v of values.slice(0, 200)) {
    if (isNullLike(v)) continue;
    n++;
    const x = String(v).trim();
    if (numberLike(x)) counts.number++;
    else if (/[\d_]/.test(x) && !/\s/.test(x)) counts.code++;
    else if (/[a-z]{2}/i.test(x)) counts.words++;
  }
  if (n === 0) return 'none';
  for (const k of ['number', 'code', 'words'] as const) if (counts[k] >= 0.7 * n) return k;
  return 'mixed';
}

const SCHEME = /^([a-z][a-z0-9+.-]*:\/\/)?(www\.)?/i;

/**
 * The prefix shared by all of at least five distinct string values, beyond a URL scheme and `www.`,
 * when it is at least 4 characters: the pattern of identifiers and links of one kind
 * (`http://www.wikidata.org/entity/Q…`, `ORD-2024-…`). Numbers and dates have none.
 */
export function templateOf(values: unknown[]): string | undefined {
  const sample = values.slice(0, 300);
  const strings = sample.filter((v): v is string => typeof v === 'string');
  if (strings.length < 5 || strings.length < sample.length * 0.9) return undefined;
  let prefix = strings[0]!;
  for (const v of strings) {
    let i = 0;
    while (i < prefix.length && i < v.length && prefix[i] === v[i]) i++;
    prefix = prefix.slice(0, i);
    if (!prefix) return undefined;
  }
  const rest = prefix.slice(SCHEME.exec(prefix)?.[0].length ?? 0);
  const partialScheme = 'https://www.'.startsWith(prefix) || 'http://www.'.startsWith(prefix);
  if (partialScheme || rest.length < 4 || /^[-+]?[\d.,\s]*$/.test(prefix)) return undefined;
  return prefix;
}

/** The kind of formatted value a target takes (dates of any layout count as one kind). */
export function formatKind(t: TargetFeature): string | undefined {
  if (t.expectsDate || t.valueKind === 'date') return 'date';
  return t.info.format;
}

function valueKindOf(values: unknown[], numCount: number): TargetFeature['valueKind'] {
  if (values.length < 2) return 'none';
  if (numCount >= 0.8 * values.length) return 'number';
  const sample = values.slice(0, 50).map(String);
  const format = inferColumnType(sample, 0.8).format;
  return format === 'date' || format === 'date-time' ? 'date' : 'text';
}

const WORD_STOP = new Set(['and', 'the', 'for', 'with', 'not', 'other', 'nos', 'than', 'from']);

/** Distinct stemmed words of a value list: lets "Serous" meet "Serous cystadenocarcinoma". */
export function valueWords(values: unknown[]): string[] {
  const out = new Set<string>();
  for (const v of values) {
    if (isNullLike(v)) continue;
    for (const w of normalizeText(String(v)).split(' ')) {
      if (w.length >= 3 && !/\d/.test(w) && !WORD_STOP.has(w)) out.add(stem(w));
    }
  }
  return [...out];
}

/** Inverted index from value keys to the targets whose values have them. */
export class ValueIndex {
  private index = new Map<string, number[]>();
  private words = new Map<string, number[]>();
  private targetCount: number;
  private vocabularySize: Float64Array;
  constructor(targets: TargetFeature[]) {
    this.targetCount = targets.length;
    const peers = new Map<string, number>();
    for (const t of targets) {
      const k = formatKind(t);
      if (k) peers.set(k, (peers.get(k) ?? 0) + 1);
    }
    for (const t of targets) t.formatPeers = peers.get(formatKind(t) ?? '') ?? 0;
    this.vocabularySize = new Float64Array(targets.length);
    targets.forEach((t, i) => {
      if (t.numericValues < 0.5) {
        const vocabulary = valueWords(t.values.slice(0, 5000));
        this.vocabularySize[i] = vocabulary.length;
        for (const w of vocabulary) {
          const list = this.words.get(w);
          if (list) list.push(i);
          else this.words.set(w, [i]);
        }
      }
      const seen = new Set<string>();
      for (const v of t.values.slice(0, 5000)) {
        for (const k of valueKeys(v)) {
          if (seen.has(k)) continue;
          seen.add(k);
          const list = this.index.get(k);
          if (list) list.push(i);
          else this.index.set(k, [i]);
        }
      }
    });
  }

  /** For every target, the IDF-weighted share of the source's value words found in the target's values. */
  wordCoverage(source: SourceFeature): Float64Array {
    const out = new Float64Array(this.targetCount);
    let total = 0;
    for (const w of source.words) {
      const list = this.words.get(w);
      // words no target uses still count against the overlap, with the highest weight
      const idf = Math.log(1 + this.targetCount / (1 + (list?.length ?? 0)));
      total += idf;
      for (const t of list ?? []) out[t]! += idf;
    }
    if (total === 0) return out;
    // a vocabulary that admits almost anything says little about a few words, but a large share
    // of a large source vocabulary found in it is specific (free text of the same kind)
    const own = 30 + source.words.length;
    for (let i = 0; i < out.length; i++) {
      out[i] = out[i]! / total / (1 + 0.25 * Math.log(1 + this.vocabularySize[i]! / own));
    }
    return out;
  }

  /** For every target, the share of the source's distinct values that one of its values agrees with. */
  coverage(source: SourceFeature, targetCount: number): Float64Array {
    const hits = new Float64Array(targetCount);
    let n = 0;
    for (const keys of source.keys) {
      if (keys.length === 0) continue;
      n++;
      const seen = new Set<number>();
      for (const k of keys) for (const t of this.index.get(k) ?? []) seen.add(t);
      for (const t of seen) hits[t]! += 1;
    }
    if (n > 0) for (let i = 0; i < targetCount; i++) hits[i] = hits[i]! / n;
    return hits;
  }
}
