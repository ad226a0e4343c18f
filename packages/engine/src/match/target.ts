import { inferColumnType } from '../profile/column-type.ts';
import {
  type JsonSchema,
  listTargetFields,
  normalizeTargetSchema,
  type TargetField,
} from '../schema/target-schema.ts';

/** Profile formats that have a JSON Schema `format` name. */
const EXAMPLE_FORMATS: Partial<Record<string, string>> = {
  date: 'date',
  'date-time': 'date-time',
  email: 'email',
  url: 'uri',
  uuid: 'uuid',
  ip: 'ipv4',
};

export interface TargetFromExamplesOptions {
  /** distinct examples kept per column */
  maxExamples?: number;
}

/**
 * A target given as example values per column (a CSV whose header is the target fields) becomes a
 * JSON Schema whose properties carry `examples` — the matcher's value evidence for that field.
 * Examples are an open list, not an `enum`: the target may hold values the examples miss.
 */
export function targetFromExamples(
  columns: Record<string, unknown[]> | [string, unknown[]][],
  options: TargetFromExamplesOptions = {},
): JsonSchema {
  const max = options.maxExamples ?? 1000;
  const entries = Array.isArray(columns) ? columns : Object.entries(columns);
  const properties: Record<string, JsonSchema> = {};
  for (const [name, values] of entries) {
    const distinct = new Map<string, unknown>();
    for (const v of values) {
      if (v === null || v === undefined || v === '') continue;
      const k = String(v);
      if (!distinct.has(k) && distinct.size < max) distinct.set(k, v);
    }
    const examples = [...distinct.values()];
    const prop: JsonSchema = {};
    if (examples.length) {
      const t = inferColumnType(examples.map(String));
      if (t.type !== 'null') prop.type = t.type;
      const format = t.format ? EXAMPLE_FORMATS[t.format] : undefined;
      if (format) prop.format = format;
      prop.examples = examples;
    }
    Object.defineProperty(properties, name, {
      value: prop,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return { type: 'object', properties };
}

const branch = (s: JsonSchema, key: 'properties' | 'items') =>
  s[key] ? s : [...(s.anyOf ?? []), ...(s.oneOf ?? [])].find((a) => a[key]);

/**
 * The schema of a target path, and whether the path is required all the way down: the leaf in its
 * object, that object in its parent, and so on to the root (a list counts by its own property).
 */
function subschema(schema: JsonSchema, path: string): { sub: JsonSchema | undefined; required: boolean } {
  let cur: JsonSchema | undefined = schema;
  let required = true;
  for (const part of path.split('.')) {
    const m = /^(.*?)((\[\*\])*)$/.exec(part)!;
    const obj: JsonSchema | undefined = cur && branch(cur, 'properties');
    if (!obj?.required?.includes(m[1]!)) required = false;
    cur = obj?.properties && Object.hasOwn(obj.properties, m[1]!) ? obj.properties[m[1]!] : undefined;
    for (let i = 0; cur && i < (m[2]?.length ?? 0) / 3; i++) cur = branch(cur, 'items')?.items;
  }
  return { sub: cur, required };
}

/** Whether null passes the field's schema (unsure, e.g. no schema found: yes). */
function acceptsNull(f: TargetField, sub: JsonSchema | undefined): boolean {
  if (!sub || f.types.includes('null') || sub.nullable === true) return true;
  if (f.types.length > 0) return false;
  // no type: null passes unless an enum or const rules it out
  if (f.enum && !f.enum.includes(null)) return false;
  return !('const' in sub) || sub.const === null;
}

export interface TargetInfo extends TargetField {
  /** open example values from the schema (`examples`, `default`, `const`) */
  examples?: unknown[];
  /**
   * true when a record can be valid without the field but not with null in it: it is not required
   * (at every level from the root) and its schema does not accept null. Left out when false.
   */
  omitNull?: boolean;
}

/** Target leaves with their examples, from a JSON Schema (required lists normalised first). */
export function targetInfos(schema: JsonSchema): TargetInfo[] {
  const s = normalizeTargetSchema(schema);
  return listTargetFields(s).map((f) => {
    const { sub, required } = subschema(s, f.path);
    const ex = Array.isArray(sub?.examples) ? (sub.examples as unknown[]) : [];
    const c = sub && 'const' in sub ? [sub.const] : [];
    const examples = [...ex, ...c];
    const info: TargetInfo = examples.length ? { ...f, examples } : { ...f };
    if (!required && !acceptsNull(f, sub)) info.omitNull = true;
    return info;
  });
}
