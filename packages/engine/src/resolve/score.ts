/**
 * Match weights (log2 Bayes factors) of candidate pairs, with term-frequency adjustments on
 * exact agreement (Splink: an exact agreement on a rare value counts for more than on a common
 * one: the weight becomes log2(m / tf(value)) instead of log2(m / u)).
 */
import type { Comparison } from './levels.ts';
import { NULL_LEVEL } from './levels.ts';
import type { FsModel } from './model.ts';
import type { PreparedColumn } from './prepare.ts';

export const log2 = Math.log2;

/** Per comparison, per level: log2(m / u). */
export function levelWeights(model: FsModel): Float64Array[] {
  return model.m.map((m, k) => m.map((v, l) => log2(v / ((model.u[k] as Float64Array)[l] as number))));
}

export interface ScoredPairs {
  /** total match weight per pair, prior included */
  weight: Float64Array;
  /** posterior match probability per pair */
  probability: Float64Array;
}

/** Term-frequency adjustment of an exact agreement on value id `id`. */
export function tfAdjustment(col: PreparedColumn, u0: number, id: number): number {
  const tf = Math.max((col.counts[id] as number) / Math.max(col.nonNull, 1), 1 / Math.max(col.nonNull, 1));
  return log2(u0 / tf);
}

export function scorePairs(
  levels: Uint8Array,
  a: Int32Array,
  length: number,
  comparisons: Comparison[],
  cols: PreparedColumn[],
  model: FsModel,
): ScoredPairs {
  const c = comparisons.length;
  const w = levelWeights(model);
  const prior = log2(model.lambda / (1 - model.lambda));
  const weight = new Float64Array(length);
  const probability = new Float64Array(length);
  // tf adjustment per distinct value, computed once per column
  const tf = cols.map((col, k) => {
    const u0 = (model.u[k] as Float64Array)[0] as number;
    return Float64Array.from(col.counts, (_, id) => tfAdjustment(col, u0, id));
  });
  for (let p = 0; p < length; p++) {
    let s = prior;
    for (let k = 0; k < c; k++) {
      const l = levels[p * c + k] as number;
      if (l === NULL_LEVEL) continue;
      s += (w[k] as Float64Array)[l] as number;
      if (l === 0)
        s += (tf[k] as Float64Array)[(cols[k] as PreparedColumn).ids[a[p] as number] as number] as number;
    }
    weight[p] = s;
    probability[p] = 1 / (1 + 2 ** -s);
  }
  return { weight, probability };
}

/**
 * Pair indices by weight, strongest first, in linear time: a counting sort on weights rounded
 * to 1/100 bit (finer than any threshold a user picks); ties keep pair order.
 */
export function orderByWeight(weight: Float64Array): Int32Array {
  const n = weight.length;
  if (!n) return new Int32Array(0);
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const w of weight) {
    if (w < lo) lo = w;
    if (w > hi) hi = w;
  }
  const bucketOf = (w: number) => Math.round((hi - w) * 100);
  const size = bucketOf(lo) + 2;
  const starts = new Int32Array(size);
  for (const w of weight) starts[bucketOf(w) + 1] = (starts[bucketOf(w) + 1] as number) + 1;
  for (let k = 1; k < size; k++) starts[k] = (starts[k] as number) + (starts[k - 1] as number);
  const out = new Int32Array(n);
  for (let p = 0; p < n; p++) {
    const k = bucketOf(weight[p] as number);
    out[starts[k] as number] = p;
    starts[k] = (starts[k] as number) + 1;
  }
  return out;
}
