/**
 * Comparison levels per column role, ordered from the strongest agreement (0 = exact after
 * normalisation) to "else". The thresholds are the ones Splink's comparison library uses by
 * default (Jaro-Winkler 0.92 / 0.88 / 0.7; Levenshtein 1 / 2; Jaccard 0.9 / 0.7 / 0.5), so a
 * column's levels mean the same on any data set.
 */
import { jaroWinkler } from '../similarity/compare.ts';
import { editDistanceUpTo2 } from './fast.ts';
import type { PreparedColumn } from './prepare.ts';
import type { ColumnRole } from './roles.ts';

/** level of a pair where either value is empty */
export const NULL_LEVEL = 255;

export interface Comparison {
  column: string;
  role: ColumnRole;
  /** labels of the levels, the last one being "else" */
  levels: string[];
  /** level of records a, b (indices into the prepared column) */
  level(a: number, b: number): number;
}

/** Jaccard of two sorted id arrays. */
function jaccardSorted(a: Int32Array, b: Int32Array): number {
  if (!a.length || !b.length) return 0;
  let i = 0;
  let j = 0;
  let inter = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      inter++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return inter / (a.length + b.length - inter);
}

interface LevelSpec {
  levels: string[];
  /** level of two different distinct values (ids); exact agreement is level 0 already */
  fuzzy(x: number, y: number): number;
}

function specFor(col: PreparedColumn): LevelSpec {
  const v = col.values;
  switch (col.role) {
    case 'name':
    case 'organisation':
    case 'address':
      return {
        levels: ['exact', 'Jaro-Winkler ≥ 0.92', 'Jaro-Winkler ≥ 0.88', 'Jaro-Winkler ≥ 0.7', 'else'],
        fuzzy(x, y) {
          const s = jaroWinkler(v[x] as string, v[y] as string);
          return s >= 0.92 ? 1 : s >= 0.88 ? 2 : s >= 0.7 ? 3 : 4;
        },
      };
    case 'text': {
      const t = col.tokens as Int32Array[];
      return {
        levels: ['exact', 'Jaccard ≥ 0.9', 'Jaccard ≥ 0.7', 'Jaccard ≥ 0.5', 'Jaccard ≥ 0.3', 'else'],
        fuzzy(x, y) {
          const s = jaccardSorted(t[x] as Int32Array, t[y] as Int32Array);
          return s >= 0.9 ? 1 : s >= 0.7 ? 2 : s >= 0.5 ? 3 : s >= 0.3 ? 4 : 5;
        },
      };
    }
    case 'code':
    case 'date':
    case 'phone':
      return {
        levels: ['exact', 'Levenshtein ≤ 1', 'Levenshtein ≤ 2', 'else'],
        fuzzy(x, y) {
          const d = editDistanceUpTo2(v[x] as string, v[y] as string);
          return d <= 1 ? 1 : d <= 2 ? 2 : 3;
        },
      };
    case 'email':
      return {
        levels: ['exact', 'same mailbox name', 'Jaro-Winkler ≥ 0.88', 'else'],
        fuzzy(x, y) {
          const a = v[x] as string;
          const b = v[y] as string;
          if (a.split('@')[0] === b.split('@')[0]) return 1;
          return jaroWinkler(a, b) >= 0.88 ? 2 : 3;
        },
      };
    case 'number': {
      const n = col.numbers as Float64Array;
      return {
        levels: ['exact', 'within 1 or 1%', 'within 10%', 'else'],
        fuzzy(x, y) {
          const a = n[x] as number;
          const b = n[y] as number;
          const d = Math.abs(a - b);
          const scale = Math.max(Math.abs(a), Math.abs(b));
          return d <= 1 || d <= 0.01 * scale ? 1 : d <= 0.1 * scale ? 2 : 3;
        },
      };
    }
    default:
      return { levels: ['exact', 'else'], fuzzy: () => 1 };
  }
}

/**
 * The comparison of one prepared column. When the column has few distinct values (first
 * names, codes, categories repeat) the level of each pair of distinct values is computed once
 * and kept in a d×d byte table.
 */
export function comparisonOf(col: PreparedColumn): Comparison {
  const spec = specFor(col);
  const ids = col.ids;
  const d = col.values.length;
  const cache = d <= 4096 && col.role !== 'text' ? new Uint8Array(d * d) : null;
  const level = (a: number, b: number): number => {
    const x = ids[a] as number;
    const y = ids[b] as number;
    if (x < 0 || y < 0) return NULL_LEVEL;
    if (x === y) return 0;
    if (!cache) return spec.fuzzy(x, y);
    const key = x * d + y;
    const hit = cache[key] as number;
    if (hit) return hit - 1;
    const l = spec.fuzzy(x, y);
    cache[key] = l + 1;
    cache[y * d + x] = l + 1;
    return l;
  };
  return { column: col.column, role: col.role, levels: spec.levels, level };
}
