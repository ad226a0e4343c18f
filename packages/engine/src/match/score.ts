import type { SourceFeature, TargetFeature } from './features.ts';
import { conceptOf, conceptSimilarity, joinCompounds, trigramSimilarity, type WordWeights } from './names.ts';

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

function rangeOverlap(a: [number, number], b: [number, number]): number {
  const inter = Math.min(a[1], b[1]) - Math.max(a[0], b[0]);
  const union = Math.max(a[1], b[1]) - Math.min(a[0], b[0]);
  if (inter < 0) return 0;
  return union === 0 ? 1 : inter / union;
}

/**
 * Name similarity: words (with synonyms and abbreviations), the full path, characters, docs.
 * A nested target's enclosing objects are context: `organization.id` is the id of an organization,
 * so a source whose name or path does not mention the organization matches its leaf only in part
 * (`id` less than `org_id`).
 */
export function nameScore(s: SourceFeature, t: TargetFeature, weights: WordWeights): number {
  const sl = joinCompounds(s.leaf, t.leaf);
  const tl = joinCompounds(t.leaf, s.leaf);
  let leaf = conceptSimilarity(sl, tl, weights);
  let chars = 0.9 * trigramSimilarity(s.grams, t.grams);
  const nested = t.path.length > t.leaf.length;
  if (nested) {
    const context = t.path.slice(0, t.path.length - t.leaf.length);
    const factor = 0.85 + 0.15 * oneSidedSoft(context, s.path, weights);
    leaf *= factor;
    chars *= factor;
  }
  const path =
    s.path.length > s.leaf.length || nested ? 0.95 * conceptSimilarity(s.path, t.path, weights) : 0;
  const doc = t.doc.length ? 0.8 * oneSided(s.leaf, t.doc, weights) : 0;
  // what the values are names the field too: phone numbers in `Mobile` fit a `phone` target
  const word = FORMAT_WORD.get(s.format ?? '');
  const held = word ? 0.8 * bestWordSimilarity(word, t.leaf) : 0;
  return Math.max(leaf, path, chars, doc, held);
}

/** Formats that name what a value is (the profile detects them from the values themselves). */
const FORMAT_WORD = new Map([
  ['email', conceptOf('email')],
  ['url', conceptOf('url')],
  ['phone', conceptOf('phone')],
]);

function bestWordSimilarity(word: string, words: string[]): number {
  let best = 0;
  for (const y of words) best = Math.max(best, conceptSimilarity([word], [y]));
  return best;
}

/** The weighted share of `a`'s words that have a similar word in `b` (soft, one-sided). */
function oneSidedSoft(a: string[], b: string[], weights: WordWeights): number {
  let num = 0;
  let den = 0;
  for (const x of a) {
    let best = 0;
    for (const y of b) best = Math.max(best, conceptSimilarity([x], [y]));
    num += weights.weight(x) * best;
    den += weights.weight(x);
  }
  return den ? num / den : 0;
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
    const tRange = s.numeric && !s.categorical && srcRange ? t.range : undefined;
    if (tRange && srcRange) cov = Math.max(cov, 0.35 * rangeOverlap(srcRange, tRange));
    // numbers entirely outside the range of the target's example numbers (ages 20–90 against
    // years 1930–2000): the values disagree, whatever the names say
    const apart = tRange && srcRange && (srcRange[1] < tRange[0] || srcRange[0] > tRange[1]);
    const specificity = 1 / (1 + SPEC * Math.log(Math.max(1, ctx.acceptedBy)));
    const size = ctx.distinct >= 3 ? 1 : ctx.distinct === 2 ? 0.8 : 0.6;
    value = cov * specificity * size;
    score = 1 - (1 - 0.85 * name) * (1 - 0.85 * value);
    if (cov >= 0.5) notes.push(`${Math.round(cov * 100)}% of its values fit the target's values`);
    // category values that the target's value list does not admit: probably another field
    const listLike = t.closed || t.values.length <= 50;
    if (cov < 0.3 && (s.categorical || (!s.numeric && !s.date && listLike)) && t.numericValues < 0.5) {
      // examples are an open list: the same name outweighs values the examples happen to miss
      // (values of the same shape: words for words, codes for codes — not `127N` for `Red`)
      const sameName = t.closed || s.shape !== t.shape ? 0 : Math.max(0, (name - 0.8) / 0.2);
      score *= Math.min(1, 0.55 + cov + 0.3 * sameName);
      notes.push('its values do not fit the target values');
    }
    if (s.numeric && !s.categorical && t.numericValues < 0.5 && cov < 0.3) score *= 0.6;
    if (apart && t.values.length >= 3) {
      score *= 0.7;
      notes.push("its numbers lie outside the target's range");
    }
  } else {
    score = 0.85 * name;
  }
  // types and formats: an agreeing semantic format is evidence of its own (email ~ email)
  const fmt = FORMAT_OF[p.format ?? ''];
  const dates = (f: string | undefined) => f === 'date' || f === 'date-time';
  if (fmt && (t.info.format === fmt || (dates(fmt) && dates(t.info.format)))) {
    // without example values the format is all there is to go on, and the fewer targets take it,
    // the more the agreement tells (one date field among 20)
    const common = t.values.length ? 1 : Math.min(1, Math.log(Math.max(1, t.formatPeers)) / Math.log(20));
    score = 1 - (1 - score) * (0.4 + 0.2 * common);
    notes.push(`both ${fmt}`);
  } else if (t.expectsNumber === 'schema' && s.numeric) score = 1 - (1 - score) * 0.8;
  if (t.expectsNumber === 'schema' && !s.numeric) score *= 0.5;
  else if (t.expectsNumber === 'name' && !s.numeric) score *= s.date ? 0.6 : 0.75;
  else if (t.expectsNumber !== 'no' && s.numeric) {
    score = Math.min(1, score + 0.05);
    notes.push('numbers');
  }
  // identifiers and links of one pattern (`http://www.wikidata.org/entity/Q…`): a shared pattern
  // is evidence, a pattern on one side only (every value of one site vs links to many sites) is not
  if ((s.idLike || p.format === 'url') && t.values.length > 0) {
    const st = s.template;
    const tt = t.template;
    if (st && tt && (st.startsWith(tt) || tt.startsWith(st))) {
      score = 1 - (1 - score) * 0.6;
      notes.push(`same value pattern (${st.length <= tt.length ? st : tt}…)`);
    } else if ((st && t.manyValues) || (tt && s.values.length >= 5)) score *= 0.7;
  }
  // what the values are outvotes the name: dates into a field whose examples are not dates, or the
  // reverse, and values that cannot be identifiers into an `…_id` field
  if ((t.expectsDate || t.valueKind === 'date') && !s.date) score *= 0.6;
  else if (s.date && t.valueKind === 'text') {
    score *= 0.6;
    notes.push("its dates do not fit the target's values");
  }
  if (t.namesId && !s.idLike) {
    score *= 0.7;
  }
  if (
    t.expectsBoolean &&
    !(p.type === 'boolean' || p.format === 'boolean-string' || (s.categorical && ctx.distinct <= 3))
  )
    score *= 0.6;
  if (p.inArray !== t.info.inArray) score *= 0.6;
  if (p.nullRate >= 0.99) score *= 0.5;
  return { score, name, value, notes };
}
