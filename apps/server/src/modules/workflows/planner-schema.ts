import type { TCatalogueEndpoint } from '@mapwright/contracts';

/*
 * Schemas for a plan: an endpoint's record schema cut down to its useful fields (scalars and
 * small objects of scalars; lists dropped), the final schema built from them, and one example
 * object valid against a schema (from its examples, enums, formats and types).
 */

export type Json = Record<string, unknown>;

const SCALARS = new Set(['string', 'number', 'integer', 'boolean']);
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The schema of one record: the items at recordsPath, or the whole body. */
export function recordSchemaOf(ep: TCatalogueEndpoint): Json {
  const body = ep.responseSchema as Json;
  if (!ep.recordsPath) return body;
  const list = isObj(body.properties) ? body.properties[ep.recordsPath] : undefined;
  return isObj(list) && isObj(list.items) ? list.items : {};
}

/** The JSON type of a field schema (`anyOf [x, null]` and `[x, "null"]` read as x). */
export function typeOf(s: Json): { type?: string; nullable: boolean } {
  const list = Array.isArray(s.type)
    ? (s.type as unknown[])
    : Array.isArray(s.anyOf)
      ? (s.anyOf as unknown[]).map((x) => (isObj(x) ? x.type : undefined))
      : [s.type];
  const types = list.filter((t): t is string => typeof t === 'string');
  return { type: types.find((t) => t !== 'null'), nullable: types.includes('null') };
}

const KEEP = ['format', 'enum', 'description', 'minLength', 'maxLength', 'minimum', 'maximum', 'examples'];

function scalar(s: Json, type: string, nullable: boolean): Json {
  const out: Json = { type: nullable ? [type, 'null'] : type };
  for (const k of KEEP) if (s[k] !== undefined) out[k] = s[k];
  // formats already say it; long generated patterns (uuid, date) only add noise
  if (typeof s.pattern === 'string' && s.format === undefined) out.pattern = s.pattern;
  return out;
}

/** The record's useful fields: scalars and objects of scalars (two levels deep), lists dropped. */
export function usefulSchema(schema: Json, depth = 0): Json | null {
  if (!isObj(schema.properties)) return null;
  const kept: [string, Json][] = [];
  for (const [name, s] of Object.entries(schema.properties)) {
    if (!isObj(s)) continue;
    const { type, nullable } = typeOf(s);
    if (type && SCALARS.has(type)) kept.push([name, scalar(s, type, nullable)]);
    else if (type === 'object' && depth < 2) {
      const inner = usefulSchema(s, depth + 1);
      if (inner) kept.push([name, inner]);
    }
  }
  if (!kept.length) return null;
  const names = new Set(kept.map(([n]) => n));
  const required = Array.isArray(schema.required)
    ? schema.required.filter((r): r is string => typeof r === 'string' && names.has(r))
    : [];
  return {
    type: 'object',
    properties: Object.fromEntries(kept),
    ...(required.length ? { required } : {}),
  };
}

/** Numeric top-level fields of a record schema, with their description. */
export function numericFields(schema: Json): { name: string; description: string }[] {
  if (!isObj(schema.properties)) return [];
  return Object.entries(schema.properties).flatMap(([name, s]) => {
    if (!isObj(s)) return [];
    const t = typeOf(s).type;
    return t === 'number' || t === 'integer'
      ? [{ name, description: typeof s.description === 'string' ? s.description : '' }]
      : [];
  });
}

/** Scalar fields with string enums, anywhere in the record: [path, values]. */
export function enumFields(schema: Json, prefix = ''): [string, string[]][] {
  if (!isObj(schema.properties)) return [];
  return Object.entries(schema.properties).flatMap(([name, s]): [string, string[]][] => {
    if (!isObj(s)) return [];
    if (Array.isArray(s.enum))
      return [[prefix + name, s.enum.filter((v): v is string => typeof v === 'string')]];
    return typeOf(s).type === 'object' ? enumFields(s, `${prefix}${name}.`) : [];
  });
}

// ---------- example data ----------

const BY_NAME: [RegExp, string][] = [
  [/^currency/, 'USD'],
  [/country/, 'US'],
  [/first_?name/, 'Ava'],
  [/last_?name/, 'Chen'],
  [/city/, 'San Francisco'],
  [/state/, 'CA'],
  [/postal|zip/, '94105'],
  [/line1|street|address/, '120 Market St'],
  [/merchant/, 'Blue Bottle Coffee'],
  [/email/, 'ava.chen@example.com'],
  [/name/, 'Example name'],
];
const BY_FORMAT: Record<string, string> = {
  uuid: '3f6c1f8e-2b4a-4c1d-9e7a-5b8d2c4e6f10',
  date: '2026-01-31',
  'date-time': '2026-01-31T09:30:00Z',
  email: 'ava.chen@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
};
const PATTERN_TRIES = ['1234', 'ABC', 'abc', 'US', 'USD', 'example', 'A1', '2026-01-31', 'x'];

function exampleString(s: Json, name: string): string {
  const format = typeof s.format === 'string' ? BY_FORMAT[s.format] : undefined;
  let v = format ?? BY_NAME.find(([re]) => re.test(name.toLowerCase()))?.[1] ?? `example ${name}`.trim();
  if (typeof s.pattern === 'string') {
    try {
      const re = new RegExp(s.pattern, 'u');
      if (!re.test(v)) v = PATTERN_TRIES.find((x) => re.test(x)) ?? v;
    } catch {}
  }
  const max = typeof s.maxLength === 'number' ? s.maxLength : Infinity;
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  if (v.length > max) v = v.slice(0, max);
  return v.padEnd(min, 'X');
}

function exampleNumber(s: Json, name: string, integer: boolean): number {
  let v = /amount|limit|balance|total|price|cost/.test(name.toLowerCase()) ? 1000 : integer ? 1 : 10.5;
  if (typeof s.minimum === 'number' && v < s.minimum) v = s.minimum;
  if (typeof s.maximum === 'number' && v > s.maximum) v = s.maximum;
  return integer ? Math.round(v) : v;
}

/** One example value valid against the schema (one element in each array). */
export function exampleOf(schema: unknown, name = ''): unknown {
  if (!isObj(schema)) return null;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  const { type } = typeOf(schema);
  switch (type) {
    case 'object': {
      const props = isObj(schema.properties) ? schema.properties : {};
      return Object.fromEntries(Object.entries(props).map(([k, s]) => [k, exampleOf(s, k)]));
    }
    case 'array':
      return [exampleOf(schema.items, name)];
    case 'string':
      return exampleString(schema, name);
    case 'integer':
    case 'number':
      return exampleNumber(schema, name, type === 'integer');
    case 'boolean':
      return true;
    default:
      return null;
  }
}
