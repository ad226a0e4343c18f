/**
 * Blocking: which record pairs are compared at all. A union of rules, each pair produced once
 * (a rule skips the pairs an earlier rule already produced, as Splink does), so no set of all
 * pairs is ever held. Exact rules pair records whose normalised values agree on every column of
 * the rule; the token rule pairs each record with its nearest neighbours by IDF-weighted
 * token overlap on free text (token blocking with cardinality node pruning, Papadakis et al.,
 * "Meta-blocking", TKDE 2014), which keeps recall on long text whose exact values differ.
 */
import { minhashPairs } from './minhash.ts';
import type { PreparedColumn } from './prepare.ts';

export type BlockingRule =
  | { kind: 'exact'; columns: string[] }
  | { kind: 'tokens'; columns: string[]; neighbours: number }
  /** MinHash-LSH on the words of free-text columns (minhash.ts), for Jaccard ≥ about `threshold` */
  | { kind: 'minhash'; columns: string[]; threshold: number };

export interface Table {
  /** prepared columns over all records: in a linkage, left records first then right ones */
  columns: Map<string, PreparedColumn>;
  size: number;
  /** in a linkage, the number of left records (pairs always join a left and a right one) */
  left?: number;
}

/** on shared memory: the scoring threads read the pairs where they are (kernel.ts) */
const sharedInt32 = (n: number) => new Int32Array(new SharedArrayBuffer(4 * n));

export class PairList {
  a = sharedInt32(1024);
  b = sharedInt32(1024);
  length = 0;
  push(x: number, y: number) {
    if (this.length === this.a.length) {
      const grow = (arr: Int32Array) => {
        const next = sharedInt32(arr.length * 2);
        next.set(arr);
        return next;
      };
      this.a = grow(this.a);
      this.b = grow(this.b);
    }
    this.a[this.length] = x;
    this.b[this.length++] = y;
  }
}

export const ruleLabel = (r: BlockingRule) =>
  r.kind === 'exact'
    ? r.columns.join(' + ')
    : r.kind === 'tokens'
      ? `nearest ${r.neighbours} by words of ${r.columns.join(', ')}`
      : `similar words (MinHash, Jaccard ≥ ${r.threshold}) in ${r.columns.join(', ')}`;

/** Per record the key of an exact rule (dense ids; -1 when a column of the rule is empty). */
export function ruleKeys(table: Table, columns: string[]): { keys: Int32Array; distinct: number } {
  const cols = columns.map((c) => table.columns.get(c) as PreparedColumn);
  if (cols.length === 1) {
    const c = cols[0] as PreparedColumn;
    return { keys: c.ids, distinct: c.values.length };
  }
  const keys = new Int32Array(table.size).fill(-1);
  if (cols.length === 2) {
    // two columns: an open-addressing table of (id, id) pairs, ids given in first-seen order
    // (a Map keyed by a * width + b boxed most keys past 2^30 and was several times slower)
    const [x, y] = cols as [PreparedColumn, PreparedColumn];
    let size = 1024;
    while (size < 2 * table.size) size *= 2;
    const mask = size - 1;
    const slotA = new Int32Array(size).fill(-1);
    const slotB = new Int32Array(size);
    const slotId = new Int32Array(size);
    let distinct = 0;
    for (let i = 0; i < table.size; i++) {
      const a = x.ids[i] as number;
      const b = y.ids[i] as number;
      if (a < 0 || b < 0) continue;
      let h = Math.imul(a, 0x9e3779b1) ^ b;
      h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
      h = (h ^ (h >>> 13)) & mask;
      while (slotA[h] !== -1 && (slotA[h] !== a || slotB[h] !== b)) h = (h + 1) & mask;
      if (slotA[h] === -1) {
        slotA[h] = a;
        slotB[h] = b;
        slotId[h] = distinct++;
      }
      keys[i] = slotId[h] as number;
    }
    return { keys, distinct };
  }
  const composite = new Map<string, number>();
  for (let i = 0; i < table.size; i++) {
    let k = '';
    let empty = false;
    for (const c of cols) {
      const id = c.ids[i] as number;
      if (id < 0) empty = true;
      k += `${id},`;
    }
    if (empty) continue;
    let id = composite.get(k);
    if (id === undefined) {
      id = composite.size;
      composite.set(k, id);
    }
    keys[i] = id;
  }
  return { keys, distinct: composite.size };
}

