import type { TargetFeature } from './features.ts';
import type { Raw } from './synthesize.ts';

/** How much a more specific target keeps when the source fits its more general sibling better. */
const SPECIFIC_PENALTY = 0.8;

/**
 * Near-duplicate targets whose names nest (`gender` and `relationship_gender`, `days_to_follow_up`
 * and `days_to_last_follow_up`): the longer name is a more specific field, a gender *of* a
 * relationship. A source whose name fits the general target better than the specific one does not
 * name the extra words, so the specific target is the less likely of the two and is scored down.
 * `perTarget[ti][si]` are the raw pairs, indexed by source; changed in place.
 */
export function preferGeneralTargets(targets: TargetFeature[], perTarget: Raw[][]): void {
  const sets = targets.map((t) => new Set(t.leaf));
  const general: number[][] = targets.map(() => []);
  sets.forEach((big, j) => {
    if (big.size < 2) return;
    sets.forEach((small, i) => {
      if (i === j || small.size === 0 || small.size >= big.size) return;
      for (const w of small) if (!big.has(w)) return;
      general[j]!.push(i);
    });
  });
  general.forEach((list, j) => {
    if (!list.length) return;
    for (const r of perTarget[j]!) {
      const fitsGeneral = list.some((i) => (perTarget[i]![r.si]?.name ?? 0) > r.name + 0.05);
      if (fitsGeneral) r.score *= SPECIFIC_PENALTY;
    }
  });
}
