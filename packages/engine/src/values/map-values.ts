import { editSimilarity, isAbbreviation, isNullLike, normalizeText, valueKeys } from './normalize.ts';

export interface ValueMatch {
  source: string;
  /** null when no target value fits well enough */
  target: unknown;
  /** 0..1 */
  confidence: number;
  reason: string;
}

export interface ValueMapping {
  /** lookup table for the `lookup` transform: String(source value) -> target value */
  table: Record<string, unknown>;
  entries: ValueMatch[];
  /** source values without a target */
  unmatched: string[];
  /** share of source values (by distinct value) that got a target */
  coverage: number;
}

export interface MapValuesOptions {
  /** user-given pairs (e.g. from the Excel value mapper); always win, confidence 1 */
  userTable?: Record<string, unknown>;
  /** previously accepted pairs (knowledge); win over computed matches */
  learned?: Record<string, unknown>;
  /** minimum confidence for a computed match */
  minConfidence?: number;
}

function tokens(s: string): string[] {
  return normalizeText(s).split(' ').filter(Boolean);
}

function tokenOverlap(a: string[], b: string[]): number {
  if (!a.length || !b.length) return 0;
  const sb = new Set(b);
  const inter = a.filter((t) => sb.has(t)).length;
  return inter / (a.length + b.length - inter);
}

interface Prepared {
  value: unknown;
  text: string;
  compact: string;
  words: string[];
}

/** Target values indexed so each source value only looks at plausible partners (enums can be large). */
class TargetIndex {
  readonly all: Prepared[];
  private byText = new Map<string, Prepared>();
  private byKey = new Map<string, Prepared[]>();
  private byWord = new Map<string, Prepared[]>();
  private byInitial = new Map<string, Prepared[]>();
  constructor(values: unknown[]) {
    this.all = values.map((value) => {
      const text = normalizeText(String(value));
      return { value, text, compact: text.replace(/ /g, ''), words: tokens(String(value)) };
    });
    const push = (m: Map<string, Prepared[]>, k: string, p: Prepared) => {
      const l = m.get(k);
      if (!l) m.set(k, [p]);
      else if (l[l.length - 1] !== p) l.push(p);
    };
    for (const p of this.all) {
      if (!this.byText.has(p.text)) this.byText.set(p.text, p);
      for (const k of valueKeys(p.value)) push(this.byKey, k, p);
      for (const w of p.words) push(this.byWord, w, p);
      if (p.compact) push(this.byInitial, p.compact[0]!, p);
    }
  }
  exact(text: string) {
    return this.byText.get(text);
  }
  withKey(k: string) {
    return this.byKey.get(k) ?? [];
  }
  withWord(w: string) {
    return this.byWord.get(w) ?? [];
  }
  withInitial(c: string) {
    return this.byInitial.get(c) ?? [];
  }
}

/** The matcher maps many sources onto the same enum array: index it once (arrays are not mutated here). */
const indexCache = new WeakMap<unknown[], TargetIndex>();

/** Best target for one source value with the rule that found it. */
function bestTarget(source: string, index: TargetIndex) {
  const norm = normalizeText(source);
  const exact = index.exact(norm);
  if (exact)
    return { target: exact.value, confidence: 1, reason: 'same value apart from case and punctuation' };
  let best: { target: unknown; confidence: number; reason: string } = {
    target: null,
    confidence: 0,
    reason: 'no similar target value',
  };
  const consider = (target: unknown, confidence: number, reason: string) => {
    if (confidence > best.confidence) best = { target, confidence, reason };
  };
  for (const k of valueKeys(source))
    for (const t of index.withKey(k)) consider(t.value, 0.9, 'same value in another notation');
  const words = tokens(source);
  const compact = norm.replace(/ /g, '');
  for (const w of new Set(words)) {
    for (const t of index.withWord(w)) {
      const ov = tokenOverlap(words, t.words);
      consider(t.value, 0.45 + 0.4 * ov, 'shares words with the target value');
    }
  }
  if (best.confidence >= 0.9 || !compact) return best;
  // abbreviations are short: only short strings are tried as one
  for (const t of index.withInitial(compact[0]!)) {
    if (
      compact.length >= 2 &&
      compact.length <= 12 &&
      compact.length < t.compact.length &&
      isAbbreviation(compact, t.words)
    ) {
      consider(t.value, 0.8, 'abbreviation of the target value');
    }
    if (
      t.compact.length >= 2 &&
      t.compact.length <= 12 &&
      t.compact.length < compact.length &&
      isAbbreviation(t.compact, words)
    ) {
      consider(t.value, 0.8, 'target value abbreviates it');
    }
  }
  if (best.confidence >= 0.8) return best;
  // spelling variants; edit similarity can only reach 0.6 when lengths are within 40%
  const pool = (index.all.length <= 500 ? index.all : index.withInitial(compact[0]!)).filter(
    (t) => Math.abs(compact.length - t.compact.length) <= 0.4 * Math.max(compact.length, t.compact.length),
  );
  // bounded work per value: a huge pool of look-alikes gets no spelling match rather than a slow one
  if (pool.length > 400) return best;
  for (const t of pool) {
    const ed = editSimilarity(compact, t.compact);
    if (ed >= 0.6) consider(t.value, 0.2 + 0.6 * ed, 'similar spelling');
  }
  return best;
}

/**
 * Builds a lookup table from source values onto a target enum. Each entry carries a confidence;
 * user and learned tables take precedence, null-like source values map to null.
 */
export function mapValues(
  sourceValues: Iterable<unknown>,
  targetEnum: unknown[],
  options: MapValuesOptions = {},
): ValueMapping {
  const minConfidence = options.minConfidence ?? 0.5;
  let index = indexCache.get(targetEnum);
  if (!index) {
    index = new TargetIndex(targetEnum.filter((v) => v !== null && v !== undefined));
    indexCache.set(targetEnum, index);
  }
  const user = new Map(Object.entries(options.userTable ?? {}));
  const learned = new Map(Object.entries(options.learned ?? {}));
  const entries: ValueMatch[] = [];
  const seen = new Set<string>();
  for (const v of sourceValues) {
    if (v === null || v === undefined) continue;
    const source = String(v);
    if (seen.has(source)) continue;
    seen.add(source);
    if (user.has(source)) {
      entries.push({ source, target: user.get(source), confidence: 1, reason: 'given by the user' });
    } else if (learned.has(source)) {
      entries.push({ source, target: learned.get(source), confidence: 0.95, reason: 'accepted before' });
    } else if (isNullLike(source) && !index.exact(normalizeText(source))) {
      entries.push({ source, target: null, confidence: 0.9, reason: 'means "no value"' });
    } else {
      const b = bestTarget(source, index);
      entries.push(
        b.confidence >= minConfidence
          ? { source, ...b }
          : { source, target: null, confidence: b.confidence, reason: b.reason },
      );
    }
  }
  const table: Record<string, unknown> = Object.create(null);
  const unmatched: string[] = [];
  for (const e of entries) {
    if (e.target === null && !isNullLike(e.source)) unmatched.push(e.source);
    else table[e.source] = e.target;
  }
  // a plain object for JSON round-trips, built after filling a null-prototype one so `__proto__` stays data
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(table))
    Object.defineProperty(out, k, { value: table[k], enumerable: true, writable: true, configurable: true });
  return {
    table: out,
    entries,
    unmatched,
    coverage: entries.length ? 1 - unmatched.length / entries.length : 0,
  };
}