/** Records grouped by key (counting sort): bucket k holds members[offsets[k] .. offsets[k+1]), ascending. */
function buckets(keys: Int32Array, distinct: number) {
  const offsets = new Int32Array(distinct + 1);
  for (const k of keys) if (k >= 0) offsets[k + 1] = (offsets[k + 1] as number) + 1;
  for (let k = 0; k < distinct; k++) offsets[k + 1] = (offsets[k + 1] as number) + (offsets[k] as number);
  const fill = offsets.slice(0, distinct);
  const members = new Int32Array(offsets[distinct] as number);
  keys.forEach((k, i) => {
    if (k < 0) return;
    members[fill[k] as number] = i;
    fill[k] = (fill[k] as number) + 1;
  });
  return { offsets, members };
}

/** Pairs an exact rule produces on its own (before removing the ones earlier rules produce). */
export function countRulePairs(table: Table, columns: string[]): number {
  const { keys, distinct } = ruleKeys(table, columns);
  const left = table.left ?? table.size;
  const l = new Float64Array(distinct);
  const r = new Float64Array(distinct);
  keys.forEach((k, i) => {
    if (k < 0) return;
    if (i < left) l[k] = (l[k] as number) + 1;
    else r[k] = (r[k] as number) + 1;
  });
  let n = 0;
  for (let k = 0; k < distinct; k++) {
    const x = l[k] as number;
    n += table.left === undefined ? (x * (x - 1)) / 2 : x * (r[k] as number);
  }
  return n;
}

/**
 * Features per record: the words of the rule's text columns, and the whole value of every
 * other column (a year or a venue breaks the tie between two papers with one title; schema-
 * agnostic token blocking, Papadakis et al. 2011). Ids are offset per column.
 */
function recordTokens(table: Table, columns: string[]): Int32Array[] {
  const cols = [...table.columns.values()];
  const out: Int32Array[] = [];
  for (let i = 0; i < table.size; i++) {
    const ts: number[] = [];
    cols.forEach((c, ci) => {
      const id = c.ids[i] as number;
      if (id < 0) return;
      if (columns.includes(c.column) && c.tokens)
        for (const t of c.tokens[id] as Int32Array) ts.push(ci * 2 ** 24 + t);
      else if (!columns.includes(c.column)) ts.push((cols.length + ci) * 2 ** 24 + id);
    });
    out.push(Int32Array.from(ts));
  }
  return out;
}

/** Each record's `k` nearest neighbours (cosine of IDF-weighted token sets), as pair keys. */
function nearestPairs(table: Table, columns: string[], k: number, emit: (a: number, b: number) => void) {
  const toks = recordTokens(table, columns);
  const n = table.size;
  const left = table.left ?? n;
  const linkage = table.left !== undefined;
  const postings = new Map<number, number[]>();
  toks.forEach((ts, i) => {
    for (const t of ts) {
      const p = postings.get(t);
      if (p) p.push(i);
      else postings.set(t, [i]);
    }
  });
  // words in more than this many records say little and cost much (df² work)
  const maxDf = Math.max(100, Math.ceil(Math.sqrt(n) * 10));
  const idf = new Map<number, number>();
  for (const [t, p] of postings) idf.set(t, Math.log(n / p.length));
  const norm = toks.map((ts) => Math.sqrt(ts.reduce((s, t) => s + (idf.get(t) as number) ** 2, 0)) || 1);
  const score = new Float64Array(n);
  const touched: number[] = [];
  for (let i = 0; i < n; i++) {
    for (const t of toks[i] as Int32Array) {
      const p = postings.get(t) as number[];
      if (p.length > maxDf) continue;
      const w = (idf.get(t) as number) ** 2;
      for (const j of p) {
        if (j === i || (linkage && i < left === j < left)) continue;
        if (score[j] === 0) touched.push(j);
        score[j] = (score[j] as number) + w;
      }
    }
    // keep the k best by cosine, and those tied with the k-th (up to 3k): a tie is no reason to drop one
    const best: [number, number][] = [];
    for (const j of touched) {
      best.push([(score[j] as number) / ((norm[i] as number) * (norm[j] as number)), j]);
      score[j] = 0;
    }
    touched.length = 0;
    best.sort((x, y) => y[0] - x[0]);
    const kth = best[k - 1]?.[0] ?? 0;
    for (let r = 0; r < best.length && r < 3 * k; r++) {
      const [s, j] = best[r] as [number, number];
      if (r >= k && s < kth - 1e-9) break;
      emit(Math.min(i, j), Math.max(i, j));
    }
  }
}

