import { dateLayoutsOf, isDateTimeLayout, parseLooseNumber, valueFormatOf } from './formats.ts';
import type { FieldProfile, JsonType, SourceProfile, ValueFormat } from './types.ts';

export interface ProfileOptions {
  /** stop tracking new distinct values beyond this many per field (bounded memory) */
  maxDistinct?: number;
  /** fields with at most this many distinct values get the `distinct` list */
  lowCardinality?: number;
  /** examples kept per field (reservoir sample) */
  examples?: number;
  /** values per field inspected for formats (format detection is the costly part) */
  formatSample?: number;
  /** share of inspected values a format must reach to be reported */
  formatThreshold?: number;
  /** nesting deeper than this is profiled as one opaque value (hostile or runaway documents) */
  maxDepth?: number;
  /** distinct paths tracked; further paths are counted in `droppedPaths` only */
  maxFields?: number;
}

const DEFAULTS: Required<ProfileOptions> = {
  maxDistinct: 1000,
  lowCardinality: 50,
  examples: 5,
  formatSample: 1000,
  formatThreshold: 0.9,
  maxDepth: 32,
  maxFields: 5000,
};

const MISSING = /^\s*(unknown|n\/?a|nan|null|none|not reported|not available|missing|-|\.)\s*$/i;

interface Acc {
  path: string;
  name: string;
  inArray: boolean;
  typeCounts: Partial<Record<JsonType, number>>;
  count: number;
  lastRecord: number;
  presentRecords: number;
  distinct: Map<string, { value: string | number | boolean; count: number }>;
  distinctOverflow: boolean;
  examples: unknown[];
  seen: number;
  formatCounts: Map<ValueFormat, number>;
  layoutCounts: Map<string, number>;
  inspected: number;
  numCount: number;
  numSum: number;
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
}

/** Deterministic PRNG so the same input always yields the same examples. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function jsonTypeOf(v: unknown): JsonType {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'object') return 'object';
  return 'string';
}

export interface Profiler {
  add(record: unknown): void;
  result(): SourceProfile;
}

/** One-pass profiler with bounded memory: feed records with `add`, read the profile with `result`. */
export function createProfiler(options: ProfileOptions = {}): Profiler {
  const opts = { ...DEFAULTS, ...options };
  // A Map keyed by path: data keys such as `__proto__` are plain strings here, never object members.
  const fields = new Map<string, Acc>();
  const rand = mulberry32(0x5eed);
  let recordCount = 0;

  let dropped = 0;
  const accOf = (path: string, name: string, inArray: boolean): Acc | undefined => {
    let acc = fields.get(path);
    if (!acc) {
      if (fields.size >= opts.maxFields) {
        dropped++;
        return undefined;
      }
      acc = {
        path,
        name,
        inArray,
        typeCounts: {},
        count: 0,
        lastRecord: -1,
        presentRecords: 0,
        distinct: new Map(),
        distinctOverflow: false,
        examples: [],
        seen: 0,
        formatCounts: new Map(),
        layoutCounts: new Map(),
        inspected: 0,
        numCount: 0,
        numSum: 0,
      };
      fields.set(path, acc);
    }
    return acc;
  };

  const observe = (acc: Acc, value: unknown) => {
    const t = jsonTypeOf(value);
    acc.count++;
    acc.typeCounts[t] = (acc.typeCounts[t] ?? 0) + 1;
    if (t === 'null' || value === '') return;
    if (acc.lastRecord !== recordCount) {
      acc.lastRecord = recordCount;
      acc.presentRecords++;
    }
    // an opaque deep value: counted, never stringified or kept
    if (t === 'object' || t === 'array') return;
    const scalar = value as string | number | boolean;
    const key = String(scalar);
    const d = acc.distinct.get(key);
    if (d) d.count++;
    else if (acc.distinct.size < opts.maxDistinct) acc.distinct.set(key, { value: scalar, count: 1 });
    else acc.distinctOverflow = true;
    acc.seen++;
    if (acc.examples.length < opts.examples) acc.examples.push(value);
    else {
      const j = Math.floor(rand() * acc.seen);
      if (j < opts.examples) acc.examples[j] = value;
    }
    let num: number | undefined;
    if (typeof value === 'number') num = value;
    if (typeof value === 'string') {
      acc.minLength = Math.min(acc.minLength ?? Number.POSITIVE_INFINITY, value.length);
      acc.maxLength = Math.max(acc.maxLength ?? 0, value.length);
      // "Unknown" / "N/A" in a number column must not hide that it is a number column
      if (acc.inspected < opts.formatSample && !MISSING.test(value)) {
        acc.inspected++;
        const layouts = dateLayoutsOf(value);
        for (const l of layouts) acc.layoutCounts.set(l, (acc.layoutCounts.get(l) ?? 0) + 1);
        const f = layouts.length ? undefined : valueFormatOf(value, acc.name);
        if (f) acc.formatCounts.set(f, (acc.formatCounts.get(f) ?? 0) + 1);
      }
      num = parseLooseNumber(value);
    }
    if (num !== undefined && Number.isFinite(num)) {
      acc.numCount++;
      acc.numSum += num;
      acc.min = Math.min(acc.min ?? num, num);
      acc.max = Math.max(acc.max ?? num, num);
    }
  };

  const walk = (value: unknown, path: string, name: string, inArray: boolean, depth: number) => {
    if (depth < opts.maxDepth && Array.isArray(value)) {
      const p = `${path}[*]`;
      for (const el of value) walk(el, p, name, true, depth + 1);
      return;
    }
    if (depth < opts.maxDepth && value !== null && typeof value === 'object') {
      for (const k of Object.keys(value)) {
        walk((value as Record<string, unknown>)[k], path ? `${path}.${k}` : k, k, inArray, depth + 1);
      }
      return;
    }
    const acc = accOf(path, name, inArray);
    if (acc) observe(acc, value);
  };

  return {
    add(record) {
      walk(record, '', '', false, 0);
      recordCount++;
    },
    result() {
      const out: SourceProfile = {
        recordCount,
        fields: [...fields.values()].map((a) => finish(a, recordCount, opts)),
      };
      if (dropped) out.droppedPaths = dropped;
      return out;
    },
  };
}

