/**
 * The scoring kernel: every column encoded once into flat typed arrays (char codes, token ids,
 * numbers), so a pair's comparison vector is integer compares and table lookups, and a shard of
 * pairs can be scored on any thread (the plan is plain typed arrays: it is copied, not
 * serialised string by string).
 *
 * `levelsShard` writes the level of every comparison of pairs [from, to); `weightsShard` turns
 * levels into match weights with a precomputed table (log2(m/u) per level, term-frequency
 * adjustment per value), no logarithm per pair. Both are pure: the threads live in the caller.
 */
import { editDistanceCodes, jaroWinklerCodes } from './fast.ts';
import type { FsModel } from './model.ts';
import type { PreparedColumn } from './prepare.ts';
import type { ColumnRole } from './roles.ts';

/** level of a pair where either value is empty */
export const NULL_LEVEL = 255;

/** How a column's differing values are compared (the level thresholds are in `fuzzyLevel`). */
export const KIND = { exact: 0, jaroWinkler: 1, jaccard: 2, edit: 3, email: 4, number: 5, date: 6 } as const;

export function kindOf(role: ColumnRole): number {
  switch (role) {
    case 'name':
    case 'organisation':
    case 'address':
      return KIND.jaroWinkler;
    case 'text':
      return KIND.jaccard;
    case 'code':
    case 'phone':
      return KIND.edit;
    case 'date':
      return KIND.date;
    case 'email':
      return KIND.email;
    case 'number':
      return KIND.number;
    default:
      return KIND.exact;
  }
}

export interface PlanColumn {
  kind: number;
  /** per record: value id, -1 when empty */
  ids: Int32Array;
  /** distinct values */
  distinct: number;
  /** value v is codes[offsets[v] .. offsets[v + 1]) */
  codes: Uint16Array;
  offsets: Int32Array;
  /** text: value v's sorted token ids are tokens[tokenOffsets[v] .. tokenOffsets[v + 1]) */
  tokens: Int32Array;
  tokenOffsets: Int32Array;
  numbers: Float64Array;
  /** level + 1 per pair of distinct values (0 = not computed yet), when few distinct values */
  cache: Uint8Array;
}

export interface ScoringPlan {
  columns: PlanColumn[];
}

/** Columns with at most this many distinct values keep a d×d table of levels (≤ 16 MB). */
const CACHE_DISTINCT = 4096;

export function planColumn(col: PreparedColumn): PlanColumn {
  const kind = kindOf(col.role);
  const d = col.values.length;
  const ids = new Int32Array(col.ids.length);
  ids.set(col.ids);
  let total = 0;
  for (const v of col.values) total += v.length;
  const codes = new Uint16Array(total);
  const offsets = new Int32Array(d + 1);
  let at = 0;
  col.values.forEach((v, i) => {
    offsets[i] = at;
    for (let j = 0; j < v.length; j++) codes[at++] = v.charCodeAt(j);
  });
  offsets[d] = at;
  let tokens = new Int32Array(0);
  let tokenOffsets = new Int32Array(0);
  if (kind === KIND.jaccard && col.tokens) {
    tokenOffsets = new Int32Array(d + 1);
    let n = 0;
    for (const t of col.tokens) n += t.length;
    tokens = new Int32Array(n);
    let p = 0;
    col.tokens.forEach((t, i) => {
      tokenOffsets[i] = p;
      tokens.set(t, p);
      p += t.length;
    });
    tokenOffsets[d] = p;
  }
  let numbers = new Float64Array(0);
  if (kind === KIND.number && col.numbers) {
    numbers = new Float64Array(d);
    numbers.set(col.numbers);
  }
  // free text is never cached: its values rarely repeat and the table would be mostly empty
  const cache = new Uint8Array(d <= CACHE_DISTINCT && kind !== KIND.jaccard ? d * d : 0);
  return { kind, ids, distinct: d, codes, offsets, tokens, tokenOffsets, numbers, cache };
}

export function scoringPlan(cols: PreparedColumn[]): ScoringPlan {
  return { columns: cols.map((c) => planColumn(c)) };
}

