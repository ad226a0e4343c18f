/**
 * The field tree the schema editor shows, and its conversion to and from JSON Schema. Keywords
 * the tree does not edit are kept in `extra` so a round trip never drops them.
 */
export const FIELD_TYPES = [
  'string',
  'number',
  'integer',
  'boolean',
  'date',
  'date-time',
  'object',
  'array',
] as const;
export type TFieldType = (typeof FIELD_TYPES)[number];

export interface TField {
  id: string;
  name: string;
  type: TFieldType;
  /** for arrays: the type of the items (object items have `children`) */
  itemType: TFieldType;
  required: boolean;
  nullable: boolean;
  description: string;
  enumValues: string[];
  /** properties of an object, or of an array's object items */
  children: TField[];
  /** JSON Schema keywords the tree does not edit, kept as they were */
  extra: Record<string, unknown>;
  /** likewise for an array's `items` schema */
  itemsExtra: Record<string, unknown>;
}
export interface TFieldTree {
  fields: TField[];
  /** root keywords other than type/properties/required ($schema, title, …) */
  extra: Record<string, unknown>;
}
type TJson = Record<string, unknown>;

let seq = 0;
export const newFieldId = () => `f${++seq}`;

export function newField(name: string, type: TFieldType = 'string'): TField {
  return {
    id: newFieldId(),
    name,
    type,
    itemType: 'string',
    required: false,
    nullable: false,
    description: '',
    enumValues: [],
    children: [],
    extra: {},
    itemsExtra: {},
  };
}

const isObj = (v: unknown): v is TJson => v !== null && typeof v === 'object' && !Array.isArray(v);
export const hasChildren = (f: Pick<TField, 'type' | 'itemType'>) =>
  f.type === 'object' || (f.type === 'array' && f.itemType === 'object');

/** Reads type + format into the tree's types; `date` and `date-time` are strings with that format. */
function typeOf(node: TJson): { type: TFieldType; nullable: boolean; formatUsed: boolean } {
  const raw = node.type;
  const list = Array.isArray(raw) ? raw.filter((t): t is string => typeof t === 'string') : [raw];
  const nullable = list.includes('null');
  let t = list.find((x) => x !== 'null');
  if (t === undefined) t = isObj(node.properties) ? 'object' : node.items ? 'array' : 'string';
  if (t === 'string' && (node.format === 'date' || node.format === 'date-time'))
    return { type: node.format, nullable, formatUsed: true };
  const type = (FIELD_TYPES as readonly string[]).includes(t as string) ? (t as TFieldType) : 'string';
  return { type, nullable, formatUsed: false };
}

const OWN_KEYS = ['type', 'properties', 'required', 'items', 'description', 'enum'];

function fieldsOf(node: TJson): TField[] {
  const props = isObj(node.properties) ? node.properties : {};
  const names = Object.keys(props);
  // spec rule: only names that exist among the properties can be required
  const required = new Set(
    (Array.isArray(node.required) ? node.required : []).filter(
      (r): r is string => typeof r === 'string' && names.includes(r),
    ),
  );
  return names.map((name) => fieldOf(name, isObj(props[name]) ? props[name] : {}, required.has(name)));
}

function fieldOf(name: string, node: TJson, required: boolean): TField {
  const { type, nullable, formatUsed } = typeOf(node);
  const extra: TJson = {};
  for (const [k, v] of Object.entries(node)) {
    if (OWN_KEYS.includes(k) || (k === 'format' && formatUsed)) continue;
    extra[k] = v;
  }
  const f = newField(name, type);
  f.required = required;
  f.nullable = nullable;
  f.description = typeof node.description === 'string' ? node.description : '';
  f.enumValues = Array.isArray(node.enum) ? node.enum.filter((v) => v !== null).map((v) => String(v)) : [];
  f.extra = extra;
  if (type === 'object') f.children = fieldsOf(node);
  if (type === 'array') {
    const items = isObj(node.items) ? node.items : {};
    const it = typeOf(items);
    f.itemType = it.type;
    const itemsExtra: TJson = {};
    for (const [k, v] of Object.entries(items)) {
      if (OWN_KEYS.includes(k) || (k === 'format' && it.formatUsed)) continue;
      itemsExtra[k] = v;
    }
    f.itemsExtra = itemsExtra;
    if (it.type === 'object') f.children = fieldsOf(items);
  }
  return f;
}

export function schemaToTree(schema: TJson): TFieldTree {
  const extra: TJson = {};
  for (const [k, v] of Object.entries(schema))
    if (!['type', 'properties', 'required'].includes(k)) extra[k] = v;
  return { fields: fieldsOf(schema), extra };
}

function typeKeywords(type: TFieldType, nullable: boolean): TJson {
  const base = type === 'date' || type === 'date-time' ? 'string' : type;
  const out: TJson = { type: nullable ? [base, 'null'] : base };
  if (type === 'date' || type === 'date-time') out.format = type;
  return out;
}

