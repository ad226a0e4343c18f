/**
 * Mapper edit: the user sets a target field's source path and/or default by hand. The transform
 * is chosen so the value fits the target (a "$1,234" source for a number target gets a cast), the
 * way the matcher would have, unless the user picks one; a lookup table maps source values to
 * target values. The field is marked `edited` with full confidence: a person decided it.
 */

import { dayMonthOrder } from '../mapper/date-patterns.ts';
import { writesDecimalCommas } from '../mapper/money.ts';
import { toText } from '../mapper/values.ts';
import { sourceFeature, targetFeature } from '../match/features.ts';
import { type TargetInfo, targetInfos } from '../match/target.ts';
import { chooseTransform } from '../match/transforms.ts';
import { profileRecords } from '../profile/profiler.ts';
import type { JsonSchema } from '../schema/target-schema.ts';
import { listTargetFields } from '../schema/target-schema.ts';
import { getPath, parsePath, pathProblem } from '../spec/paths.ts';
import type { FieldMapping, MappingSpec, Transform } from '../spec/types.ts';

/** The transforms a person can pick by name in a mapper edit ('auto' = the one that fits the target). */
export const MAPPER_EDIT_TRANSFORMS = [
  'auto',
  'copy',
  'trim',
  'upper',
  'lower',
  'title',
  'number',
  'integer',
  'string',
  'boolean',
  'date',
  'date-time',
] as const;
export type MapperEditTransform = (typeof MAPPER_EDIT_TRANSFORMS)[number];

export interface MapperEdit {
  targetField: string;
  transformation: {
    extract?: string;
    default?: unknown;
    /** source value (as text) -> target value; unmatched values are kept as they are */
    lookup?: Record<string, unknown>;
    transform?: MapperEditTransform;
  };
}

export interface EditProblem {
  /** index of the edit in the list */
  index: number;
  field: 'targetField' | 'extract' | 'lookup' | 'transform';
  message: string;
}

const NAMED: Record<Exclude<MapperEditTransform, 'auto'>, Transform> = {
  copy: { kind: 'copy' },
  trim: { kind: 'text', op: 'trim' },
  upper: { kind: 'text', op: 'upper' },
  lower: { kind: 'text', op: 'lower' },
  title: { kind: 'text', op: 'title' },
  number: { kind: 'cast', to: 'number' },
  integer: { kind: 'cast', to: 'integer' },
  string: { kind: 'cast', to: 'string' },
  boolean: { kind: 'cast', to: 'boolean' },
  date: { kind: 'date', to: 'date' },
  'date-time': { kind: 'date', to: 'date-time' },
};

/** Why each edit cannot apply (unknown target, bad path); empty when all can. */
export function mapperEditProblems(edits: MapperEdit[], targetSchema: JsonSchema): EditProblem[] {
  const targets = new Set(listTargetFields(targetSchema).map((f) => f.path));
  const out: EditProblem[] = [];
  edits.forEach((e, index) => {
    if (!targets.has(e.targetField))
      out.push({
        index,
        field: 'targetField',
        message: `"${e.targetField}" is not a field of the target schema`,
      });
    const { extract } = e.transformation;
    if (extract !== undefined && extract !== '') {
      const problem = pathProblem(extract);
      if (problem) out.push({ index, field: 'extract', message: problem });
    }
    const noPath = extract === undefined || extract === '';
    if (noPath && !('default' in e.transformation))
      out.push({ index, field: 'extract', message: 'give a source path (extract) or a default' });
    const { lookup, transform } = e.transformation;
    if (noPath && lookup !== undefined)
      out.push({ index, field: 'lookup', message: 'a lookup table needs a source path (extract)' });
    if (noPath && transform !== undefined && transform !== 'auto')
      out.push({ index, field: 'transform', message: 'a transform needs a source path (extract)' });
    if (transform !== undefined && !(MAPPER_EDIT_TRANSFORMS as readonly string[]).includes(transform))
      out.push({
        index,
        field: 'transform',
        message: `"${transform}" is not a transform; use one of ${MAPPER_EDIT_TRANSFORMS.join(', ')}`,
      });
  });
  return out;
}

/** The sample's values at a source path, as text (list paths give every element). */
function columnValues(sample: readonly unknown[], source: string): string[] {
  const segs = parsePath(source) ?? [];
  const out: string[] = [];
  for (const r of sample) {
    const v = getPath(r, segs);
    for (const x of Array.isArray(v) ? v : [v]) {
      const t = toText(x);
      if (t !== undefined && t.trim() !== '') out.push(t);
    }
  }
  return out;
}

/**
 * What "Automatic" means: the conversion the target's type asks for, even when the sample does
 * not read well enough for the matcher to propose it on its own — "€799.41" for a number is
 * 799.41 and "14/10/2023" for a date is 2023-10-14. The values it cannot read are reported as
 * dropped values when the mapper runs (mapManyReport), never emptied in silence.
 */
