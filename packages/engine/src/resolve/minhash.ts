/**
 * MinHash-LSH blocking for free text: records whose word sets have a Jaccard similarity above a
 * target become candidates without comparing all pairs. Each record gets `bands × rows` MinHash
 * values (Broder, "On the resemblance and containment of documents", 1997); two records share a
 * band's bucket when all `rows` values of the band agree, which happens with probability s^rows
 * for Jaccard s, so they become candidates with probability 1 − (1 − s^rows)^bands: an S-curve
 * whose threshold is ≈ (1/bands)^(1/rows) (Leskovec, Rajaraman & Ullman, "Mining of Massive
 * Datasets", §3.4.3). The bands and rows are chosen so that threshold sits just below the
 * target (below: blocking should lose recall last).
 */
import type { PreparedColumn } from './prepare.ts';

/** At most this many hash functions per record (bands × rows): 128 is the usual budget. */
const MAX_HASHES = 128;

export interface LshShape {
  bands: number;
  rows: number;
  /** (1/bands)^(1/rows): the Jaccard similarity at the curve's steepest point */
  threshold: number;
}

/**
 * Bands and rows for a target Jaccard similarity: every shape uses the whole hash budget (the
 * more hashes, the steeper the S-curve), and the one whose threshold is closest to the target
 * from below is taken.
 */
export function lshShape(target: number): LshShape {
  let best: LshShape = { bands: MAX_HASHES, rows: 1, threshold: 1 / MAX_HASHES };
  for (let rows = 1; rows <= 16; rows++) {
    const bands = Math.floor(MAX_HASHES / rows);
    const threshold = (1 / bands) ** (1 / rows);
    if (threshold <= target && threshold > best.threshold) best = { bands, rows, threshold };
  }
  return best;
}

/** Probability that two records with Jaccard similarity `s` become candidates. */
export const lshProbability = (shape: LshShape, s: number) => 1 - (1 - s ** shape.rows) ** shape.bands;

/** murmur3's 32-bit finaliser: a fast mix whose output bits all depend on every input bit. */
function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Per record, the word ids of the given text columns (ids offset per column so they never collide). */
function wordsOf(columns: PreparedColumn[], size: number): Int32Array[] {
  const out: Int32Array[] = [];
  for (let i = 0; i < size; i++) {
    const ts: number[] = [];
    columns.forEach((c, ci) => {
      const id = c.ids[i] as number;
      if (id >= 0 && c.tokens) for (const t of c.tokens[id] as Int32Array) ts.push(ci * 2 ** 24 + t);
    });
    out.push(Int32Array.from(ts));
  }
  return out;
}

/**
 * Candidate pairs of records whose words are similar (Jaccard ≈ `target` or more, with the
 * probability above). In a linkage (`left` given) only left × right pairs are emitted. Buckets
 * larger than `maxBucket` hold text too common to tell records apart and are skipped.
 */
export function minhashPairs(
  columns: PreparedColumn[],
  size: number,
  target: number,
  emit: (a: number, b: number) => void,
  left?: number,
  maxBucket = Math.max(100, Math.ceil(Math.sqrt(size) * 10)),
): LshShape {
  const shape = lshShape(target);
  const { bands, rows } = shape;
  const hashes = bands * rows;
  const seeds = Uint32Array.from({ length: hashes }, (_, i) => fmix(0x9e3779b9 + i * 0x632be5ab));
  const words = wordsOf(columns, size);
  for (let band = 0; band < bands; band++) {
    const buckets = new Map<number, number[]>();
    for (let i = 0; i < size; i++) {
      const ws = words[i] as Int32Array;
      if (!ws.length) continue;
      let key = band;
      for (let r = 0; r < rows; r++) {
        const seed = seeds[band * rows + r] as number;
        let min = 0xffffffff;
        for (const w of ws) {
          const h = fmix((w ^ seed) >>> 0);
          if (h < min) min = h;
        }
        key = fmix((key ^ min) >>> 0);
      }
      const b = buckets.get(key);
      if (b) b.push(i);
      else buckets.set(key, [i]);
    }
    for (const members of buckets.values()) {
      if (members.length < 2 || members.length > maxBucket) continue;
      for (let x = 0; x < members.length; x++)
        for (let y = x + 1; y < members.length; y++) {
          const a = members[x] as number;
          const b = members[y] as number;
          if (left !== undefined && a < left === b < left) continue;
          emit(Math.min(a, b), Math.max(a, b));
        }
    }
  }
  return shape;
}