function enumOf(f: TField): unknown[] | undefined {
  if (f.enumValues.length === 0) return undefined;
  if (f.type === 'number' || f.type === 'integer') {
    const nums = f.enumValues.map(Number);
    if (nums.every((n) => Number.isFinite(n))) return nums;
  }
  if (f.type === 'boolean') return f.enumValues.map((v) => v === 'true');
  return f.enumValues;
}

function objectKeywords(fields: TField[]): TJson {
  const properties: TJson = {};
  for (const f of fields) properties[f.name] = fieldToSchema(f);
  const required = fields.filter((f) => f.required).map((f) => f.name);
  return required.length ? { properties, required } : { properties };
}

export function fieldToSchema(f: TField): TJson {
  const out: TJson = { ...typeKeywords(f.type, f.nullable) };
  if (f.description) out.description = f.description;
  const en = enumOf(f);
  if (en && f.type !== 'object' && f.type !== 'array') out.enum = en;
  Object.assign(out, f.extra);
  if (f.type === 'object') Object.assign(out, objectKeywords(f.children));
  if (f.type === 'array') {
    const items: TJson = { ...typeKeywords(f.itemType, false), ...f.itemsExtra };
    if (f.itemType === 'object') Object.assign(items, objectKeywords(f.children));
    out.items = items;
  }
  return out;
}

export function treeToSchema(tree: TFieldTree): TJson {
  return { ...tree.extra, type: 'object', ...objectKeywords(tree.fields) };
}

/** Spec rule: `required` keeps only names that exist among the properties, at every level. */
export function reduceRequired(schema: TJson): TJson {
  const out: TJson = { ...schema };
  if (isObj(out.properties)) {
    const props: TJson = {};
    for (const [k, v] of Object.entries(out.properties)) props[k] = isObj(v) ? reduceRequired(v) : v;
    out.properties = props;
    if (Array.isArray(out.required))
      out.required = out.required.filter((r) => typeof r === 'string' && r in props);
  } else if (Array.isArray(out.required)) {
    out.required = [];
  }
  if (isObj(out.items)) out.items = reduceRequired(out.items);
  return out;
}

// --- immutable edits, by field id ---

function mapFields(fields: TField[], fn: (f: TField) => TField | null): TField[] {
  const out: TField[] = [];
  for (const f of fields) {
    const next = fn(f);
    if (next === null) continue;
    out.push(next.children.length ? { ...next, children: mapFields(next.children, fn) } : next);
  }
  return out;
}

export function updateField(tree: TFieldTree, id: string, patch: Partial<Omit<TField, 'id'>>): TFieldTree {
  return { ...tree, fields: mapFields(tree.fields, (f) => (f.id === id ? { ...f, ...patch } : f)) };
}

export function removeField(tree: TFieldTree, id: string): TFieldTree {
  return { ...tree, fields: mapFields(tree.fields, (f) => (f.id === id ? null : f)) };
}

/** Adds a field at the root (parentId null) or inside an object / array-of-objects field. */
export function addField(tree: TFieldTree, parentId: string | null, field: TField): TFieldTree {
  if (parentId === null) return { ...tree, fields: [...tree.fields, field] };
  return {
    ...tree,
    fields: mapFields(tree.fields, (f) =>
      f.id === parentId ? { ...f, children: [...f.children, field] } : f,
    ),
  };
}

/** A name for a new field that its siblings do not use yet. */
export function freshName(siblings: TField[], base = 'new_field'): string {
  const names = new Set(siblings.map((s) => s.name));
  if (!names.has(base)) return base;
  for (let i = 2; ; i++) if (!names.has(`${base}_${i}`)) return `${base}_${i}`;
}

export function findField(fields: TField[], id: string): TField | undefined {
  for (const f of fields) {
    if (f.id === id) return f;
    const inner = findField(f.children, id);
    if (inner) return inner;
  }
  return undefined;
}

/** Local checks: empty, duplicate, or dotted names (paths use dots). Keyed by field id. */
export function nameProblems(fields: TField[]): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (list: TField[]) => {
    const seen = new Map<string, string>();
    for (const f of list) {
      if (!f.name.trim()) out.set(f.id, 'A field needs a name');
      else if (f.name.includes('.')) out.set(f.id, "Field names may not contain '.'");
      else if (seen.has(f.name)) out.set(f.id, `Another field here is already called "${f.name}"`);
      seen.set(f.name, f.id);
      if (hasChildren(f)) walk(f.children);
    }
  };
  walk(fields);
  return out;
}

/**
 * Maps a server 422 `loc` (e.g. body.schema.properties.address.properties.zip) to the field it
 * names, as the field's id in this tree; null when it names the schema as a whole.
 */
export function fieldIdForLoc(tree: TFieldTree, loc: (string | number)[]): string | null {
  const rest = [...loc];
  if (rest[0] === 'body') rest.shift();
  if (rest[0] === 'schema') rest.shift();
  let list = tree.fields;
  let found: TField | null = null;
  while (rest.length) {
    const key = rest.shift();
    if (key === 'items') continue;
    if (key !== 'properties') break;
    const name = rest.shift();
    const f = list.find((x) => x.name === name);
    if (!f) break;
    found = f;
    list = f.children;
  }
  return found?.id ?? null;
}