function targetConversion(info: TargetInfo, values: string[]): Transform | undefined {
  const types = info.types;
  const wants = (x: string) => types.includes(x) && !types.includes('string');
  if (values.length === 0) return undefined;
  if (info.format === 'date' || info.format === 'date-time') {
    const to = info.format;
    // already what the target takes: nothing to convert
    if (to === 'date' && values.every((v) => /^\d{4}-\d{2}-\d{2}$/.test(v.trim()))) return undefined;
    return { kind: 'date', from: dayMonthOrder(values).order, to };
  }
  const dc = writesDecimalCommas(values);
  for (const to of ['integer', 'number'] as const)
    if (wants(to)) return dc ? { kind: 'cast', to, decimalComma: true } : { kind: 'cast', to };
  if (wants('boolean')) return { kind: 'cast', to: 'boolean' };
  return undefined;
}

/** The transform that makes `source`'s values fit `target`, judged on the sample records. */
function fittingTransform(
  source: string,
  target: string,
  targetSchema: JsonSchema,
  sample: readonly unknown[],
): Transform {
  const info = targetInfos(targetSchema).find((t) => t.path === target);
  const profile = profileRecords(sample as unknown[]).fields.find((f) => f.path === source);
  if (!info || !profile) return { kind: 'copy' };
  const chosen = chooseTransform(sourceFeature(profile), targetFeature(info)).transform;
  if (chosen.kind !== 'copy') return chosen;
  // values of the target's JSON type already (numbers for a number) need nothing
  if (profile.type === 'number' || profile.type === 'integer' || profile.type === 'boolean') return chosen;
  return targetConversion(info, columnValues(sample, source)) ?? chosen;
}

/** A named date transform reads numeric dates in the order the sample's column writes them. */
function namedTransform(
  transform: Exclude<MapperEditTransform, 'auto'>,
  extract: string,
  sample: readonly unknown[],
): Transform {
  const t = NAMED[transform];
  if (t.kind !== 'date') return t;
  const values = columnValues(sample, extract);
  return values.length > 0 ? { ...t, from: dayMonthOrder(values).order } : t;
}

/** The transform of an edit to a path: the picked one (or the fitting one), then the lookup table. */
function editTransform(
  e: MapperEdit,
  extract: string,
  targetSchema: JsonSchema,
  sample: readonly unknown[],
): Transform {
  const { lookup, transform = 'auto' } = e.transformation;
  if (lookup === undefined)
    return transform === 'auto'
      ? fittingTransform(extract, e.targetField, targetSchema, sample)
      : namedTransform(transform, extract, sample);
  // own keys only, copied as data: a "__proto__" key stays an ordinary entry
  const table = Object.fromEntries(Object.entries(lookup));
  const step: Transform = { kind: 'lookup', table, fallback: 'keep' };
  // the table's values are what the person wants: no fitting cast after it; a picked one runs first
  return transform === 'auto' || transform === 'copy'
    ? step
    : { kind: 'chain', steps: [namedTransform(transform, extract, sample), step] };
}

function describeEdit(e: MapperEdit, extract: string): string {
  const { lookup, transform } = e.transformation;
  const parts = [`Set by hand: taken from ${extract}`];
  if (transform && transform !== 'auto' && transform !== 'copy') parts.push(`as ${transform}`);
  if (lookup) parts.push(`through a lookup table of ${Object.keys(lookup).length} values`);
  return `${parts.join(' ')}.`;
}

/**
 * Applies the edits to a copy of the spec (edits assumed checked with mapperEditProblems). A field
 * edited to a path keeps its default unless one is given; a default without a path makes the field
 * a constant.
 */
export function applyMapperEdits(
  spec: MappingSpec,
  edits: MapperEdit[],
  targetSchema: JsonSchema,
  sample: readonly unknown[] = [],
): MappingSpec {
  const fields = [...spec.fields];
  for (const e of edits) {
    const { extract } = e.transformation;
    const at = fields.findIndex((f) => f.target === e.targetField);
    const given = e.transformation.default;
    // a new path keeps the field's old default unless the edit gives one
    const fallback = given !== undefined ? given : extract ? fields[at]?.default : undefined;
    const next: FieldMapping = extract
      ? {
          target: e.targetField,
          sources: [extract],
          transform: editTransform(e, extract, targetSchema, sample),
          confidence: 1,
          bucket: 'Very High',
          reason: describeEdit(e, extract),
          status: 'edited',
        }
      : {
          target: e.targetField,
          sources: [],
          transform: { kind: 'constant' },
          confidence: 1,
          bucket: 'Very High',
          reason: `Set by hand: always ${JSON.stringify(given)}.`,
          status: 'edited',
        };
    if (fallback !== undefined) next.default = fallback;
    // a fact about the target (optional, null not allowed), not about the old mapping: it stays
    if (fields[at]?.omitNull) next.omitNull = true;
    if (at >= 0) fields[at] = next;
    else fields.push(next);
  }
  return { ...spec, fields };
}
