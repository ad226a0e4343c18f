/**
 * The schema being edited on the detail screen: one draft seen two ways, as a field tree and as
 * JSON text. A tree edit rewrites the text; a text edit that parses rebuilds the tree; text that
 * does not parse keeps its error (with line and column) and blocks the tree until it is fixed.
 */

import {
  fieldIdForLoc,
  hasChildren,
  reduceRequired,
  schemaToTree,
  type TField,
  type TFieldTree,
  treeToSchema,
} from './field-tree.ts';
import { parseJson } from './parse-json.ts';

type TJson = Record<string, unknown>;

export interface TDraftError {
  error: string;
  line?: number;
  column?: number;
}
export interface TDraft {
  /** the schema the draft stands for; null while the text does not parse to an object */
  schema: TJson | null;
  tree: TFieldTree;
  text: string;
  textError: TDraftError | null;
}

export const formatSchema = (schema: unknown) => JSON.stringify(schema, null, 2);

export function draftFromSchema(schema: TJson): TDraft {
  return { schema, tree: schemaToTree(schema), text: formatSchema(schema), textError: null };
}

export function draftFromTree(tree: TFieldTree): TDraft {
  const schema = treeToSchema(tree);
  return { schema, tree, text: formatSchema(schema), textError: null };
}

const kindOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : `a ${typeof v}`);

/** A text edit: the tree follows when the text is a JSON object, otherwise the error is kept. */
export function draftFromText(prev: TDraft, text: string): TDraft {
  const parsed = parseJson(text);
  if (!parsed.ok) {
    const { error, line, column } = parsed;
    return { ...prev, schema: null, text, textError: { error, line, column } };
  }
  const v = parsed.value;
  if (v === null || typeof v !== 'object' || Array.isArray(v))
    return {
      ...prev,
      schema: null,
      text,
      textError: { error: `A schema is a JSON object ({ … }), not ${kindOf(v)}` },
    };
  return { schema: v as TJson, tree: schemaToTree(v as TJson), text, textError: null };
}

/** What Save sends: the draft with the spec's required-reduction rule applied (null if unparseable). */
export const schemaForSave = (draft: TDraft): TJson | null =>
  draft.schema ? reduceRequired(draft.schema) : null;

/**
 * Canonical text of a schema for comparing: keyword order does not matter, but the order of
 * a `properties` object does (it is the order of the fields people see). An empty `required`
 * is the same as none.
 */
export function canonicalSchema(value: unknown, ordered = false): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalSchema(v)).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  // an empty required list says nothing: leave it out
  const keys = Object.keys(value).filter(
    (k) => !(k === 'required' && Array.isArray((value as TJson)[k]) && !((value as TJson)[k] as []).length),
  );
  if (!ordered) keys.sort();
  return `{${keys
    .map((k) => `${JSON.stringify(k)}:${canonicalSchema((value as TJson)[k], k === 'properties')}`)
    .join(',')}}`;
}

export const sameSchema = (a: unknown, b: unknown) => canonicalSchema(a) === canonicalSchema(b);

/** Unsaved when the text does not parse, or stands for another schema than the saved one. */
export const isDirty = (draft: TDraft, saved: TJson) =>
  draft.schema === null || !sameSchema(reduceRequired(draft.schema), reduceRequired(saved));

/** `<name>.schema.json`, with characters file systems refuse replaced. */
export function exportFileName(name: string): string {
  const safe = name
    .trim()
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s-]+|[.\s-]+$/g, '');
  return `${safe || 'schema'}.schema.json`;
}

/** The dotted path of a field in the tree (array items as `[*]`), or null if it is not there. */
export function fieldPath(fields: TField[], id: string, prefix = ''): string | null {
  for (const f of fields) {
    const here = prefix ? `${prefix}.${f.name}` : f.name;
    if (f.id === id) return here;
    if (hasChildren(f)) {
      const inner = fieldPath(f.children, id, f.type === 'array' ? `${here}[*]` : here);
      if (inner) return inner;
    }
  }
  return null;
}

export interface TServerIssue {
  loc?: (string | number)[];
  msg: string;
}
export interface TPlacedIssues {
  /** messages per field id, for the tree */
  byField: Map<string, string[]>;
  /** every message as one readable line, for the summary ("address.zip: …") */
  lines: string[];
}

/** Where in the schema a server `loc` points, as readable text (without body.schema). */
export function describeLoc(loc: (string | number)[] = []): string {
  const rest = [...loc];
  if (rest[0] === 'body') rest.shift();
  if (rest[0] === 'schema') rest.shift();
  const parts: string[] = [];
  while (rest.length) {
    const key = rest.shift();
    if (key === 'properties' && rest.length) parts.push(String(rest.shift()));
    else if (key === 'items') parts.push('[*]');
    else parts.push(String(key));
  }
  return parts.join('.').replace(/\.\[\*\]/g, '[*]');
}

/**
 * Local name problems (keyed by field id) and the server's 422 issues, placed on the fields
 * they name; issues about the schema as a whole only appear in `lines`.
 */
export function placeIssues(
  tree: TFieldTree,
  local: Map<string, string>,
  server: TServerIssue[],
): TPlacedIssues {
  const byField = new Map<string, string[]>();
  const lines: string[] = [];
  const put = (id: string, msg: string) => byField.set(id, [...(byField.get(id) ?? []), msg]);
  for (const [id, msg] of local) {
    put(id, msg);
    const path = fieldPath(tree.fields, id);
    lines.push(path ? `${path}: ${msg}` : msg);
  }
  for (const issue of server) {
    const id = fieldIdForLoc(tree, issue.loc ?? []);
    if (id) put(id, issue.msg);
    const where = describeLoc(issue.loc);
    lines.push(where ? `${where}: ${issue.msg}` : `The schema ${issue.msg}`);
  }
  return { byField, lines };
}

/** Every field of the tree, nested ones included. */
export function countFields(fields: TField[]): number {
  return fields.reduce((n, f) => n + 1 + (hasChildren(f) ? countFields(f.children) : 0), 0);
}
