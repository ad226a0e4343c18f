import type { Transform } from '../spec/types.ts';
import type { SourceFeature, TargetFeature } from './features.ts';
import { conceptOf, conceptSimilarity, nameConcepts, splitWords, type WordWeights } from './names.ts';
import { AGGREGATE_WORDS } from './vocabulary.ts';

/** A scored (source, target) pair before it becomes a candidate. */
export interface Raw {
  si: number;
  score: number;
  notes: string[];
  name: number;
  aggregate?: 'sum' | 'count' | 'avg' | 'min' | 'max';
  /** further sources joined after `si` (concat) */
  also?: number[];
  /** the transform a proposer chose (name parts, address line, aggregates with steps, code lookups) */
  transform?: Transform;
  /** reads its sources without claiming them (a full name feeds first and last name) */
  shared?: boolean;
}

/** Candidates that reduce an array of the source to one value (`total_amount`, `item_count`). */
export function aggregateCandidates(t: TargetFeature, sources: SourceFeature[], weights: WordWeights): Raw[] {
  if (t.info.inArray) return [];
  const words = splitWords(t.info.name);
  // "total_x_count" counts: a count word wins over a sum word
  const isAgg = (w: string, i: number) => AGGREGATE_WORDS.has(w) && (w !== 'number' || i === 0);
  const countAt = words.findIndex((w, i) => isAgg(w, i) && AGGREGATE_WORDS.get(w) === 'count');
  const at = countAt >= 0 ? countAt : words.findIndex(isAgg);
  if (at < 0) return [];
  const fn = AGGREGATE_WORDS.get(words[at]!)!;
  const rest = nameConcepts(words.filter((_, i) => i !== at).join('_'));
  if (!rest.length) return [];
  const out: Raw[] = [];
  const countedArrays = new Set<string>();
  sources.forEach((s, si) => {
    const p = s.profile;
    if (!p.inArray) return;
    const arrayPath = p.path.slice(0, p.path.lastIndexOf('[*]'));
    if (fn === 'count') {
      if (countedArrays.has(arrayPath)) return;
      countedArrays.add(arrayPath);
      const sim = conceptSimilarity(rest, nameConcepts(arrayPath), weights);
      out.push({ si, score: 0.85 * sim, name: sim, notes: ['counts the array elements'], aggregate: fn });
    } else if (s.numeric) {
      const sim = conceptSimilarity(rest, s.path, weights);
      out.push({ si, score: 0.85 * sim + 0.05, name: sim, notes: ['numbers'], aggregate: fn });
    }
  });
  return out;
}

const FULL = new Set(['full', 'complete', 'display', 'whole']);

/** `full_name` / `contact_name` from a first-name and a last-name field of the same record part. */
export function nameConcatCandidates(t: TargetFeature, sources: SourceFeature[]): Raw[] {
  const words = splitWords(t.info.name);
  const first = conceptOf('first');
  const last = conceptOf('last');
  const name = conceptOf('name');
  if (!t.leaf.includes(name) || t.leaf.includes(first) || t.leaf.includes(last)) return [];
  const parent = (s: SourceFeature) => s.profile.path.slice(0, Math.max(0, s.profile.path.lastIndexOf('.')));
  const out: Raw[] = [];
  sources.forEach((f, fi) => {
    if (
      !(f.leaf.includes(first) && f.leaf.includes(name)) ||
      f.numeric ||
      f.profile.inArray !== t.info.inArray
    )
      return;
    const li = sources.findIndex(
      (l) => l.leaf.includes(last) && l.leaf.includes(name) && !l.numeric && parent(l) === parent(f),
    );
    if (li < 0) return;
    const full = words.some((w) => FULL.has(w));
    out.push({
      si: fi,
      also: [li],
      score: full ? 0.75 : 0.5,
      name: full ? 0.9 : 0.6,
      notes: ['first and last name joined'],
    });
  });
  return out;
}
