/**
 * The Fellegi-Sunter model (Fellegi & Sunter, JASA 1969) as Splink estimates it: u (how often
 * non-matches agree at each level) from randomly sampled record pairs, which are almost all
 * non-matches; m (how often matches do) by expectation-maximisation over the candidate pairs,
 * with no labels (Winkler 1988); one EM session per blocking rule with the rule's own columns
 * left out, since every pair of that rule agrees on them by construction.
 */
import type { Table } from './blocking.ts';
import { type Comparison, NULL_LEVEL } from './levels.ts';
import type { PreparedColumn } from './prepare.ts';

export interface FsModel {
  /** prior probability that a candidate pair is a match */
  lambda: number;
  /** per comparison, per level */
  m: Float64Array[];
  u: Float64Array[];
  /**
   * per comparison, the random-pair u of exact agreement that term-frequency adjustments are
   * relative to (kernel.ts tfBase); u[k][0] when absent. It differs from u[k][0] once
   * decisions moved u (labels.ts decidedU): an exact agreement's weight becomes
   * log2(m / (tf · u[k][0] / tfBase[k])), the value's frequency scaled like the field's u.
   */
  tfBase?: number[];
}

/** Deterministic PRNG (mulberry32) so runs are reproducible. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Levels of every pair for every comparison: row-major, pairs × comparisons. */
export function computeLevels(
  comparisons: Comparison[],
  a: Int32Array,
  b: Int32Array,
  length: number,
): Uint8Array {
  const c = comparisons.length;
  const out = new Uint8Array(length * c);
  for (let k = 0; k < c; k++) {
    const level = (comparisons[k] as Comparison).level;
    for (let p = 0; p < length; p++) out[p * c + k] = level(a[p] as number, b[p] as number);
  }
  return out;
}

/** Probability that a random pair agrees exactly, from value frequencies (exact, not sampled). */
function exactAgreement(col: PreparedColumn, table: Table): number {
  if (table.left === undefined) {
    const n = col.nonNull;
    let s = 0;
    for (const c of col.counts) s += c * (c - 1);
    return n > 1 ? s / (n * (n - 1)) : 0;
  }
  const left = new Map<number, number>();
  const right = new Map<number, number>();
  let nl = 0;
  let nr = 0;
  for (let i = 0; i < table.size; i++) {
    const id = col.ids[i] as number;
    if (id < 0) continue;
    const side = i < table.left ? left : right;
    side.set(id, (side.get(id) ?? 0) + 1);
    if (i < table.left) nl++;
    else nr++;
  }
  let s = 0;
  for (const [id, c] of left) s += c * (right.get(id) ?? 0);
  return nl && nr ? s / (nl * nr) : 0;
}

/** u per comparison and level from `samples` random pairs (exact level from frequencies). */
export function estimateU(
  table: Table,
  comparisons: Comparison[],
  cols: PreparedColumn[],
  samples = 200_000,
): Float64Array[] {
  const rand = rng(42);
  const n = table.size;
  const left = table.left;
  const a = new Int32Array(samples);
  const b = new Int32Array(samples);
  for (let s = 0; s < samples; s++) {
    let x = 0;
    let y = 0;
    do {
      if (left === undefined) {
        x = Math.floor(rand() * n);
        y = Math.floor(rand() * n);
      } else {
        x = Math.floor(rand() * left);
        y = left + Math.floor(rand() * (n - left));
      }
    } while (x === y);
    a[s] = x;
    b[s] = y;
  }
  const lv = computeLevels(comparisons, a, b, samples);
  const c = comparisons.length;
  return comparisons.map((cmp, k) => {
    const levels = cmp.levels.length;
    const counts = new Float64Array(levels);
    let total = 0;
    for (let s = 0; s < samples; s++) {
      const l = lv[s * c + k] as number;
      if (l === NULL_LEVEL || l === 0) continue;
      counts[l] = (counts[l] as number) + 1;
      total++;
    }
    const u0 = Math.max(exactAgreement(cols[k] as PreparedColumn, table), 1 / (samples * 10));
    const u = new Float64Array(levels);
    u[0] = u0;
    // fuzzy levels share what exact agreement leaves, smoothed so no level is impossible
    for (let l = 1; l < levels; l++)
      u[l] = ((1 - u0) * ((counts[l] as number) + 0.5)) / (total + 0.5 * (levels - 1));
    return u;
  });
}

export interface Pattern {
  levels: Uint8Array;
  /** blocking rules agreeing (bit mask) */
  rules: number;
  count: number;
}

/** Distinct (levels, rules) combinations with their counts: EM runs over these, not over pairs. */
export function patternsOf(
  levels: Uint8Array,
  rules: Uint8Array,
  comparisons: Comparison[],
  pairs: number,
): Pattern[] {
  const c = comparisons.length;
  // a pattern's key as one number: levels in mixed radix (null = one more level), then the rules
  const radix = comparisons.map((cmp) => cmp.levels.length + 1);
  const numeric = radix.reduce((x, y) => x * y, 256) < 2 ** 52;
  const map = new Map<number | string, Pattern>();
  for (let p = 0; p < pairs; p++) {
    let key: number | string;
    if (numeric) {
      let k = 0;
      for (let j = 0; j < c; j++) {
        const l = levels[p * c + j] as number;
        k = k * (radix[j] as number) + (l === NULL_LEVEL ? (radix[j] as number) - 1 : l);
      }
      key = k * 256 + (rules[p] as number);
    } else key = `${levels.subarray(p * c, (p + 1) * c).join(',')}|${rules[p]}`;
    const e = map.get(key);
    if (e) e.count++;
    else map.set(key, { levels: levels.slice(p * c, (p + 1) * c), rules: rules[p] as number, count: 1 });
  }
  return [...map.values()];
}

