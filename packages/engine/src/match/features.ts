import type { FieldProfile } from '../profile/types.ts';
import { isNullLike, normalizeText, stem, valueKeys } from '../values/normalize.ts';
import { nameConcepts, nameTrigrams, splitWords } from './names.ts';
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
}

const NUMERIC_FORMATS = new Set(['integer-string', 'number-string', 'currency', 'percent']);
const MAX_VALUES = 300;

export function sourceFeature(p: FieldProfile): SourceFeature {
  const numeric = p.type === 'number' || p.type === 'integer' || NUMERIC_FORMATS.has(p.format ?? '');
  const date = p.format === 'date' || p.format === 'date-time';
  const values = (p.distinct?.map((d) => String(d.value)) ?? p.sampleValues ?? p.examples.map(String)).slice(
    0,
    MAX_VALUES,
  );
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
  };
}

export function targetFeature(t: TargetInfo): TargetFeature {
  const values = (t.enum ?? t.examples ?? []).filter((v) => v !== null && v !== undefined && v !== '');
  const numCount = values.filter(
    (v) => typeof v === 'number' || /^[-+]?\d+(\.\d+)?$/.test(String(v).trim()),
  ).length;
  const words = splitWords(t.name);
  const schemaNumeric = t.types.some((x) => x === 'number' || x === 'integer') && !t.types.includes('string');
  const nameNumeric =
    words.some((w) => NUMERIC_WORDS.has(w)) || /^(days|years|months|weeks|hours)$/.test(words[0] ?? '');
  const parents = t.path.split('.').slice(0, -1).join(' ');
  return {
    info: t,
    leaf: nameConcepts(t.name || t.path),
    path: nameConcepts(`${parents} ${t.name}`),
    doc: nameConcepts(normalizeText(`${t.title ?? ''} ${t.description ?? ''}`)),
    values,
    closed: Boolean(t.enum?.length),
    numericValues: values.length ? numCount / values.length : 0,
    expectsNumber: schemaNumeric ? 'schema' : nameNumeric && values.length === 0 ? 'name' : 'no',
    expectsDate: t.format === 'date' || t.format === 'date-time',
    expectsBoolean: t.types.includes('boolean') && !t.types.includes('string'),
    grams: nameTrigrams(t.name),
  };
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