function dominantType(counts: Partial<Record<JsonType, number>>): JsonType {
  let best: JsonType = 'null';
  let bestN = 0;
  const merged = { ...counts };
  // integers and decimals in one column are numbers
  if (merged.number && merged.integer) {
    merged.number += merged.integer;
    delete merged.integer;
  }
  for (const [t, n] of Object.entries(merged) as [JsonType, number][]) {
    if (t !== 'null' && n > bestN) {
      best = t;
      bestN = n;
    }
  }
  return best;
}

function pickFormat(acc: Acc, threshold: number): { format?: ValueFormat; layout?: string } {
  if (acc.inspected === 0) return {};
  const need = acc.inspected * threshold;
  let bestLayout: string | undefined;
  let bestN = 0;
  for (const [l, n] of acc.layoutCounts) if (n > bestN) [bestLayout, bestN] = [l, n];
  if (bestLayout && bestN >= need) {
    return { format: isDateTimeLayout(bestLayout) ? 'date-time' : 'date', layout: bestLayout };
  }
  const f = acc.formatCounts;
  const n = (k: ValueFormat) => f.get(k) ?? 0;
  // integers are numbers too; a number column may hold some integers
  if (n('integer-string') >= need) return { format: 'integer-string' };
  if (n('integer-string') + n('number-string') >= need) return { format: 'number-string' };
  if (n('zip') >= need) return { format: 'zip' };
  for (const [k, c] of f) if (c >= need) return { format: k };
  return {};
}

function finish(acc: Acc, recordCount: number, opts: Required<ProfileOptions>): FieldProfile {
  const type = dominantType(acc.typeCounts);
  const out: FieldProfile = {
    path: acc.path,
    name: acc.name,
    type,
    typeCounts: acc.typeCounts,
    count: acc.count,
    nullRate: recordCount === 0 ? 1 : 1 - acc.presentRecords / recordCount,
    distinctCount: acc.distinct.size,
    examples: acc.examples,
    inArray: acc.inArray,
  };
  if (type === 'string') Object.assign(out, pickFormat(acc, opts.formatThreshold));
  if (!acc.distinctOverflow && acc.distinct.size <= opts.lowCardinality) {
    out.distinct = [...acc.distinct.values()].sort((a, b) => b.count - a.count);
  }
  out.sampleValues = [...acc.distinct.keys()];
  const stats: NonNullable<FieldProfile['stats']> = {};
  if (acc.numCount > 0 && acc.numCount >= acc.seen * 0.9) {
    stats.min = acc.min;
    stats.max = acc.max;
    stats.mean = acc.numSum / acc.numCount;
  }
  if (acc.minLength !== undefined) {
    stats.minLength = acc.minLength;
    stats.maxLength = acc.maxLength;
  }
  if (Object.keys(stats).length) out.stats = stats;
  return out;
}

/** Profiles an in-memory list of records (see createProfiler for streams). */
export function profileRecords(records: unknown[], options?: ProfileOptions): SourceProfile {
  const p = createProfiler(options);
  for (const r of records) p.add(r);
  return p.result();
}
