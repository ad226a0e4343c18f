import type { SourceFeature, TargetFeature } from './features.ts';
import { conceptSimilarity, joinCompounds, trigramSimilarity, type WordWeights } from './names.ts';

const SPEC = 0.5;

const FORMAT_OF: Record<string, string> = {
  email: 'email',
  url: 'uri',
  uuid: 'uuid',
  ip: 'ipv4',
  date: 'date',
  'date-time': 'date-time',
  time: 'time',
};

export interface PairScore {
  score: number;
  name: number;
  value?: number;
  /** short phrases for the human-readable reason */
  notes: string[];
}

/** How telling a source's value overlap is: a value list many targets accept says little. */
export interface ValueContext {
  coverage: Float64Array;
  wordCoverage: Float64Array;
  /** number of targets that accept the source's values about as well as the best one */
  acceptedBy: number;
  /** distinct non-null values with keys */
  distinct: number;
}

export function valueContext(
  source: SourceFeature,
  coverage: Float64Array,
  wordCoverage: Float64Array,
): ValueContext {
  let max = 0;
  for (const c of coverage) max = Math.max(max, c);
  const bar = Math.max(0.5, 0.8 * max);
  let acceptedBy = 0;
  for (const c of coverage) if (c >= bar) acceptedBy++;
  return { coverage, wordCoverage, acceptedBy, distinct: source.keys.filter((k) => k.length > 0).length };
}

function oneSided(a: string[], b: string[], weights: WordWeights): number {
  if (!a.length || !b.length) return 0;
  const bs = new Set(b);
  let num = 0;
  let den = 0;
  for (const x of a) {
    den += weights.weight(x);
    if (bs.has(x)) num += weights.weight(x);
  }
  return num / den;
}

function numericRange(values: unknown[]): [number, number] | undefined {
  const nums = values.map((v) => Number(v)).filter((n) => Number.isFinite(n));
  if (nums.length < values.length * 0.8 || nums.length === 0) return undefined;
  return [Math.min(...nums), Math.max(...nums)];
}

function rangeOverlap(a: [number, number], b: [number, number]): number {
  const inter = Math.min(a[1], b[1]) - Math.max(a[0], b[0]);
  const union = Math.max(a[1], b[1]) - Math.min(a[0], b[0]);
  if (inter < 0) return 0;
  return union === 0 ? 1 : inter / union;
}

/** Name similarity: words (with synonyms and abbreviations), the full path, characters, docs. */
export function nameScore(s: SourceFeature, t: TargetFeature, weights: WordWeights): number {
  const sl = joinCompounds(s.leaf, t.leaf);
  const tl = joinCompounds(t.leaf, s.leaf);
  const leaf = conceptSimilarity(sl, tl, weights);
  const path =
    s.path.length > s.leaf.length || t.path.length > t.leaf.length
      ? 0.95 * conceptSimilarity(s.path, t.path, weights)
      : 0;
  const chars = 0.9 * trigramSimilarity(s.grams, t.grams);
  const doc = t.doc.length ? 0.8 * oneSided(s.leaf, t.doc, weights) : 0;
  return Math.max(leaf, path, chars, doc);
}

/** Scores one (source, target) pair from names, values, types and structure. */
export function scorePair(
  s: SourceFeature,
  t: TargetFeature,
  ti: number,
  ctx: ValueContext,
  name: number,
): PairScore {
  const notes: string[] = [];
  const p = s.profile;
  let value: number | undefined;
  let score: number;
  if (t.values.length > 0 && ctx.distinct > 0) {
    let cov = ctx.coverage[ti] ?? 0;
    // small numbers agree with any list of numeric codes by chance
    // (a few small numbers are generic; hundreds of shared distinct numbers, e.g. ids, are not)
    if (s.numeric && t.numericValues >= 0.5) {
      const spread = Math.min(1, Math.max(0, Math.log(ctx.distinct / 20) / Math.log(10)));
      cov *= 0.3 + 0.7 * spread;
    }
    const words = ctx.wordCoverage[ti] ?? 0;
    if (words > cov) {
      cov = Math.max(cov, 0.6 * words);
      if (words >= 0.5) notes.push(`its values use the target values' words (${Math.round(words * 100)}%)`);
    }
    const srcRange =
      p.stats?.min !== undefined && p.stats.max !== undefined
        ? ([p.stats.min, p.stats.max] as [number, number])
        : undefined;
    const tRange = s.numeric && !s.categorical && srcRange ? numericRange(t.values) : undefined;
    if (tRange && srcRange) cov = Math.max(cov, 0.35 * rangeOverlap(srcRange, tRange));
    const specificity = 1 / (1 + SPEC * Math.log(Math.max(1, ctx.acceptedBy)));
    const size = ctx.distinct >= 3 ? 1 : ctx.distinct === 2 ? 0.8 : 0.6;
    value = cov * specificity * size;
    score = 1 - (1 - 0.85 * name) * (1 - 0.85 * value);
    if (cov >= 0.5) notes.push(`${Math.round(cov * 100)}% of its values fit the target's values`);
    // category values that the target's value list does not admit: probably another field
    const listLike = t.closed || t.values.length <= 50;
    if (cov < 0.3 && (s.categorical || (!s.numeric && !s.date && listLike)) && t.numericValues < 0.5) {
      score *= 0.55 + cov;
      notes.push('its values do not fit the target values');
    }
    if (s.numeric && !s.categorical && t.numericValues < 0.5 && cov < 0.3) score *= 0.6;
  } else {
    score = 0.85 * name;
  }
  // types and formats: an agreeing semantic format is evidence of its own (email ~ email)
  const fmt = FORMAT_OF[p.format ?? ''];
  if (fmt && (t.info.format === fmt || (fmt === 'date' && t.info.format === 'date-time'))) {
    score = 1 - (1 - score) * 0.6;
    notes.push(`both ${fmt}`);
  } else if (t.expectsNumber === 'schema' && s.numeric) score = 1 - (1 - score) * 0.8;
  if (t.expectsNumber === 'schema' && !s.numeric) score *= 0.5;
  else if (t.expectsNumber === 'name' && !s.numeric) score *= s.date ? 0.6 : 0.75;
  else if (t.expectsNumber !== 'no' && s.numeric) {
    score = Math.min(1, score + 0.05);
    notes.push('numbers');
  }
  if (t.expectsDate && !s.date) score *= 0.6;
  if (
    t.expectsBoolean &&
    !(p.type === 'boolean' || p.format === 'boolean-string' || (s.categorical && ctx.distinct <= 3))
  )
    score *= 0.6;
  if (p.inArray !== t.info.inArray) score *= 0.6;
  if (p.nullRate >= 0.99) score *= 0.5;
  return { score, name, value, notes };
}
