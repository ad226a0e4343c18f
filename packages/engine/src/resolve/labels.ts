/**
 * People's decisions fed back into the model: semi-supervised EM (Nigam, McCallum, Thrun &
 * Mitchell, "Text classification from labeled and unlabeled documents using EM", Machine
 * Learning 2000; for record linkage, Larsen & Rubin, "Iterative automated record linkage using
 * mixture models", JASA 2001). A decided pair takes part in EM with its posterior held at 1 or
 * 0, and moves the posterior of the pairs the model cannot tell from it (its pattern), so m
 * moves towards what people saw; each decision counts once (trainModelWithLabels says why).
 * The session structure is trainModel's (one session per blocking rule, its columns masked).
 *
 * u stays as random sampling estimated it: random pairs are an unbiased sample of non-matches,
 * while labelled "not the same" pairs are the hardest ones, picked near the threshold, and would
 * make non-matches look more alike than they are.
 */
import type { Candidates } from './blocking.ts';
import { type Comparison, NULL_LEVEL } from './levels.ts';
import {
  computeLevels,
  type Decided,
  expectationMaximisation,
  type FsModel,
  initialM,
  type Pattern,
} from './model.ts';
import type { ScoredPairs } from './score.ts';

/** A decided pair of record indices. */
export interface Label {
  a: number;
  b: number;
  match: boolean;
}

/** A pattern whose posterior is fixed: 1 for "the same", 0 for "not the same". */
export interface LabelledPattern extends Pattern {
  match: boolean;
}

/** Labels as patterns: their comparison levels and the blocking rules that paired them (0: none). */
export function labelledPatterns(
  labels: Label[],
  comparisons: Comparison[],
  candidates: Candidates,
): LabelledPattern[] {
  if (!labels.length) return [];
  const a = Int32Array.from(labels, (l) => Math.min(l.a, l.b));
  const b = Int32Array.from(labels, (l) => Math.max(l.a, l.b));
  const levels = computeLevels(comparisons, a, b, labels.length);
  const at = candidateIndex(labels, candidates);
  const c = comparisons.length;
  return labels.map((l, i) => {
    const p = at[i] as number;
    return {
      levels: levels.slice(i * c, (i + 1) * c),
      rules: p < 0 ? 0 : (candidates.rules[p] as number),
      count: 1,
      match: l.match,
    };
  });
}

/** Each label's index among the candidate pairs (-1 when blocking did not pair it). */
export function candidateIndex(labels: Label[], candidates: Candidates): Int32Array {
  const key = (x: number, y: number) => `${Math.min(x, y)},${Math.max(x, y)}`;
  const wanted = new Map(labels.map((l, i) => [key(l.a, l.b), i]));
  const out = new Int32Array(labels.length).fill(-1);
  const { a, b, length } = candidates.pairs;
  for (let p = 0; p < length && wanted.size; p++) {
    const k = key(a[p] as number, b[p] as number);
    const i = wanted.get(k);
    if (i !== undefined) {
      out[i] = p;
      wanted.delete(k);
    }
  }
  return out;
}

/**
 * Where EM starts: m as the "the same" decisions show it (level counts, with initialM as a
 * Dirichlet prior worth one pair). EM finds a local optimum (Winkler 1988 warns the unlabelled
 * optimum may be a wrong class, e.g. "same household" instead of "same person"); starting from
 * what people decided puts it in the right basin.
 */
export function supervisedM(comparisons: Comparison[], labelled: LabelledPattern[]): Float64Array[] {
  const start = initialM(comparisons);
  const yes = labelled.filter((l) => l.match);
  return start.map((prior, k) => {
    const counts = Float64Array.from(prior);
    let n = 1;
    for (const l of yes) {
      const level = l.levels[k] as number;
      if (level === NULL_LEVEL) continue;
      counts[level] = (counts[level] as number) + 1;
      n++;
    }
    return counts.map((c) => c / n);
  });
}

