import type { TDroppedValue, TFieldMapping, TMapping } from '@mapwright/contracts';
import { bucketOf } from '../../../lib/confidence.ts';
import { errorTarget, valueAtPath } from './paths.ts';
import { isUnmapped, type TTransform } from './transform-words.ts';

/** A leaf of the target schema, as GET /workshops/{id}/draft lists them (the engine's TargetField). */
export interface TTargetField {
  path: string;
  name: string;
  types: string[];
  format?: string;
  enum?: unknown[];
  title?: string;
  description?: string;
  required: boolean;
  inArray: boolean;
  isArray: boolean;
}
export interface TFieldIssue {
  message: string;
  type: string;
}
export interface TFieldRow {
  field: TTargetField;
  mapping: TFieldMapping | null;
  /** the mapped value for the selected record */
  value: unknown;
  /** its validation error on the selected record */
  error: TFieldIssue | null;
  /** failing records (of those counted) with an error on this field */
  failures: number;
  /** source values the run could not put into this field (records that passed included) */
  dropped: number;
  /** the selected record's value that this field could not take, and why */
  droppedHere: TDroppedValue | null;
  /**
   * The suggestion's confidence lowered by the last run: by the share of records that failed on
   * this field or lost their value to it (null before a run, or when none did).
   */
  runConfidence: { score: number; bucket: string; share: number } | null;
  approved: boolean;
  low: boolean;
  /** no mapping, or one that gives nothing */
  unmapped: boolean;
}

/** Below this a suggestion is worth a look: the Medium, Low and Very Low buckets. */
export const LOW_CONFIDENCE = 0.75;
export const FIELD_FILTERS = ['all', 'low', 'failing', 'unapproved'] as const;
export type TFieldFilter = (typeof FIELD_FILTERS)[number];
export const FILTER_LABELS: Record<TFieldFilter, string> = {
  all: 'All',
  low: 'Low confidence',
  failing: 'Failing',
  unapproved: 'Unapproved',
};

type TRecordErrors = Record<string, { error_message: string; error_type: string }>;
/** The field errors of one mapping's message ('success' has none), keyed by target path. */
export function recordErrors(message: unknown): Map<string, TFieldIssue> {
  const out = new Map<string, TFieldIssue>();
  if (!message || typeof message !== 'object') return out;
  const errors = (message as { record_errors?: TRecordErrors }).record_errors ?? {};
  for (const [field, e] of Object.entries(errors)) {
    const target = errorTarget(field);
    if (!out.has(target)) out.set(target, { message: e.error_message, type: e.error_type });
  }
  return out;
}

/** How many of these (failing) records have an error on each target path. */
export function failureCounts(mappings: readonly TMapping[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of mappings)
    for (const target of recordErrors(m.message).keys()) out.set(target, (out.get(target) ?? 0) + 1);
  return out;
}

export function buildFieldRows(input: {
  fields: readonly TTargetField[];
  mappings: readonly TFieldMapping[];
  mapped: unknown;
  message: unknown;
  failures: ReadonlyMap<string, number>;
  /** the run's dropped values per target path */
  droppedByField?: Readonly<Record<string, number>>;
  /** the selected record's dropped values */
  droppedHere?: readonly TDroppedValue[];
  /** the last run: records processed and exact failures per target path */
  run?: { processed: number; failuresByField: Readonly<Record<string, number>> };
}): TFieldRow[] {
  const byTarget = new Map(input.mappings.map((m) => [m.target, m]));
  const errors = recordErrors(input.message);
  const here = new Map((input.droppedHere ?? []).map((d) => [errorTarget(d.field), d]));
  return input.fields.map((field) => {
    const mapping = byTarget.get(field.path) ?? null;
    const unmapped = !mapping || isUnmapped({ ...mapping, transform: mapping.transform as TTransform });
    return {
      field,
      mapping,
      value: input.mapped === undefined ? undefined : valueAtPath(input.mapped, field.path),
      error: errors.get(field.path) ?? null,
      failures: input.failures.get(field.path) ?? 0,
      dropped: input.droppedByField?.[field.path] ?? 0,
      droppedHere: here.get(field.path) ?? null,
      runConfidence: runConfidenceOf(mapping, field.path, input),
      approved: mapping?.status === 'approved',
      low: unmapped || (mapping?.confidence ?? 0) < LOW_CONFIDENCE,
      unmapped,
    };
  });
}

function runConfidenceOf(
  mapping: TFieldMapping | null,
  path: string,
  input: {
    run?: { processed: number; failuresByField: Readonly<Record<string, number>> };
    droppedByField?: Readonly<Record<string, number>>;
  },
): TFieldRow['runConfidence'] {
  if (!mapping || !input.run?.processed) return null;
  const lost = (input.run.failuresByField[path] ?? 0) + (input.droppedByField?.[path] ?? 0);
  if (!lost) return null;
  const share = Math.min(1, lost / input.run.processed);
  const score = Math.round(mapping.confidence * (1 - share) * 1000) / 1000;
  return { score, bucket: bucketOf(score), share };
}

/** Errors of the record that belong to no listed field (e.g. a whole-record rule). */
export function otherErrors(fields: readonly TTargetField[], message: unknown): [string, TFieldIssue][] {
  const known = new Set(fields.map((f) => f.path));
  return [...recordErrors(message)].filter(([target]) => !known.has(target));
}

export function matchesFilter(row: TFieldRow, filter: TFieldFilter): boolean {
  switch (filter) {
    case 'low':
      return row.low;
    case 'failing':
      return row.error !== null || row.failures > 0 || row.dropped > 0 || row.droppedHere !== null;
    case 'unapproved':
      return !row.approved;
    default:
      return true;
  }
}

export function countByFilter(rows: readonly TFieldRow[]): Record<TFieldFilter, number> {
  const out = { all: 0, low: 0, failing: 0, unapproved: 0 };
  for (const r of rows) for (const f of FIELD_FILTERS) if (matchesFilter(r, f)) out[f]++;
  return out;
}

/**
 * Reads what a person typed for a field of these JSON types: a number field gets a number, a
 * boolean field true/false, empty text means null; JSON is accepted for objects and lists.
 */
export function parseTyped(text: string, types: readonly string[]): { value: unknown } | { error: string } {
  const t = text.trim();
  const has = (x: string) => types.includes(x);
  if (t === '') return has('string') && !has('null') && text !== '' ? { value: text } : { value: null };
  if ((has('number') || has('integer')) && !has('string')) {
    const n = Number(t.replace(/,/g, ''));
    if (!Number.isFinite(n)) return { error: 'Enter a number' };
    if (has('integer') && !has('number') && !Number.isInteger(n)) return { error: 'Enter a whole number' };
    return { value: n };
  }
  if (has('boolean') && !has('string')) {
    if (/^(true|yes|1)$/i.test(t)) return { value: true };
    if (/^(false|no|0)$/i.test(t)) return { value: false };
    return { error: 'Enter true or false' };
  }
  if ((has('object') || has('array')) && !has('string')) {
    try {
      return { value: JSON.parse(t) };
    } catch {
      return { error: 'Enter valid JSON' };
    }
  }
  return { value: text };
}

/** "string · date", "integer", "string or null" */
export function typeLabel(f: TTargetField): string {
  const types = f.types.length ? f.types.join(' or ') : 'any';
  return f.format ? `${types} · ${f.format}` : f.enum ? `${types} · one of ${f.enum.length}` : types;
}
