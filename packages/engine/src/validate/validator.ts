/**
 * Validates mapped records against the target schema: ajv compiled once per schema (after the
 * spec rule that reduces `required` to existing properties), plus Mapwright's `x-unique`
 * extension: a property marked `"x-unique": true` must hold a different value in every record
 * of the batch (null/missing values are not compared). Duplicates are "Unique Error"s.
 * `pattern` and `patternProperties` match in linear time (RE2, regexp.ts).
 */
import Ajv, { type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { DroppedValue } from '../mapper/drops.ts';
import { type JsonSchema, normalizeTargetSchema } from '../schema/target-schema.ts';
import { getPath, parsePath } from '../spec/paths.ts';
import { useFastFormats } from './formats.ts';
import { type ErrorType, type FieldError, toFieldError } from './messages.ts';
import { linearRegExpEngine } from './regexp.ts';

export interface RecordErrors {
  record_errors: Record<string, { error_message: string; error_type: ErrorType }>;
  global_errors: GlobalErrors;
}
export type RecordMessage = 'success' | RecordErrors;

export interface GlobalError {
  error_message: string;
  error_indices: number[];
  error_fields: string[];
}
export interface GlobalErrors {
  error_types: Partial<Record<ErrorType, GlobalError[]>>;
}

export interface BatchValidation {
  /** one per record, in order */
  messages: RecordMessage[];
  /** the batch's errors grouped by type and rule, with the records they occur in */
  global_errors: GlobalErrors;
  valid: number;
  invalid: number;
  /**
   * source values the transforms could not convert (mapManyReport's `dropped`), all of them: a
   * drop on a required field also made its record invalid (a Format Error); one on an optional
   * field leaves the record valid and is only counted here
   */
  dropped: number;
  /** `dropped` per target path as the spec names it (`lines[*].amount`) */
  droppedByField: Record<string, number>;
}

export interface RecordValidator {
  /**
   * Validates a batch; `dropped` (mapManyReport's, one entry per record) makes a value dropped
   * from a required field a Format Error of its record and counts every dropped value.
   */
  validateRecords(
    records: readonly unknown[],
    dropped?: readonly (readonly DroppedValue[] | undefined)[],
  ): BatchValidation;
  /** schema errors of one record (no uniqueness: that needs the batch) */
  validateRecord(record: unknown): FieldError[];
}

/** Leaf paths marked x-unique, `[*]` where the path goes through arrays. */
export function uniquePaths(schema: JsonSchema, prefix = ''): string[] {
  const out: string[] = [];
  if (schema['x-unique'] === true && prefix) out.push(prefix);
  for (const [k, child] of Object.entries(schema.properties ?? {}))
    out.push(...uniquePaths(child, prefix ? `${prefix}.${k}` : k));
  if (schema.items && typeof schema.items === 'object')
    out.push(...uniquePaths(schema.items, `${prefix}[*]`));
  return out;
}

function compile(schema: JsonSchema): ValidateFunction {
  const is2020 = typeof schema.$schema === 'string' && /2019-09|2020-12/.test(schema.$schema);
  // user patterns on RE2: a backtracking pattern cannot hold the thread (regexp.ts)
  const opts = {
    allErrors: true,
    strict: false,
    validateFormats: true,
    code: { regExp: linearRegExpEngine },
  } as const;
  const ajv = is2020 ? new Ajv2020(opts) : new Ajv(opts);
  addFormats(ajv);
  useFastFormats(ajv);
  ajv.addKeyword({ keyword: 'x-unique', schemaType: 'boolean' });
  const { $schema: _ignored, ...rest } = schema;
  return ajv.compile(is2020 ? schema : rest);
}

/**
 * Whether the value at a path (keys, list indices as digits) is required in its parent object;
 * memoized per path. Inside anyOf / oneOf nothing is taken as required.
 */
function requiredPaths(schema: JsonSchema): (segs: readonly string[]) => boolean {
  const memo = new Map<string, boolean>();
  return (segs) => {
    const key = segs.join('\u0000');
    let hit = memo.get(key);
    if (hit === undefined) {
      let node: JsonSchema | undefined = schema;
      for (let i = 0; i < segs.length - 1 && node; i++) {
        const s = segs[i] as string;
        node = /^\d+$/.test(s) && node.items ? node.items : node.properties?.[s];
      }
      const last = segs[segs.length - 1];
      hit = Boolean(node && last !== undefined && node.required?.includes(last));
      memo.set(key, hit);
    }
    return hit;
  };
}

/** `lines[2].amount` → ['lines', '2', 'amount'] */
const fieldSegments = (field: string) =>
  field.split(/\.|\[(\d+)\]\.?/).filter((s) => s !== undefined && s !== '');

function uniqueKey(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  return typeof v === 'object' ? `o${JSON.stringify(v)}` : `${typeof v}:${String(v)}`;
}

export function createValidator(targetSchema: JsonSchema): RecordValidator {
  const schema = normalizeTargetSchema(targetSchema);
  const validate = compile(schema);
  const unique = uniquePaths(schema).map((p) => ({ path: p, segs: parsePath(p) ?? [] }));

  const isRequired = requiredPaths(schema);
  const requiredAt = (instancePath: string) =>
    isRequired(
      instancePath
        .split('/')
        .slice(1)
        .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')),
    );
  /** the errors of the record validate() has just rejected */
  const errorsOf = (record: unknown): FieldError[] =>
    (validate.errors ?? []).map((e) => toFieldError(e, record, requiredAt));
  const validateRecord = (record: unknown): FieldError[] => (validate(record) ? [] : errorsOf(record));

  const validateRecords = (
    records: readonly unknown[],
    dropped?: readonly (readonly DroppedValue[] | undefined)[],
  ): BatchValidation => {
    // valid records share one empty list (most are valid); a Unique Error gives a record its own
    const perRecord: FieldError[][] = new Array(records.length);
    for (let i = 0; i < records.length; i++)
      perRecord[i] = validate(records[i]) ? NO_ERRORS : errorsOf(records[i]);
    for (const u of unique) {
      const seen = new Map<string, number[]>();
      records.forEach((r, i) => {
        const v = getPath(r, u.segs);
        for (const x of Array.isArray(v) && u.path.includes('[*]') ? v : [v]) {
          const key = uniqueKey(x);
          if (key === undefined) continue;
          const list = seen.get(key) ?? [];
          if (list[list.length - 1] !== i) list.push(i);
          seen.set(key, list);
        }
      });
      for (const [key, indices] of seen) {
        if (indices.length < 2) continue;
        const shown = key.slice(key.indexOf(':') + 1);
        for (const i of indices) {
          if (perRecord[i] === NO_ERRORS) perRecord[i] = [];
          perRecord[i]?.push({
            field: u.path,
            error_type: 'Unique Error',
            error_message: `${u.path}: value "${shown}" is not unique (records ${indices.join(', ')})`,
            group: `${u.path}: value "${shown}" is not unique`,
          });
        }
      }
    }
    const counts = { dropped: 0, droppedByField: {} as Record<string, number> };
    if (dropped)
      for (let i = 0; i < records.length; i++) addDrops(perRecord, i, dropped[i], isRequired, counts);
    return { ...assemble(perRecord), ...counts };
  };
  return { validateRecords, validateRecord };
}

/** Never added to: stands for "no errors" in validateRecords. */
const NO_ERRORS: FieldError[] = [];

/**
 * Counts record i's dropped values; those of required fields become Format Errors placed before
 * the record's other errors, which replace what the schema says of those fields (the value is
 * missing because it was dropped: "is required" would hide why).
 */
function addDrops(
  perRecord: FieldError[][],
  i: number,
  drops: readonly DroppedValue[] | undefined,
  isRequired: (segs: readonly string[]) => boolean,
  counts: { dropped: number; droppedByField: Record<string, number> },
): void {
  if (!drops || drops.length === 0) return;
  const errors: FieldError[] = [];
  for (const d of drops) {
    counts.dropped++;
    counts.droppedByField[d.target] = (counts.droppedByField[d.target] ?? 0) + 1;
    if (!isRequired(fieldSegments(d.field))) continue;
    errors.push({
      field: d.field,
      error_type: 'Format Error',
      error_message: `${d.field}: ${d.message}`,
      group: `${d.field}: ${d.rule}`,
    });
  }
  if (errors.length === 0) return;
  const fields = new Set(errors.map((e) => e.field));
  perRecord[i] = [...errors, ...(perRecord[i] as FieldError[]).filter((e) => !fields.has(e.field))];
}

function assemble(perRecord: FieldError[][]): Omit<BatchValidation, 'dropped' | 'droppedByField'> {
  const groups = new Map<string, { type: ErrorType; entry: GlobalError }>();
  perRecord.forEach((errs, i) => {
    if (errs.length === 0) return;
    for (const e of errs) {
      const k = `${e.error_type}\u0000${e.group}`;
      let g = groups.get(k);
      if (!g) {
        g = {
          type: e.error_type,
          entry: { error_message: e.group, error_indices: [], error_fields: [e.field] },
        };
        groups.set(k, g);
      }
      if (g.entry.error_indices[g.entry.error_indices.length - 1] !== i) g.entry.error_indices.push(i);
    }
  });
  const global: GlobalErrors = { error_types: {} };
  for (const { type, entry } of groups.values()) {
    const list = global.error_types[type] ?? [];
    list.push(entry);
    global.error_types[type] = list;
  }
  let invalid = 0;
  const messages: RecordMessage[] = new Array(perRecord.length);
  for (let i = 0; i < perRecord.length; i++) {
    const errs = perRecord[i] as FieldError[];
    if (errs.length === 0) messages[i] = 'success';
    else {
      invalid++;
      messages[i] = recordErrors(errs, i, global);
    }
  }
  return { messages, global_errors: global, valid: perRecord.length - invalid, invalid };
}

/**
 * The message of an invalid record. (Kept out of assemble's loop: its filter closure captures
 * `i`, which would otherwise cost a context allocation for every record, valid ones too.)
 */
function recordErrors(errs: FieldError[], i: number, global: GlobalErrors): RecordErrors {
  const record_errors: RecordErrors['record_errors'] = {};
  // several errors on one field: the first is the most basic (type before format), keep it
  for (const e of errs) {
    if (Object.hasOwn(record_errors, e.field)) continue;
    // defineProperty: a field named "__proto__" (from a bad record) must stay an ordinary key
    Object.defineProperty(record_errors, e.field, {
      value: { error_message: e.error_message, error_type: e.error_type },
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  const mine: GlobalErrors = { error_types: {} };
  for (const [type, list] of Object.entries(global.error_types) as [ErrorType, GlobalError[]][]) {
    const hit = list.filter((g) => g.error_indices.includes(i));
    if (hit.length) mine.error_types[type] = hit;
  }
  return { record_errors, global_errors: mine };
}