/** Jaccard of the sorted token ids of values x and y. */
function jaccardOf(col: PlanColumn, x: number, y: number): number {
  const t = col.tokens;
  let i = col.tokenOffsets[x] as number;
  const ie = col.tokenOffsets[x + 1] as number;
  let j = col.tokenOffsets[y] as number;
  const je = col.tokenOffsets[y + 1] as number;
  const na = ie - i;
  const nb = je - j;
  if (!na || !nb) return 0;
  let inter = 0;
  while (i < ie && j < je) {
    const a = t[i] as number;
    const b = t[j] as number;
    if (a === b) {
      inter++;
      i++;
      j++;
    } else if (a < b) i++;
    else j++;
  }
  return inter / (na + nb - inter);
}

/** Position of '@' in value v, or its length. */
function atSign(col: PlanColumn, v: number): number {
  const from = col.offsets[v] as number;
  const to = col.offsets[v + 1] as number;
  for (let i = from; i < to; i++) if (col.codes[i] === 64) return i - from;
  return to - from;
}

/**
 * Level of two different values x and y (ids). Thresholds are Splink's comparison-library
 * defaults, listed with their labels in levels.ts (Jaro-Winkler 0.92 / 0.88 / 0.7;
 * Levenshtein 1 / 2; Jaccard 0.9 / 0.7 / 0.5 / 0.3).
 */
export function fuzzyLevel(col: PlanColumn, x: number, y: number): number {
  const o = col.offsets;
  switch (col.kind) {
    case KIND.jaroWinkler: {
      const xa = o[x] as number;
      const ya = o[y] as number;
      const s = jaroWinklerCodes(col.codes, xa, (o[x + 1] as number) - xa, ya, (o[y + 1] as number) - ya);
      return s >= 0.92 ? 1 : s >= 0.88 ? 2 : s >= 0.7 ? 3 : 4;
    }
    case KIND.jaccard: {
      const s = jaccardOf(col, x, y);
      return s >= 0.9 ? 1 : s >= 0.7 ? 2 : s >= 0.5 ? 3 : s >= 0.3 ? 4 : 5;
    }
    case KIND.edit: {
      const xa = o[x] as number;
      const ya = o[y] as number;
      const d = editDistanceCodes(col.codes, xa, (o[x + 1] as number) - xa, ya, (o[y + 1] as number) - ya);
      return d <= 1 ? 1 : d <= 2 ? 2 : 3;
    }
    case KIND.date:
      return dateLevel(col, x, y);
    case KIND.email: {
      const xa = o[x] as number;
      const ya = o[y] as number;
      const mx = atSign(col, x);
      if (mx === atSign(col, y)) {
        let same = true;
        for (let i = 0; i < mx && same; i++) same = col.codes[xa + i] === col.codes[ya + i];
        if (same) return 1;
      }
      const s = jaroWinklerCodes(col.codes, xa, (o[x + 1] as number) - xa, ya, (o[y + 1] as number) - ya);
      return s >= 0.88 ? 2 : 3;
    }
    case KIND.number: {
      const a = col.numbers[x] as number;
      const b = col.numbers[y] as number;
      const d = Math.abs(a - b);
      const scale = Math.max(Math.abs(a), Math.abs(b));
      return d <= 1 || d <= 0.01 * scale ? 1 : d <= 0.1 * scale ? 2 : 3;
    }
    default:
      return 1;
  }
}

