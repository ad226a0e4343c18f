/**
 * The scoring kernel: every column encoded once into flat typed arrays (char codes, token ids,
 * numbers), so a pair's comparison vector is integer compares and table lookups, and a shard of
 * pairs can be scored on any thread (the plan is typed arrays on shared memory: threads read it
 * where it is).
 *
 * `levelsShard` writes the level of every comparison of pairs [from, to); `weightsShard` turns
 * levels into match weights with a precomputed table (log2(m/u) per level, term-frequency
 * adjustment per value count), no logarithm per pair. Both are pure: the threads live in the
 * caller.
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
  /**
   * Value v's characters, each as its index in the column's alphabet (comparators only ask
   * whether two characters are equal): one byte each when the column uses at most 256
   * characters. With `stride` > 0 (short values): its length at codes[v * stride] and its
   * characters right after, so one cache line holds a value; otherwise codes[offsets[v] ..
   * offsets[v + 1]).
   */
  codes: Uint8Array | Uint16Array;
  stride: number;
  offsets: Int32Array;
  /** the alphabet index of '@' (emails), -1 when absent */
  atSign: number;
  /** text: value v's sorted token ids are tokens[tokenOffsets[v] .. tokenOffsets[v + 1]) */
  tokens: Int32Array;
  tokenOffsets: Int32Array;
  numbers: Float64Array;
  /** level + 1 per pair of distinct values (0 = not computed yet), when few distinct values */
  cache: Uint8Array;
}

export interface ScoringPlan {
  columns: PlanColumn[];
  /**
   * Record-major value ids: record r's on column k at rows[r * width + k]. After the ids, on
   * the same buffer (`bytes`), the record's short values themselves for columns whose codes
   * are bytes at a fixed stride (`inlineAt`): a pair's comparisons then read two records, a
   * line or two each, instead of two scattered cells and two values per column.
   */
  rows: Int32Array;
  /** Int32s per record in `rows` */
  width: number;
  /** `rows` as bytes */
  bytes: Uint8Array;
  /** per column: byte offset in a record of its inline value (length, then codes), -1 if not inline */
  inlineAt: Int32Array;
  /** Record-major, c per record: how many records hold the value (its term frequency). */
  counts: Int32Array;
}

/** Columns with at most this many distinct values keep a d×d table of levels (≤ 16 MB). */
const CACHE_DISTINCT = 4096;
/** Values up to this long are laid out at a fixed stride (at most a 64-byte line each). */
const FIXED_LENGTH = 31;

/**
 * Plan arrays live on shared memory: scoring threads read them and write their shard's results
 * in place, with nothing copied (a structured clone of a million records' plan took longer than
 * scoring its shard).
 */
function shared<T>(make: new (buffer: SharedArrayBuffer) => T, bytesPer: number, length: number): T {
  return new make(new SharedArrayBuffer(bytesPer * length));
}
export const sharedUint8 = (n: number) => shared(Uint8Array, 1, n);
export const sharedInt32 = (n: number) => shared(Int32Array, 4, n);
export const sharedFloat64 = (n: number) => shared(Float64Array, 8, n);
const sharedUint16 = (n: number) => shared(Uint16Array, 2, n);

/** How a column's values are compared: whether char codes, tokens or numbers are needed. */
const usesCodes = (kind: number) =>
  kind === KIND.jaroWinkler || kind === KIND.edit || kind === KIND.email || kind === KIND.date;

/** The characters of `values` laid out as PlanColumn's codes (stride or offsets). */
function encodeValues(values: string[]) {
  const d = values.length;
  // char code -> alphabet index + 1 (0: not seen yet)
  const alphabet = new Int32Array(65536);
  let size = 0;
  let total = 0;
  let longest = 0;
  for (const v of values) {
    total += v.length;
    if (v.length > longest) longest = v.length;
    for (let j = 0; j < v.length; j++) {
      const ch = v.charCodeAt(j);
      if (!alphabet[ch]) alphabet[ch] = ++size;
    }
  }
  // fixed stride when short values would not take much more room than packed ones
  const stride = longest <= FIXED_LENGTH && (longest + 1) * d <= 2 * (total + d) ? longest + 1 : 0;
  const length = stride ? d * stride : total;
  const codes = size <= 256 ? sharedUint8(length) : sharedUint16(length);
  const offsets = stride ? new Int32Array(0) : sharedInt32(d + 1);
  let at = 0;
  for (let i = 0; i < d; i++) {
    const v = values[i] as string;
    if (stride) {
      at = i * stride;
      codes[at++] = v.length;
    } else offsets[i] = at;
    for (let j = 0; j < v.length; j++) codes[at++] = (alphabet[v.charCodeAt(j)] as number) - 1;
  }
  if (!stride) offsets[d] = at;
  return { codes, stride, offsets, atSign: (alphabet[64] as number) - 1 };
}

