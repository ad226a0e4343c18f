/**
 * Mapper edit: the user sets a target field's source path and/or default by hand. The transform
 * is chosen so the value fits the target (a "$1,234" source for a number target gets a cast), the
 * way the matcher would have, and the field is marked `edited` with full confidence: a person
 * decided it.
 */

import { sourceFeature, targetFeature } from '../match/features.ts';
import { targetInfos } from '../match/target.ts';
import { chooseTransform } from '../match/transforms.ts';
import { profileRecords } from '../profile/profiler.ts';
import type { JsonSchema } from '../schema/target-schema.ts';
import { listTargetFields } from '../schema/target-schema.ts';
import { pathProblem } from '../spec/paths.ts';
import type { FieldMapping, MappingSpec, Transform } from '../spec/types.ts';

export interface MapperEdit {
  targetField: string;
  transformation: { extract?: string; default?: unknown };
}

export interface EditProblem {
  /** index of the edit in the list */
  index: number;
  field: 'targetField' | 'extract';
  message: string;
}

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
    if ((extract === undefined || extract === '') && !('default' in e.transformation))
      out.push({ index, field: 'extract', message: 'give a source path (extract) or a default' });
  });
  return out;
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
  return chooseTransform(sourceFeature(profile), targetFeature(info)).transform;
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
          transform: fittingTransform(extract, e.targetField, targetSchema, sample),
          confidence: 1,
          bucket: 'Very High',
          reason: `Set by hand: taken from ${extract}.`,
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
    if (at >= 0) fields[at] = next;
    else fields.push(next);
  }
  return { ...spec, fields };
}