/** Days since 1970 of value v read as YYYYMMDD (prepare.ts keeps a date's digits), or NaN. */
function daysOf(col: PlanColumn, v: number): number {
  const from = col.offsets[v] as number;
  if ((col.offsets[v + 1] as number) - from !== 8) return Number.NaN;
  let n = 0;
  for (let i = 0; i < 8; i++) {
    const c = (col.codes[from + i] as number) - 48;
    if (c < 0 || c > 9) return Number.NaN;
    n = n * 10 + c;
  }
  const y = Math.floor(n / 10000);
  const m = Math.floor(n / 100) % 100;
  const d = n % 100;
  if (m < 1 || m > 12 || d < 1 || d > 31) return Number.NaN;
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

/**
 * Levels of two different dates (levels.ts lists the labels): a typo (Levenshtein ≤ 1, Splink's
 * date-of-birth comparison's first fuzzy level), day and month swapped (a US date read as a
 * European one), Levenshtein ≤ 2, within a year (Splink's date-difference level), else.
 */
function dateLevel(col: PlanColumn, x: number, y: number): number {
  const o = col.offsets;
  const xa = o[x] as number;
  const ya = o[y] as number;
  const xl = (o[x + 1] as number) - xa;
  const yl = (o[y + 1] as number) - ya;
  const d = editDistanceCodes(col.codes, xa, xl, ya, yl);
  if (d <= 1) return 1;
  const c = col.codes;
  // YYYYMMDD against YYYYDDMM: the year agrees, month and day change places
  if (
    xl === 8 &&
    yl === 8 &&
    c[xa] === c[ya] &&
    c[xa + 1] === c[ya + 1] &&
    c[xa + 2] === c[ya + 2] &&
    c[xa + 3] === c[ya + 3] &&
    c[xa + 4] === c[ya + 6] &&
    c[xa + 5] === c[ya + 7] &&
    c[xa + 6] === c[ya + 4] &&
    c[xa + 7] === c[ya + 5]
  )
    return 2;
  if (d <= 2) return 3;
  return Math.abs(daysOf(col, x) - daysOf(col, y)) <= 365 ? 4 : 5;
}

/** Level of records a and b on one column: exact agreement is an integer compare. */
export function levelOf(col: PlanColumn, a: number, b: number): number {
  const x = col.ids[a] as number;
  const y = col.ids[b] as number;
  if (x < 0 || y < 0) return NULL_LEVEL;
  if (x === y) return 0;
  const cache = col.cache;
  if (!cache.length) return fuzzyLevel(col, x, y);
  const d = col.distinct;
  const hit = cache[x * d + y] as number;
  if (hit) return hit - 1;
  const l = fuzzyLevel(col, x, y);
  // two threads may both write a cell: they write the same byte
  cache[x * d + y] = l + 1;
  cache[y * d + x] = l + 1;
  return l;
}

/** Levels of pairs [from, to) for every comparison into `out` (row-major: pair × comparison). */
export function levelsShard(
  plan: ScoringPlan,
  a: Int32Array,
  b: Int32Array,
  from: number,
  to: number,
  out: Uint8Array,
): void {
  const c = plan.columns.length;
  for (let k = 0; k < c; k++) {
    const col = plan.columns[k] as PlanColumn;
    for (let p = from; p < to; p++) out[p * c + k] = levelOf(col, a[p] as number, b[p] as number);
  }
}

/** What turns levels into weights: log2(m/u) per comparison and level, tf adjustment per value. */
export interface WeightTable {
  prior: number;
  /** comparison k, level l: weights[k * stride + l] */
  weights: Float64Array;
  stride: number;
  /** per comparison: per value id, the term-frequency adjustment of an exact agreement */
  tf: Float64Array[];
}

/** Term-frequency adjustment of an exact agreement on value id `id`. */
export function tfAdjustment(col: PreparedColumn, u0: number, id: number): number {
  const tf = Math.max((col.counts[id] as number) / Math.max(col.nonNull, 1), 1 / Math.max(col.nonNull, 1));
  return Math.log2(u0 / tf);
}

export function weightTable(model: FsModel, cols: PreparedColumn[]): WeightTable {
  const stride = Math.max(...model.m.map((m) => m.length));
  const weights = new Float64Array(model.m.length * stride);
  model.m.forEach((m, k) => {
    m.forEach((v, l) => {
      weights[k * stride + l] = Math.log2(v / ((model.u[k] as Float64Array)[l] as number));
    });
  });
  const tf = cols.map((col, k) => {
    const u0 = (model.u[k] as Float64Array)[0] as number;
    const t = new Float64Array(col.counts.length);
    for (let id = 0; id < t.length; id++) t[id] = tfAdjustment(col, u0, id);
    return t;
  });
  return { prior: Math.log2(model.lambda / (1 - model.lambda)), weights, stride, tf };
}

/** Match weight and posterior probability of pairs [from, to) from their levels. */
export function weightsShard(
  /** per comparison: value id per record (a plan column's or a prepared column's ids) */
  ids: Int32Array[],
  table: WeightTable,
  a: Int32Array,
  levels: Uint8Array,
  from: number,
  to: number,
  weight: Float64Array,
  probability: Float64Array,
): void {
  const c = ids.length;
  const w = table.weights;
  const stride = table.stride;
  for (let p = from; p < to; p++) {
    let s = table.prior;
    const rec = a[p] as number;
    for (let k = 0; k < c; k++) {
      const l = levels[p * c + k] as number;
      if (l === NULL_LEVEL) continue;
      s += w[k * stride + l] as number;
      if (l === 0) s += (table.tf[k] as Float64Array)[(ids[k] as Int32Array)[rec] as number] as number;
    }
    weight[p] = s;
    probability[p] = 1 / (1 + 2 ** -s);
  }
}

/** Shards of [0, length) for `n` threads: contiguous and nearly equal. */
export function shardsOf(length: number, n: number): [number, number][] {
  const size = Math.ceil(length / Math.max(1, n));
  const out: [number, number][] = [];
  for (let from = 0; from < length; from += size) out.push([from, Math.min(length, from + size)]);
  return out;
}

/** One shard of work for a thread: the pairs of the shard, and what scoring them needs. */
export type ShardRequest =
  | { op: 'levels'; plan: ScoringPlan; a: Int32Array; b: Int32Array }
  | { op: 'weights'; ids: Int32Array[]; table: WeightTable; a: Int32Array; levels: Uint8Array };

export type ShardReply = { levels: Uint8Array } | { weight: Float64Array; probability: Float64Array };

/** What a scoring thread does with a request (the thread's entry file calls this). */
export function runShard(req: ShardRequest): ShardReply {
  const n = req.a.length;
  if (req.op === 'levels') {
    // a structured clone's objects are built key by key (V8 may keep them as slow dictionaries):
    // literals of one shape keep the hot loop's property reads fast
    const plan: ScoringPlan = {
      columns: req.plan.columns.map((c) => ({
        kind: c.kind,
        ids: c.ids,
        distinct: c.distinct,
        codes: c.codes,
        offsets: c.offsets,
        tokens: c.tokens,
        tokenOffsets: c.tokenOffsets,
        numbers: c.numbers,
        cache: c.cache,
      })),
    };
    const levels = new Uint8Array(n * plan.columns.length);
    levelsShard(plan, req.a, req.b, 0, n, levels);
    return { levels };
  }
  const weight = new Float64Array(n);
  const probability = new Float64Array(n);
  const { prior, weights, stride, tf } = req.table;
  weightsShard(req.ids, { prior, weights, stride, tf }, req.a, req.levels, 0, n, weight, probability);
  return { weight, probability };
}

/**
 * A scorer (resolve.ts's `Scorer`) that splits the pairs into one shard per thread and hands
 * them to `run`, which posts each to a thread running `runShard`: the levels, where the time
 * goes; the weights are a table lookup per field and stay on the calling thread. The plan is copied to each
 * thread with its shard (plain arrays: V8 reads SharedArrayBuffer-backed ones several times
 * slower, which we measured to cancel the second core).
 */
export function shardedScorer(threads: number, run: (req: ShardRequest) => Promise<ShardReply>) {
  return {
    async levels(plan: ScoringPlan, a: Int32Array, b: Int32Array, length: number) {
      const c = plan.columns.length;
      const out = new Uint8Array(length * c);
      await Promise.all(
        shardsOf(length, threads).map(async ([from, to]) => {
          const reply = await run({ op: 'levels', plan, a: a.slice(from, to), b: b.slice(from, to) });
          out.set((reply as { levels: Uint8Array }).levels, from * c);
        }),
      );
      return out;
    },
    // weights on this thread: one table lookup per field, cheaper than copying the
    // term-frequency tables (a value per distinct value per column) to every thread
    weights(plan: ScoringPlan, table: WeightTable, a: Int32Array, levels: Uint8Array, length: number) {
      const weight = new Float64Array(length);
      const probability = new Float64Array(length);
      const ids = plan.columns.map((col) => col.ids);
      weightsShard(ids, table, a, levels, 0, length, weight, probability);
      return { weight, probability };
    },
  };
}