export interface Candidates {
  pairs: PairList;
  /** per pair: bit r set when rule r agrees on the pair */
  rules: Uint8Array;
  /** the rules in the order applied (exact ones first); bit r of `rules` is `ordered[r]` */
  ordered: BlockingRule[];
  /** pairs each rule added (beyond earlier rules) */
  added: number[];
}

/** The union of the rules' pairs, each pair once. Exact rules come before the text rules. */
export function generateCandidates(
  table: Table,
  rules: BlockingRule[],
  maxPairs = Number.POSITIVE_INFINITY,
): Candidates {
  const ordered = [...rules.filter((r) => r.kind === 'exact'), ...rules.filter((r) => r.kind !== 'exact')];
  const keyed = ordered.map((r) => (r.kind === 'exact' ? ruleKeys(table, r.columns) : null));
  const keys = keyed.map((k) => k?.keys ?? null);
  // the pairs of each text rule, as a * size + b (a text rule's pairs cannot be recomputed from keys)
  const produced = ordered.map(() => new Set<number>());
  const pairs = new PairList();
  const added: number[] = [];
  const agrees = (r: number, a: number, b: number) => {
    const k = keys[r];
    return k ? (k[a] as number) >= 0 && k[a] === k[b] : (produced[r] as Set<number>).has(a * table.size + b);
  };
  const seenByEarlier = (a: number, b: number, upto: number) => {
    for (let r = 0; r < upto; r++) if (agrees(r, a, b)) return true;
    return false;
  };
  const left = table.left ?? table.size;
  ordered.forEach((rule, r) => {
    const before = pairs.length;
    const k = keyed[r];
    if (k) {
      const { offsets, members } = buckets(k.keys, k.distinct);
      for (let bucket = 0; bucket < k.distinct; bucket++) {
        const from = offsets[bucket] as number;
        const to = offsets[bucket + 1] as number;
        for (let x = from; x < to; x++) {
          const a = members[x] as number;
          // a linkage pairs left records (first in the bucket) with right ones only
          if (table.left !== undefined && a >= left) break;
          for (let y = x + 1; y < to; y++) {
            const b = members[y] as number;
            if (table.left !== undefined && b < left) continue;
            if (!seenByEarlier(a, b, r)) pairs.push(a, b);
          }
        }
        if (pairs.length > maxPairs) throw new TooManyCandidates(ruleLabel(rule), pairs.length, maxPairs);
      }
    } else {
      const mine = produced[r] as Set<number>;
      const emit = (a: number, b: number) => {
        const key = a * table.size + b;
        // a pair an earlier rule produced is not this rule's (its bit stays off, as before)
        if (mine.has(key) || seenByEarlier(a, b, r)) return;
        mine.add(key);
        pairs.push(a, b);
        if (pairs.length > maxPairs) throw new TooManyCandidates(ruleLabel(rule), pairs.length, maxPairs);
      };
      if (rule.kind === 'minhash') {
        const cols = rule.columns.map((c) => table.columns.get(c)).filter((c) => c !== undefined);
        minhashPairs(cols, table.size, rule.threshold, emit, table.left);
      } else nearestPairs(table, rule.columns, rule.kind === 'tokens' ? rule.neighbours : 1, emit);
    }
    added.push(pairs.length - before);
  });
  const bits = new Uint8Array(pairs.length);
  for (let p = 0; p < pairs.length; p++) {
    const a = pairs.a[p] as number;
    const b = pairs.b[p] as number;
    let m = 0;
    for (let r = 0; r < ordered.length; r++) if (agrees(r, a, b)) m |= 1 << r;
    bits[p] = m;
  }
  return { pairs, rules: bits, ordered, added };
}

export class TooManyCandidates extends Error {
  constructor(
    readonly rule: string,
    readonly count: number,
    readonly limit: number,
  ) {
    super(`blocking rule "${rule}" produces more than ${limit} candidate pairs`);
  }
}
