/**
 * Comparison levels per column role, ordered from the strongest agreement (0 = exact after
 * normalisation) to "else". The thresholds are the ones Splink's comparison library uses by
 * default (Jaro-Winkler 0.92 / 0.88 / 0.7; Levenshtein 1 / 2; Jaccard 0.9 / 0.7 / 0.5; for
 * dates, its date-of-birth comparison: a typo, then a date difference of up to a year, with a
 * level for day and month swapped between), so a column's levels mean the same on any data set. The levels are computed by kernel.ts.
 */
import { KIND, kindOf, levelOf, NULL_LEVEL, type PlanColumn, planColumn } from './kernel.ts';
import type { PreparedColumn } from './prepare.ts';
import type { ColumnRole } from './roles.ts';

export { NULL_LEVEL };

export interface Comparison {
  column: string;
  role: ColumnRole;
  /** labels of the levels, the last one being "else" */
  levels: string[];
  /** level of records a, b (indices into the prepared column) */
  level(a: number, b: number): number;
}

/** Labels of the levels of each kind of comparison (kernel.ts's fuzzyLevel computes them). */
const LABELS: Record<number, string[]> = {
  [KIND.jaroWinkler]: ['exact', 'Jaro-Winkler ≥ 0.92', 'Jaro-Winkler ≥ 0.88', 'Jaro-Winkler ≥ 0.7', 'else'],
  [KIND.jaccard]: ['exact', 'Jaccard ≥ 0.9', 'Jaccard ≥ 0.7', 'Jaccard ≥ 0.5', 'Jaccard ≥ 0.3', 'else'],
  [KIND.edit]: ['exact', 'Levenshtein ≤ 1', 'Levenshtein ≤ 2', 'else'],
  [KIND.email]: ['exact', 'same mailbox name', 'Jaro-Winkler ≥ 0.88', 'else'],
  [KIND.number]: ['exact', 'within 1 or 1%', 'within 10%', 'else'],
  [KIND.date]: [
    'exact',
    'Levenshtein ≤ 1',
    'day and month swapped',
    'Levenshtein ≤ 2',
    'within a year',
    'else',
  ],
  [KIND.exact]: ['exact', 'else'],
};

/**
 * The comparison of one prepared column. When the column has few distinct values (first
 * names, codes, categories repeat) the level of each pair of distinct values is computed once
 * and kept in a d×d byte table.
 */
export function comparisonOf(col: PreparedColumn, plan: PlanColumn = planColumn(col)): Comparison {
  return {
    column: col.column,
    role: col.role,
    levels: LABELS[kindOf(col.role)] as string[],
    level: (a, b) => levelOf(plan, a, b),
  };
}