/** Decisions on pairs of one pattern: how many, how many of them "the same". */
export interface Decided {
  yes: number;
  n: number;
}

interface EmOptions {
  /** comparisons left out (the session's blocking columns) */
  masked: Set<number>;
  /** comparisons whose m is held fixed */
  fixed: Set<number>;
  iterations?: number;
}

/**
 * EM over patterns: updates m (of comparisons neither masked nor fixed) and returns λ and Σp.
 * A pattern with `match` is one people decided: its posterior is held at 1 or 0; one with
 * `decided` holds decided pairs among others, and blends their decisions into its posterior
 * (semi-supervised EM, labels.ts).
 */
export function expectationMaximisation(
  patterns: (Pattern & { match?: boolean; decided?: Decided })[],
  model: FsModel,
  opts: EmOptions,
) {
  const c = model.m.length;
  let lambda = model.lambda;
  let expected = 0;
  for (let it = 0; it < (opts.iterations ?? 40); it++) {
    const acc = model.m.map((m) => new Float64Array(m.length));
    let sumP = 0;
    let total = 0;
    for (const pt of patterns) {
      let p: number;
      if (pt.match !== undefined) p = pt.match ? 1 : 0;
      else {
        let pm = lambda;
        let pu = 1 - lambda;
        for (let k = 0; k < c; k++) {
          const l = pt.levels[k] as number;
          if (l === NULL_LEVEL || opts.masked.has(k)) continue;
          pm *= (model.m[k] as Float64Array)[l] as number;
          pu *= (model.u[k] as Float64Array)[l] as number;
        }
        p = pm / (pm + pu);
        // decisions on pairs of this pattern, the model's own guess worth one more (labels.ts)
        if (pt.decided) p = (pt.decided.yes + p) / (pt.decided.n + 1);
      }
      const w = p * pt.count;
      sumP += w;
      total += pt.count;
      for (let k = 0; k < c; k++) {
        const l = pt.levels[k] as number;
        if (l === NULL_LEVEL) continue;
        const row = acc[k] as Float64Array;
        row[l] = (row[l] as number) + w;
      }
    }
    const next = Math.min(Math.max(sumP / total, 1e-9), 1 - 1e-9);
    let delta = Math.abs(next - lambda);
    lambda = next;
    for (let k = 0; k < c; k++) {
      if (opts.masked.has(k) || opts.fixed.has(k)) continue;
      const a = acc[k] as Float64Array;
      const sum = a.reduce((s, x) => s + x, 0);
      const m = model.m[k] as Float64Array;
      for (let l = 0; l < m.length; l++) {
        const v = ((a[l] as number) + 1e-6) / (sum + 1e-6 * m.length);
        delta = Math.max(delta, Math.abs(v - (m[l] as number)));
        m[l] = v;
      }
    }
    expected = sumP;
    if (delta < 1e-6) break;
  }
  return { lambda, expected };
}

/** Starting m: most matches agree exactly, fewer at each weaker level. */
export function initialM(comparisons: Comparison[]): Float64Array[] {
  return comparisons.map((cmp) => {
    const n = cmp.levels.length;
    const m = new Float64Array(n);
    let rest = 1;
    for (let l = 0; l < n - 1; l++) {
      m[l] = rest * 0.8;
      rest -= m[l] as number;
    }
    m[n - 1] = rest;
    return m;
  });
}

/**
 * m by EM: one session per blocking rule (its columns masked), each comparison's m averaged
 * over the sessions that estimated it, weighted by their expected matches; comparisons no
 * session could estimate (masked everywhere), then λ, in one session over all candidates.
 */
export function trainModel(
  patterns: Pattern[],
  comparisons: Comparison[],
  u: Float64Array[],
  ruleColumns: string[][],
): FsModel {
  const c = comparisons.length;
  const sums = initialM(comparisons).map((m) => m.map(() => 0));
  const weights = new Float64Array(c);
  ruleColumns.forEach((cols, r) => {
    const subset = patterns.filter((p) => p.rules & (1 << r));
    if (!subset.length) return;
    const masked = new Set<number>();
    comparisons.forEach((cmp, k) => {
      if (cols.includes(cmp.column)) masked.add(k);
    });
    if (masked.size === c) return;
    const model: FsModel = { lambda: 0.3, m: initialM(comparisons), u };
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
  const m = initialM(comparisons);
  const fixed = new Set<number>();
  for (let k = 0; k < c; k++)
    if ((weights[k] as number) > 0) {
      m[k] = (sums[k] as Float64Array).map((v) => v / (weights[k] as number));
      fixed.add(k);
    }
  const model: FsModel = { lambda: 0.3, m, u };
  model.lambda = expectationMaximisation(patterns, model, { masked: new Set(), fixed }).lambda;
  return model;
}
