/**
 * Target JSON Schema helpers shared by the matcher, compiler and validator.
 * Spec rule (spec.md §3): when a target schema is set, its `required` list is reduced to the
 * names that exist among its properties — applied at every object level.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  title?: string;
  description?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  [key: string]: unknown;
};

/** Returns a copy of `schema` whose every `required` lists only existing properties. */
export function normalizeTargetSchema(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema };
  if (schema.properties && typeof schema.properties === 'object') {
    const props: Record<string, JsonSchema> = {};
    for (const [k, v] of Object.entries(schema.properties)) props[k] = normalizeTargetSchema(v);
    out.properties = props;
    if (Array.isArray(schema.required)) {
      out.required = schema.required.filter((name) => Object.hasOwn(props, name));
    }
  } else if (Array.isArray(schema.required)) {
    out.required = [];
  }
  if (schema.items && typeof schema.items === 'object') out.items = normalizeTargetSchema(schema.items);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) out[key] = list.map(normalizeTargetSchema);
  }
  return out;
}

export interface TargetField {
  /** leaf path, `[*]` for arrays: `transactions[*].amount` */
  path: string;
  name: string;
  /** JSON types allowed (null included when nullable) */
  types: string[];
  format?: string;
  enum?: unknown[];
  title?: string;
  description?: string;
  /** required in its parent object */
  required: boolean;
  /** the path goes through an array */
  inArray: boolean;
  /** the field itself is an array of scalars */
  isArray: boolean;
}

function typesOf(s: JsonSchema): string[] {
  const own = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
  const alts = [...(s.anyOf ?? []), ...(s.oneOf ?? [])].flatMap(typesOf);
  return [...new Set([...own, ...alts])];
}

function objectBranch(s: JsonSchema): JsonSchema | undefined {
  if (s.properties) return s;
  return [...(s.anyOf ?? []), ...(s.oneOf ?? [])].find((a) => a.properties);
}

function arrayBranch(s: JsonSchema): JsonSchema | undefined {
  if (s.items) return s;
  return [...(s.anyOf ?? []), ...(s.oneOf ?? [])].find((a) => a.items);
}

/** Every leaf of a target schema, depth first in property order. */
export function listTargetFields(schema: JsonSchema): TargetField[] {
  const out: TargetField[] = [];
  const walk = (s: JsonSchema, prefix: string, inArray: boolean, required: boolean, name: string) => {
    const obj = objectBranch(s);
    if (obj?.properties) {
      const req = new Set(obj.required ?? []);
      for (const [k, child] of Object.entries(obj.properties)) {
        walk(child, prefix ? `${prefix}.${k}` : k, inArray, req.has(k), k);
      }
      return;
    }
    const arr = arrayBranch(s);
    if (arr?.items && objectBranch(arr.items)) {
      walk(arr.items, `${prefix}[*]`, true, required, name);
      return;
    }
    const enumValues = s.enum ?? [...(s.anyOf ?? []), ...(s.oneOf ?? [])].find((a) => a.enum)?.enum;
    out.push({
      path: prefix,
      name,
      types: typesOf(s),
      format: s.format ?? [...(s.anyOf ?? []), ...(s.oneOf ?? [])].find((a) => a.format)?.format,
      enum: enumValues,
      title: s.title,
      description: s.description,
      required,
      inArray,
      isArray: Boolean(arr?.items),
    });
  };
  walk(schema, '', false, false, '');
  return out;
}
