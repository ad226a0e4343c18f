/**
 * People's decisions fed back into the model: semi-supervised EM (Nigam, McCallum, Thrun &
 * Mitchell, "Text classification from labeled and unlabeled documents using EM", Machine
 * Learning 2000; for record linkage, Larsen & Rubin, "Iterative automated record linkage using
 * mixture models", JASA 2001). A decided pair takes part in EM with its posterior held at 1 or
 * 0, and moves the posterior of the pairs the model cannot tell from it (its pattern), so m
 * moves towards what people saw; each decision counts once (trainModelWithLabels says why).
 * The session structure is trainModel's (one session per blocking rule, its columns masked).
 *
 * u starts from random sampling, an unbiased sample of all non-matches; "not the same" decisions
 * move it towards the candidates' non-matches (decidedU), as much as a handful of them can
 * against a prior worth U_PRIOR_PAIRS pairs, since they are the hardest ones, picked near the
 * threshold, and would make non-matches look more alike than they are.
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
 * What random pairs say about u counts as this many decided pairs (decidedU): a prior's strength,
 * not a fitted constant: a handful of decisions should move u, one alone should not overturn it
 * (it weighs at most 1/11 against the random pairs). 5, 10, 30 and 100 were tried on the generated
 * households of resolve-labels.test.ts; runs without decisions do not use it.
 */
export const U_PRIOR_PAIRS = 10;

/**
 * u as the "not the same" decisions among the candidates show it: level counts with the
 * random-pair u as a Dirichlet prior worth U_PRIOR_PAIRS pairs. Random pairs tell how often
 * any two records agree, but λ and the scores are about candidates: where non-matching
 * candidates share a field beyond chance (a household's last name and street), a few decisions
 * show it and agreeing on it stops being decisive (8 decisions on households: F1 0.27 -> 0.97).
 * Two guards against the queue's bias towards pairs that agree by chance:
 * - a column every rule that paired the decision blocks on is agreed by construction and says
 *   nothing (the sessions mask it for the same reason): counted, 3 uncertain "not the same"
 *   pairs of people blocked on last name took its u from 0.002 to 0.23 and λ to 0.86, not < 0.1;
 * - u of exact agreement stays under the share of all candidates agreeing exactly (`agreeing`):
 *   u = (share − λ·m) / (1 − λ) can hardly be more. 3 pairs sharing a first name and a 4-digit
 *   code by chance took the code's u from 0.0003 to 0.23 (share 0.02) and F1 from 0.987 to 0.984.
 */
export function decidedU(
  u: Float64Array[],
  labelled: LabelledPattern[],
  comparisons: Comparison[],
  ruleColumns: string[][],
  agreeing: number[],
): Float64Array[] {
  const no = labelled.filter((l) => !l.match && l.rules !== 0);
  const byConstruction = (l: LabelledPattern, column: string) =>
    ruleColumns.every((cols, r) => !(l.rules & (1 << r)) || cols.includes(column));
  return u.map((prior, k) => {
    const counts = prior.map((v) => v * U_PRIOR_PAIRS);
    let n = U_PRIOR_PAIRS;
    for (const l of no) {
      const level = l.levels[k] as number;
      if (level === NULL_LEVEL || byConstruction(l, (comparisons[k] as Comparison).column)) continue;
      counts[level] = (counts[level] as number) + 1;
      n++;
    }
    const out = counts.map((c) => c / n);
    const cap = Math.max(agreeing[k] as number, prior[0] as number);
    if ((out[0] as number) > cap) {
      // the other levels keep their proportions
      const rest = 1 - (out[0] as number);
      for (let l = 1; l < out.length; l++) out[l] = ((out[l] as number) * (1 - cap)) / rest;
      out[0] = cap;
    }
    return out;
  });
}

/** Per comparison, the share of candidate pairs (non-empty on it) that agree exactly. */
export function agreeingShare(patterns: Pattern[], comparisons: Comparison[]): number[] {
  return comparisons.map((_, k) => {
    let agree = 0;
    let total = 0;
    for (const p of patterns) {
      const l = p.levels[k] as number;
      if (l === NULL_LEVEL) continue;
      total += p.count;
      if (l === 0) agree += p.count;
    }
    return total ? agree / total : 1;
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
  const tfBase = u.map((x) => x[0] as number);
  u = decidedU(u, labelled, comparisons, ruleColumns, agreeingShare(patterns, comparisons));
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
  const model: FsModel = { lambda: 0.3, m, u, tfBase };
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