/**
 * trainModel with labels. Decisions are a biased sample: the queue shows the uncertain pairs,
 * so their mix of "the same" and "not the same" is not the candidates' mix, and a matched pair
 * people were asked about is one that disagrees somewhere. Weighed up to count as much as all
 * the unlabelled pairs (Nigam et al.'s EM-λ, which this replaced), 5 "the same" + 3 "not the
 * same" took λ from 0.01 to 0.32 and the m of a field the uncertain matches disagreed on from
 * 0.6 to 0.02, skewing every score. So here a decision counts once, as the pair it is, and
 * speaks for the pairs the model cannot tell from it: a pattern (levels and rules) holding
 * decided pairs gets the posterior (yes + p) / (n + 1), the decisions on it with the model's
 * own p worth one more (decided pairs blocking did not pair join as their own patterns, held
 * at 1 or 0). Each blocking rule's session starts from supervisedM, so a wrong optimum of the
 * unlabelled pairs (e.g. "everyone with this name is one person") is left from the right
 * basin; λ comes out of the whole candidate population.
 */
export function trainModelWithLabels(
  patterns: Pattern[],
  comparisons: Comparison[],
  u: Float64Array[],
  ruleColumns: string[][],
  labelled: LabelledPattern[],
): FsModel {
  const c = comparisons.length;
  const keyOf = (p: Pattern) => `${p.levels.join(',')}|${p.rules}`;
  const decided = new Map<string, Decided>();
  for (const l of labelled) {
    const d = decided.get(keyOf(l)) ?? { yes: 0, n: 0 };
    d.n++;
    if (l.match) d.yes++;
    decided.set(keyOf(l), d);
  }
  const touched = new Set<string>();
  const informed: (Pattern & { match?: boolean; decided?: Decided })[] = patterns.map((p) => {
    const d = decided.get(keyOf(p));
    if (!d) return p;
    touched.add(keyOf(p));
    return { ...p, decided: d };
  });
  // decisions on pairs outside the (sampled) candidates: their own patterns, held at 1 or 0
  for (const l of labelled) if (!touched.has(keyOf(l))) informed.push(l);
  const sums = initialM(comparisons).map((m) => m.map(() => 0));
  const weights = new Float64Array(c);
  ruleColumns.forEach((cols, r) => {
    const subset = informed.filter((p) => p.rules & (1 << r));
    if (!subset.length) return;
    const masked = new Set<number>();
    comparisons.forEach((cmp, k) => {
      if (cols.includes(cmp.column)) masked.add(k);
    });
    if (masked.size === c) return;
    const model: FsModel = { lambda: 0.3, m: supervisedM(comparisons, labelled), u };
    const { expected } = expectationMaximisation(subset, model, { masked, fixed: new Set() });
    for (let k = 0; k < c; k++) {
      if (masked.has(k)) continue;
      (model.m[k] as Float64Array).forEach((v, l) => {
        const row = sums[k] as Float64Array;
        row[l] = (row[l] as number) + v * expected;
      });
      weights[k] = (weights[k] as number) + expected;
    }
  });
  const m = supervisedM(comparisons, labelled);
  const fixed = new Set<number>();
  for (let k = 0; k < c; k++)
    if ((weights[k] as number) > 0) {
      m[k] = (sums[k] as Float64Array).map((v) => v / (weights[k] as number));
      fixed.add(k);
    }
  const model: FsModel = { lambda: 0.3, m, u };
  // comparisons masked in every session, and λ, over all candidates
  model.lambda = expectationMaximisation(informed, model, { masked: new Set(), fixed }).lambda;
  return model;
}

/**
 * Decided pairs are known: their probability becomes 1 or 0, so the expected precision and
 * recall along the threshold curve (and the automatic threshold) count them as what they are.
 */
export function clampDecided(scored: ScoredPairs, labels: Label[], at: Int32Array) {
  labels.forEach((l, i) => {
    const p = at[i] as number;
    if (p >= 0) scored.probability[p] = l.match ? 1 : 0;
  });
}
