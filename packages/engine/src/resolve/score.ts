/**
 * Match weights (log2 Bayes factors) of candidate pairs, with term-frequency adjustments on
 * exact agreement (Splink: an exact agreement on a rare value counts for more than on a common
 * one: the weight becomes log2(m / tf(value)) instead of log2(m / u)).
 */

import { recordCounts, tfAdjustment, weightsShard, weightTable } from './kernel.ts';
import type { Comparison } from './levels.ts';
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

export { tfAdjustment };

/** Weights of all pairs from their levels (one thread: kernel.ts's weightsShard over all pairs). */
export function scorePairs(
  levels: Uint8Array,
  a: Int32Array,
  length: number,
  _comparisons: Comparison[],
  cols: PreparedColumn[],
  model: FsModel,
): ScoredPairs {
  const weight = new Float64Array(length);
  const probability = new Float64Array(length);
  weightsShard(recordCounts(cols), weightTable(model, cols), a, levels, 0, length, weight, probability);
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
