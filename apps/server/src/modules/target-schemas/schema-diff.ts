import type { TTargetSchemaDiff } from '@mapwright/contracts';
import { type JsonSchema, listTargetFields, type TargetField } from '@mapwright/engine';

const summary = (f: TargetField) => ({
  types: f.types,
  required: f.required,
  ...(f.format ? { format: f.format } : {}),
  ...(f.enum ? { enum: f.enum } : {}),
  ...(f.description ? { description: f.description } : {}),
});

/** Field-by-field differences between two versions of a target schema. */
export function diffSchemas(from: number, a: JsonSchema, to: number, b: JsonSchema): TTargetSchemaDiff {
  const before = new Map(listTargetFields(a).map((f) => [f.path, summary(f)]));
  const after = new Map(listTargetFields(b).map((f) => [f.path, summary(f)]));
  const changes: TTargetSchemaDiff['changes'] = [];
  for (const [path, s] of before) {
    const t = after.get(path);
    if (!t) changes.push({ path, change: 'removed', before: s, after: null });
    else if (JSON.stringify(s) !== JSON.stringify(t))
      changes.push({ path, change: 'changed', before: s, after: t });
  }
  for (const [path, t] of after)
    if (!before.has(path)) changes.push({ path, change: 'added', before: null, after: t });
  return { from, to, changes };
}
