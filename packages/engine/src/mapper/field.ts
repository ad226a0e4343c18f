/**
 * How a field's source values become its input, and how its result becomes an output value.
 * Shared by the interpreter and the compiler so the two cannot drift on these rules.
 */

import { FORBIDDEN_SEGMENTS, splitAtFirstArray } from '../spec/paths.ts';
import type { FieldMapping, Transform } from '../spec/types.ts';
import { concatValues, present } from './transforms.ts';

/** concat sees every source; other transforms see the first present one (sources act as a coalesce). */
export function inputOf(transform: Transform, values: unknown[]): unknown {
  if (values.length === 1) return values[0];
  if (takesAllSources(transform)) return values;
  for (const v of values) if (present(v)) return v;
  return undefined;
}

/** A concat (or a chain starting with one) takes the values of all its sources, as a list. */
export function takesAllSources(transform: Transform): boolean {
  const first = transform.kind === 'chain' ? transform.steps[0] : transform;
  return first?.kind === 'concat';
}

export function concatInput(separator: string): (v: unknown) => unknown {
  const join = concatValues(separator);
  return (v) => join(Array.isArray(v) ? v : [v]);
}

/**
 * A JSONata field reads the whole record (or array element); so does a chain that starts with
 * JSONata when the field names no sources. Inside a chain, later JSONata steps read the value so far.
 */
export function readsWholeInput(field: Pick<FieldMapping, 'sources' | 'transform'>): boolean {
  const t = field.transform;
  return (
    t.kind === 'jsonata' ||
    (t.kind === 'chain' && t.steps[0]?.kind === 'jsonata' && field.sources.length === 0)
  );
}

/**
 * What a field gets when it has no value: its default, or nothing (undefined: the field is left
 * out). A null default of an `omitNull` field (optional, and null is not allowed) is nothing.
 * Every execution path (interpreter, compiled mapper, JSONata, TypeScript) asks this.
 */
export function defaultOf(field: Pick<FieldMapping, 'default' | 'omitNull'>): unknown {
  return field.default === null && field.omitNull === true ? undefined : field.default;
}

/** null and undefined become the default (deep-copied so outputs never share it) or nothing. */
export function finish(value: unknown, field: Pick<FieldMapping, 'default' | 'omitNull'>): unknown {
  if (value !== undefined && value !== null) return value;
  const dflt = defaultOf(field);
  return dflt === undefined ? undefined : cloneJson(dflt);
}

export function cloneJson(v: unknown): unknown {
  return v !== null && typeof v === 'object' ? structuredClone(v) : v;
}

/** Writes `value` at a dotted path, creating plain objects on the way; refuses reserved names. */
export function setPath(out: Record<string, unknown>, keys: readonly string[], value: unknown): void {
  let obj = out;
  for (let i = 0; i < keys.length - 1; i++) {
    const k = keys[i] as string;
    if (FORBIDDEN_SEGMENTS.has(k)) throw new Error(`reserved name "${k}" in a target path`);
    const next = Object.hasOwn(obj, k) ? obj[k] : undefined;
    if (next !== null && typeof next === 'object' && !Array.isArray(next))
      obj = next as Record<string, unknown>;
    else {
      const created: Record<string, unknown> = {};
      obj[k] = created;
      obj = created;
    }
  }
  const last = keys[keys.length - 1] as string;
  if (FORBIDDEN_SEGMENTS.has(last)) throw new Error(`reserved name "${last}" in a target path`);
  obj[last] = value;
}

export interface ArrayGroup {
  /** target array path, e.g. `transactions` */
  targetPrefix: string;
  /** source array path iterated, e.g. `entries`; undefined = one element built from the record */
  driver: string | undefined;
  fields: { field: FieldMapping; rest: string }[];
}

/** Splits fields into plain ones and array-target groups (in first-appearance order). */
export function planFields(fields: FieldMapping[]): { plain: FieldMapping[]; groups: ArrayGroup[] } {
  const plain: FieldMapping[] = [];
  const groups = new Map<string, ArrayGroup>();
  for (const f of fields) {
    const t = splitAtFirstArray(f.target);
    if (!t) {
      plain.push(f);
      continue;
    }
    let g = groups.get(t.prefix);
    if (!g) {
      g = { targetPrefix: t.prefix, driver: undefined, fields: [] };
      groups.set(t.prefix, g);
    }
    g.fields.push({ field: f, rest: t.rest });
    if (g.driver === undefined) {
      for (const s of f.sources) {
        const sp = splitAtFirstArray(s);
        if (sp) {
          g.driver = sp.prefix;
          break;
        }
      }
    }
  }
  return { plain, groups: [...groups.values()] };
}

/** A source path as seen from inside an element of `driver`: relative when under it, else from the root. */
export function relativeSource(
  source: string,
  driver: string | undefined,
): { fromElement: boolean; path: string } {
  if (driver !== undefined) {
    if (source === `${driver}[*]`) return { fromElement: true, path: '' };
    if (source.startsWith(`${driver}[*].`))
      return { fromElement: true, path: source.slice(driver.length + 4) };
  }
  return { fromElement: false, path: source };
}

/** The elements a driver path denotes: an array's items, or a lone object as one element. */
export function elementsOf(v: unknown): unknown[] | undefined {
  if (Array.isArray(v)) return v;
  if (v !== null && typeof v === 'object') return [v];
  return undefined;
}
