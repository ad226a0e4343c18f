/**
 * A threshold without labels: the model's posterior match probabilities give, for any cut,
 * the expected true positives (Σ p above the cut) and the expected number of matches (Σ p over
 * all candidates), hence expected precision, recall and F1; the cut maximising expected F1 is
 * chosen (the decision rule of Jansche, "Maximum expected F-measure training", 2005).
 */

export interface ThresholdPoint {
  /** match weight at or above which pairs are matches */
  weight: number;
  precision: number;
  recall: number;
  f1: number;
  /** pairs at or above the weight */
  pairs: number;
}

/** Expected precision/recall/F1 along the pairs `order`ed by weight, strongest first. */
export function thresholdCurve(
  weight: Float64Array,
  probability: Float64Array,
  order: ArrayLike<number>,
): ThresholdPoint[] {
  let expectedMatches = 0;
  for (let i = 0; i < order.length; i++) expectedMatches += probability[order[i] as number] as number;
  const out: ThresholdPoint[] = [];
  let tp = 0;
  for (let i = 0; i < order.length; i++) {
    const p = order[i] as number;
    tp += probability[p] as number;
    const next = order[i + 1];
    // one point per 1/100 bit of weight: enough for a slider, bounded for millions of pairs
    if (
      next !== undefined &&
      Math.round((weight[next] as number) * 100) === Math.round((weight[p] as number) * 100)
    )
      continue;
    const precision = tp / (i + 1);
    const recall = expectedMatches ? tp / expectedMatches : 0;
    out.push({
      weight: weight[p] as number,
      precision,
      recall,
      f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0,
      pairs: i + 1,
    });
  }
  return out;
}

/** The weight maximising expected F1 (ties: the higher weight). */
export function automaticThreshold(curve: ThresholdPoint[]): ThresholdPoint | undefined {
  let best: ThresholdPoint | undefined;
  for (const pt of curve) if (!best || pt.f1 > best.f1 + 1e-12) best = pt;
  return best;
}