export function planColumn(col: PreparedColumn): PlanColumn {
  const kind = kindOf(col.role);
  const d = col.values.length;
  const ids = sharedInt32(col.ids.length);
  ids.set(col.ids);
  const { codes, stride, offsets, atSign } = usesCodes(kind)
    ? encodeValues(col.values)
    : { codes: new Uint8Array(0), stride: 0, offsets: new Int32Array(0), atSign: -1 };
  let tokens = new Int32Array(0);
  let tokenOffsets = new Int32Array(0);
  if (kind === KIND.jaccard && col.tokens) {
    tokenOffsets = sharedInt32(d + 1);
    let n = 0;
    for (const t of col.tokens) n += t.length;
    tokens = sharedInt32(n);
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
    numbers = sharedFloat64(d);
    numbers.set(col.numbers);
  }
  // dates: the day number of each value, for the "within a year" level
  if (kind === KIND.date) {
    numbers = sharedFloat64(d);
    col.values.forEach((v, i) => {
      numbers[i] = daysOf(v);
    });
  }
  // free text is never cached: its values rarely repeat and the table would be mostly empty
  const cache = sharedUint8(d <= CACHE_DISTINCT && kind !== KIND.jaccard ? d * d : 0);
  return { kind, ids, distinct: d, codes, stride, offsets, atSign, tokens, tokenOffsets, numbers, cache };
}

/** Inline values take at most this many bytes per record (the rest stay in their columns). */
const INLINE_BYTES = 192;

/** ScoringPlan's counts: per record and column (record-major), the count of its value. */
export function recordCounts(cols: PreparedColumn[]): Int32Array {
  const c = cols.length;
  const n = cols[0]?.ids.length ?? 0;
  const counts = sharedInt32(n * c);
  cols.forEach((col, k) => {
    const ids = col.ids;
    const count = col.counts;
    for (let r = 0, at = k; r < n; r++, at += c) {
      const id = ids[r] as number;
      counts[at] = id < 0 ? 0 : (count[id] as number);
    }
  });
  return counts;
}

