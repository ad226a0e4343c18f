/** Field-by-field difference between two mapper versions (what the versions screen shows). */
import type { FieldMapping, MappingSpec } from './types.ts';

export type FieldAspect = 'sources' | 'transform' | 'default' | 'confidence' | 'reason' | 'status';

export interface FieldChange {
  target: string;
  /** which aspects differ */
  changed: FieldAspect[];
  before: FieldMapping;
  after: FieldMapping;
}

export interface SpecDiff {
  added: FieldMapping[];
  removed: FieldMapping[];
  changed: FieldChange[];
  unchanged: string[];
}

/** Order-insensitive for object keys, order-sensitive for arrays (source order matters). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a))
    return a.length === (b as unknown[]).length && a.every((x, i) => same(x, (b as unknown[])[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && same((a as never)[k], (b as never)[k]))
  );
}

export function diffSpecs(a: MappingSpec, b: MappingSpec): SpecDiff {
  const before = new Map(a.fields.map((f) => [f.target, f]));
  const after = new Map(b.fields.map((f) => [f.target, f]));
  const out: SpecDiff = { added: [], removed: [], changed: [], unchanged: [] };
  for (const f of b.fields) if (!before.has(f.target)) out.added.push(f);
  for (const f of a.fields) {
    const g = after.get(f.target);
    if (!g) {
      out.removed.push(f);
      continue;
    }
    const changed: FieldAspect[] = [];
    if (!same(f.sources, g.sources)) changed.push('sources');
    if (!same(f.transform, g.transform)) changed.push('transform');
    // what the field gets without a value: the default, and whether a null one is left out
    if (!same(f.default, g.default) || Boolean(f.omitNull) !== Boolean(g.omitNull)) changed.push('default');
    if (f.confidence !== g.confidence || f.bucket !== g.bucket) changed.push('confidence');
    if (f.reason !== g.reason) changed.push('reason');
    if (f.status !== g.status) changed.push('status');
    if (changed.length) out.changed.push({ target: f.target, changed, before: f, after: g });
    else out.unchanged.push(f.target);
  }
  return out;
}
