import { jaroWinkler } from '../similarity/compare.ts';
import { normaliseText } from '../similarity/normalise.ts';
import { joinKeyOf } from './compare.ts';
import { joinRows } from './join.ts';
import type { JoinMethod } from './types.ts';

/** What a key suggestion knows of one column: its counts over every row and a sample of values. */
export interface KeyColumnProfile {
  name: string;
  rows: number;
  nulls: number;
  distinct: number;
  /** an even sample of the column's values (nulls included or not) */
  values: readonly unknown[];
}

export interface KeySuggestion {
  left: string;
  right: string;
  method: JoinMethod;
  /** in [0, 1]: how good a key this pair of columns looks */
  score: number;
  /** share of the left sample's non-null values that find a match on the right */
  expectedMatchRate: number;
  nameSimilarity: number;
  /** share of left values equal (as normalised text) to a right value */
  overlap: number;
  /** distinct / non-null values of the right column: 1 means each left row matches one row */
  uniqueness: number;
}

/** Values of a sample compared per side (enough for a rate, cheap enough for every column pair). */
const SAMPLE = 300;

const nonNull = (values: readonly unknown[]) =>
  values.filter((v) => v !== null && v !== undefined && String(v).trim() !== '').slice(0, SAMPLE);

/**
 * Ranks column pairs as join keys by name similarity, value overlap and uniqueness, and says
 * what share of left rows would match: exactly, or by Jaro-Winkler on names when that finds
 * clearly more. Only pairs whose values meet at all are suggested.
 */
export function suggestJoinKeys(
  left: readonly KeyColumnProfile[],
  right: readonly KeyColumnProfile[],
  limit = 5,
): KeySuggestion[] {
  const out: KeySuggestion[] = [];
  for (const l of left) {
    const lv = nonNull(l.values);
    if (!lv.length) continue;
    const lText = lv.map((v) => joinKeyOf(v, 'text'));
    for (const r of right) {
      const rv = nonNull(r.values);
      if (!rv.length) continue;
      const rSet = new Set(rv.map((v) => joinKeyOf(v, 'text')));
      const overlap = lText.filter((k) => k !== null && rSet.has(k)).length / lv.length;
      const nameSimilarity = jaroWinkler(normaliseText(l.name), normaliseText(r.name));
      const nonNullRows = r.rows - r.nulls;
      const uniqueness = nonNullRows > 0 ? Math.min(1, r.distinct / nonNullRows) : 0;
      // fuzzy matching is only worth its cost on text that is not already equal
      const textual = lv.some((v) => typeof v === 'string' && /\p{L}/u.test(v));
      let fuzzyRate = 0;
      if (textual && overlap < 0.95) {
        const res = joinRows(
          lv.map((v) => ({ k: v })),
          rv.map((v) => ({ k: v })),
          { kind: 'inner', matches: 'best', conditions: [{ left: 'k', right: 'k', method: 'jaro_winkler' }] },
        );
        fuzzyRate = res.stats.matchedLeft / lv.length;
      }
      const fuzzy = fuzzyRate > overlap + 0.1;
      const expectedMatchRate = fuzzy ? fuzzyRate : overlap;
      if (expectedMatchRate === 0) continue;
      const score = 0.5 * expectedMatchRate + 0.3 * nameSimilarity + 0.2 * uniqueness;
      out.push({
        left: l.name,
        right: r.name,
        method: fuzzy ? 'jaro_winkler' : 'exact',
        score: round(score),
        expectedMatchRate: round(expectedMatchRate),
        nameSimilarity: round(nameSimilarity),
        overlap: round(overlap),
        uniqueness: round(uniqueness),
      });
    }
  }
  return out.sort((a, b) => b.score - a.score).slice(0, limit);
}

const round = (n: number) => Math.round(n * 1000) / 1000;