export function scoringPlan(cols: PreparedColumn[]): ScoringPlan {
  const columns = cols.map((col) => planColumn(col));
  const c = cols.length;
  const n = cols[0]?.ids.length ?? 0;
  const inlineAt = new Int32Array(c).fill(-1);
  let bytesPer = 4 * c;
  columns.forEach((col, k) => {
    // dates are never inline: their levels need the value ids (day numbers), see dateLevel
    if (
      col.stride &&
      col.codes instanceof Uint8Array &&
      col.kind !== KIND.date &&
      bytesPer - 4 * c + col.stride <= INLINE_BYTES
    ) {
      inlineAt[k] = bytesPer;
      bytesPer += col.stride;
    }
  });
  const width = Math.ceil(bytesPer / 4);
  const rows = sharedInt32(n * width);
  const bytes = new Uint8Array(rows.buffer);
  columns.forEach((col, k) => {
    const ids = col.ids;
    const at = inlineAt[k] as number;
    const { codes, stride } = col;
    for (let r = 0; r < n; r++) {
      const id = ids[r] as number;
      rows[r * width + k] = id;
      if (at < 0 || id < 0) continue;
      const to = r * width * 4 + at;
      const from = id * stride;
      for (let j = 0; j <= (codes[from] as number); j++) bytes[to + j] = codes[from + j] as number;
    }
  });
  return { columns, rows, width, bytes, inlineAt, counts: recordCounts(cols) };
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

/** Position of `at` in c[from, from + length), or `length`. */
function indexOf(c: Uint8Array | Uint16Array, at: number, from: number, length: number): number {
  for (let i = 0; i < length; i++) if (c[from + i] === at) return i;
  return length;
}

/**
 * Level of two different values x and y (ids). Thresholds are Splink's comparison-library
 * defaults, listed with their labels in levels.ts (Jaro-Winkler 0.92 / 0.88 / 0.7;
 * Levenshtein 1 / 2; Jaccard 0.9 / 0.7 / 0.5 / 0.3).
 */
export function fuzzyLevel(col: PlanColumn, x: number, y: number): number {
  const kind = col.kind;
  if (kind === KIND.jaccard) {
    const s = jaccardOf(col, x, y);
    return s >= 0.9 ? 1 : s >= 0.7 ? 2 : s >= 0.5 ? 3 : s >= 0.3 ? 4 : 5;
  }
  if (kind === KIND.number) {
    const a = col.numbers[x] as number;
    const b = col.numbers[y] as number;
    const d = Math.abs(a - b);
    const scale = Math.max(Math.abs(a), Math.abs(b));
    return d <= 1 || d <= 0.01 * scale ? 1 : d <= 0.1 * scale ? 2 : 3;
  }
  if (kind === KIND.exact) return 1;
  if (kind === KIND.date) return dateLevel(col, x, y);
  // the codes of x and y: at a fixed stride (length first) or through the offsets
  const c = col.codes;
  const stride = col.stride;
  let xa: number;
  let xl: number;
  let ya: number;
  let yl: number;
  if (stride) {
    xa = x * stride + 1;
    xl = c[xa - 1] as number;
    ya = y * stride + 1;
    yl = c[ya - 1] as number;
  } else {
    const o = col.offsets;
    xa = o[x] as number;
    xl = (o[x + 1] as number) - xa;
    ya = o[y] as number;
    yl = (o[y + 1] as number) - ya;
  }
  return codesLevel(col, c, xa, xl, ya, yl);
}

/** Days since 1970 of a value read as YYYYMMDD (prepare.ts keeps a date's digits), or NaN. */
function daysOf(v: string): number {
  if (!/^\d{8}$/.test(v)) return Number.NaN;
  const n = Number(v);
  const y = Math.floor(n / 10000);
  const m = Math.floor(n / 100) % 100;
  const d = n % 100;
  if (m < 1 || m > 12 || d < 1 || d > 31) return Number.NaN;
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

/**
 * Levels of two different dates (levels.ts lists the labels): a typo (Levenshtein ≤ 1, Splink's
 * date-of-birth comparison's first fuzzy level), day and month swapped (a US date read as a
 * European one), Levenshtein ≤ 2, within a year (Splink's date-difference level), else. Codes are
 * alphabet indices: equal characters have equal codes, which is all the swap test needs.
 */
function dateLevel(col: PlanColumn, x: number, y: number): number {
  const c = col.codes;
  const stride = col.stride;
  const o = col.offsets;
  const xa = stride ? x * stride + 1 : (o[x] as number);
  const ya = stride ? y * stride + 1 : (o[y] as number);
  const xl = stride ? (c[xa - 1] as number) : (o[x + 1] as number) - xa;
  const yl = stride ? (c[ya - 1] as number) : (o[y + 1] as number) - ya;
  const d = editDistanceCodes(c, xa, xl, ya, yl);
  if (d <= 1) return 1;
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
  return Math.abs((col.numbers[x] as number) - (col.numbers[y] as number)) <= 365 ? 4 : 5;
}

/** Level of two different values given as codes c[xa, xa + xl) and c[ya, ya + yl). */
function codesLevel(
  col: PlanColumn,
  c: Uint8Array | Uint16Array,
  xa: number,
  xl: number,
  ya: number,
  yl: number,
): number {
  const kind = col.kind;
  if (kind === KIND.jaroWinkler) {
    const s = jaroWinklerCodes(c, xa, xl, ya, yl, 0.7);
    return s >= 0.92 ? 1 : s >= 0.88 ? 2 : s >= 0.7 ? 3 : 4;
  }
  if (kind === KIND.edit) {
    const d = editDistanceCodes(c, xa, xl, ya, yl);
    return d <= 1 ? 1 : d <= 2 ? 2 : 3;
  }
  // email: the same mailbox name (before '@'), else how close the whole addresses are
  const mx = indexOf(c, col.atSign, xa, xl);
  if (mx === indexOf(c, col.atSign, ya, yl)) {
    let same = true;
    for (let i = 0; i < mx && same; i++) same = c[xa + i] === c[ya + i];
    if (same) return 1;
  }
  const s = jaroWinklerCodes(c, xa, xl, ya, yl);
  return s >= 0.88 ? 2 : 3;
}

/** Level of values x and y (ids, -1 when empty) on one column: exact agreement is an integer compare. */
function levelOfIds(col: PlanColumn, x: number, y: number): number {
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

/** Level of records a and b on one column. */
export function levelOf(col: PlanColumn, a: number, b: number): number {
  return levelOfIds(col, col.ids[a] as number, col.ids[b] as number);
}

/** Pairs per block of `levelsShard`: their values' codes fit in L2 while the block is scored. */
const BLOCK = 256;
let gathered = new Int32Array(0);
/** keeps the touching loads of `levelsShard` from being optimised away */
export let touched = 0;

/** Level of records with value ids x and y whose values are inline in `bytes` at xo and yo. */
function inlineLevel(col: PlanColumn, x: number, y: number, bytes: Uint8Array, xo: number, yo: number) {
  if (x < 0 || y < 0) return NULL_LEVEL;
  if (x === y) return 0;
  const cache = col.cache;
  if (!cache.length) return codesLevel(col, bytes, xo + 1, bytes[xo] as number, yo + 1, bytes[yo] as number);
  const d = col.distinct;
  const hit = cache[x * d + y] as number;
  if (hit) return hit - 1;
  const l = codesLevel(col, bytes, xo + 1, bytes[xo] as number, yo + 1, bytes[yo] as number);
  cache[x * d + y] = l + 1;
  cache[y * d + x] = l + 1;
  return l;
}

/**
 * Levels of pairs [from, to) for every comparison into `out` (row-major: pair × comparison).
 * Blocks of pairs are first gathered (value ids from the records, then each record's last
 * byte and the codes of values not inline touched): those loads are independent of each
 * other, so the memory fetches overlap, and the comparisons then find their values in cache
 * instead of waiting on one miss at a time.
 */
export function levelsShard(
  plan: ScoringPlan,
  a: Int32Array,
  b: Int32Array,
  from: number,
  to: number,
  out: Uint8Array,
): void {
  const cols = plan.columns;
  const c = cols.length;
  const { rows, bytes, width: rw, inlineAt } = plan;
  const last = rw * 4 - 1;
  const width = 2 * c;
  if (gathered.length < BLOCK * width) gathered = new Int32Array(BLOCK * width);
  const g = gathered;
  let sink = 0;
  for (let start = from; start < to; start += BLOCK) {
    const end = Math.min(to, start + BLOCK);
    for (let p = start, at = 0; p < end; p++) {
      const ra = (a[p] as number) * rw;
      const rb = (b[p] as number) * rw;
      sink += (bytes[ra * 4 + last] as number) + (bytes[rb * 4 + last] as number);
      for (let k = 0; k < c; k++, at += 2) {
        g[at] = rows[ra + k] as number;
        g[at + 1] = rows[rb + k] as number;
      }
    }
    for (let k = 0; k < c; k++) {
      const col = cols[k] as PlanColumn;
      const stride = col.stride;
      if (!stride || (inlineAt[k] as number) >= 0) continue;
      const codes = col.codes;
      for (let at = 2 * k, q = start; q < end; q++, at += width) {
        const x = g[at] as number;
        const y = g[at + 1] as number;
        if (x >= 0 && y >= 0 && x !== y)
          sink += (codes[x * stride] as number) + (codes[y * stride] as number);
      }
    }
    for (let k = 0; k < c; k++) {
      const col = cols[k] as PlanColumn;
      const inl = inlineAt[k] as number;
      if (inl >= 0)
        for (let p = start, at = 2 * k; p < end; p++, at += width)
          out[p * c + k] = inlineLevel(
            col,
            g[at] as number,
            g[at + 1] as number,
            bytes,
            (a[p] as number) * rw * 4 + inl,
            (b[p] as number) * rw * 4 + inl,
          );
      else
        for (let p = start, at = 2 * k; p < end; p++, at += width)
          out[p * c + k] = levelOfIds(col, g[at] as number, g[at + 1] as number);
    }
  }
  touched = sink;
}

/** What turns levels into weights: log2(m/u) per comparison and level, tf adjustment per value. */
export interface WeightTable {
  prior: number;
  /** comparison k, level l: weights[k * stride + l] */
  weights: Float64Array;
  stride: number;
  /**
   * per comparison: the term-frequency adjustment of an exact agreement on a value held by n
   * records, at index n (it depends on the count only: a few hundred entries, not one per value)
   */
  tf: Float64Array[];
}

/** Term-frequency adjustment of an exact agreement on value id `id`. */
export function tfAdjustment(col: PreparedColumn, u0: number, id: number): number {
  const tf = Math.max((col.counts[id] as number) / Math.max(col.nonNull, 1), 1 / Math.max(col.nonNull, 1));
  return Math.log2(u0 / tf);
}

/** The u of exact agreement a comparison's term-frequency adjustment is relative to (FsModel.tfBase). */
export function tfBase(model: FsModel, k: number): number {
  return model.tfBase?.[k] ?? ((model.u[k] as Float64Array)[0] as number);
}

export function weightTable(model: FsModel, cols: PreparedColumn[]): WeightTable {
  const stride = Math.max(...model.m.map((m) => m.length));
  const weights = sharedFloat64(model.m.length * stride);
  model.m.forEach((m, k) => {
    m.forEach((v, l) => {
      weights[k * stride + l] = Math.log2(v / ((model.u[k] as Float64Array)[l] as number));
    });
  });
  const tf = cols.map((col, k) => {
    const u0 = tfBase(model, k);
    let most = 0;
    for (const n of col.counts) if (n > most) most = n;
    const t = sharedFloat64(most + 1);
    const done = new Uint8Array(most + 1);
    col.counts.forEach((n, id) => {
      if (done[n]) return;
      done[n] = 1;
      t[n] = tfAdjustment(col, u0, id);
    });
    return t;
  });
  return { prior: Math.log2(model.lambda / (1 - model.lambda)), weights, stride, tf };
}

/** Match weight and posterior probability of pairs [from, to) from their levels. */
export function weightsShard(
  /** ScoringPlan's counts (recordRows) */
  counts: Int32Array,
  table: WeightTable,
  a: Int32Array,
  levels: Uint8Array,
  from: number,
  to: number,
  weight: Float64Array,
  probability: Float64Array,
): void {
  const c = table.tf.length;
  const w = table.weights;
  const stride = table.stride;
  const tf = table.tf;
  for (let p = from; p < to; p++) {
    let s = table.prior;
    const ra = (a[p] as number) * c;
    for (let k = 0; k < c; k++) {
      const l = levels[p * c + k] as number;
      if (l === NULL_LEVEL) continue;
      s += w[k * stride + l] as number;
      if (l === 0) s += (tf[k] as Float64Array)[counts[ra + k] as number] as number;
    }
    weight[p] = s;
    // 1 / (1 + 2^-s), with exp: V8's Math.exp is several times faster than its pow
    probability[p] = 1 / (1 + Math.exp(-s * Math.LN2));
  }
}

/** Shards of [0, length) for `n` threads: contiguous and nearly equal. */
export function shardsOf(length: number, n: number): [number, number][] {
  const size = Math.ceil(length / Math.max(1, n));
  const out: [number, number][] = [];
  for (let from = 0; from < length; from += size) out.push([from, Math.min(length, from + size)]);
  return out;
}

/**
 * One shard of work for a thread: pairs [from, to), the plan (or weight table) and the output,
 * all on shared memory (the thread writes its part of `out` in place).
 */
export type ShardRequest =
  | {
      op: 'levels';
      plan: ScoringPlan;
      a: Int32Array;
      b: Int32Array;
      from: number;
      to: number;
      out: Uint8Array;
    }
  | {
      op: 'weights';
      plan: ScoringPlan;
      table: WeightTable;
      a: Int32Array;
      levels: Uint8Array;
      from: number;
      to: number;
      weight: Float64Array;
      probability: Float64Array;
    };

// biome-ignore lint/complexity/noBannedTypes: the results are in the request's shared arrays
export type ShardReply = {};

/** rows, and bytes as a view of the same memory */
const withRows = (rows: Int32Array) => ({
  rows,
  bytes: new Uint8Array(rows.buffer, rows.byteOffset, rows.byteLength),
});

// a structured clone's objects are built key by key (V8 may keep them as slow dictionaries):
// literals of one shape keep the hot loop's property reads fast
const planLiteral = (plan: ScoringPlan): ScoringPlan => ({
  columns: plan.columns.map((c) => ({
    kind: c.kind,
    ids: c.ids,
    distinct: c.distinct,
    codes: c.codes,
    stride: c.stride,
    offsets: c.offsets,
    atSign: c.atSign,
    tokens: c.tokens,
    tokenOffsets: c.tokenOffsets,
    numbers: c.numbers,
    cache: c.cache,
  })),
  ...withRows(plan.rows),
  width: plan.width,
  inlineAt: plan.inlineAt,
  counts: plan.counts,
});

/** What a scoring thread does with a request (the thread's entry file calls this). */
export function runShard(req: ShardRequest): ShardReply {
  const plan = planLiteral(req.plan);
  if (req.op === 'levels') levelsShard(plan, req.a, req.b, req.from, req.to, req.out);
  else {
    const { prior, weights, stride, tf } = req.table;
    weightsShard(
      plan.counts,
      { prior, weights, stride, tf },
      req.a,
      req.levels,
      req.from,
      req.to,
      req.weight,
      req.probability,
    );
  }
  return {};
}

const isShared = (x: ArrayBufferView) => x.buffer instanceof SharedArrayBuffer;

/** `x` itself when on shared memory, else a shared copy (threads write results in place). */
function onShared<T extends Int32Array | Uint8Array | Uint16Array | Float64Array>(x: T): T {
  if (isShared(x)) return x;
  const copy = new (x.constructor as new (b: SharedArrayBuffer) => T)(new SharedArrayBuffer(x.byteLength));
  copy.set(x as never);
  return copy;
}

/**
 * Shards per thread: a thread that finishes early (its core less busy) takes the next shard
 * instead of waiting for the slowest; with everything on shared memory a shard costs a message.
 */
const SHARDS_PER_THREAD = 8;

/**
 * A scorer (resolve.ts's `Scorer`) that splits the pairs into shards, a few per thread, and hands
 * them to `run`, which posts each to a thread running `runShard`: first the levels, then (once
 * the model is trained) the weights. The plan, the pairs and the results are on shared memory,
 * so a request carries only references and a range.
 */
export function shardedScorer(threads: number, run: (req: ShardRequest) => Promise<ShardReply>) {
  const sharedPlan = (plan: ScoringPlan): ScoringPlan => ({
    columns: plan.columns.map((c) => ({
      ...c,
      ids: onShared(c.ids),
      codes: onShared(c.codes),
      offsets: onShared(c.offsets),
      tokens: onShared(c.tokens),
      tokenOffsets: onShared(c.tokenOffsets),
      numbers: onShared(c.numbers),
      cache: onShared(c.cache),
    })),
    ...withRows(onShared(plan.rows)),
    width: plan.width,
    inlineAt: plan.inlineAt,
    counts: onShared(plan.counts),
  });
  return {
    async levels(plan: ScoringPlan, a: Int32Array, b: Int32Array, length: number) {
      const out = sharedUint8(length * plan.columns.length);
      const p = sharedPlan(plan);
      const sa = onShared(a);
      const sb = onShared(b);
      await Promise.all(
        shardsOf(length, threads * SHARDS_PER_THREAD).map(([from, to]) =>
          run({ op: 'levels', plan: p, a: sa, b: sb, from, to, out }),
        ),
      );
      return out;
    },
    async weights(plan: ScoringPlan, table: WeightTable, a: Int32Array, levels: Uint8Array, length: number) {
      const weight = sharedFloat64(length);
      const probability = sharedFloat64(length);
      const p = sharedPlan(plan);
      const t: WeightTable = { ...table, weights: onShared(table.weights), tf: table.tf.map(onShared) };
      const sa = onShared(a);
      const sl = onShared(levels);
      await Promise.all(
        shardsOf(length, threads * SHARDS_PER_THREAD).map(([from, to]) =>
          run({ op: 'weights', plan: p, table: t, a: sa, levels: sl, from, to, weight, probability }),
        ),
      );
      return { weight, probability };
    },
  };
}
