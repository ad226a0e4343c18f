import type { FastifyInstance } from 'fastify';
import { FieldError } from '../lib/errors.ts';

/**
 * Deepest nesting a request may carry. The deepest real payloads are JSON Schemas and mapping
 * specs, a few dozen levels at most; anything deeper is an attack on recursive code further in
 * (validators, serializers, the database's JSON functions), so it is refused at the door.
 */
export const MAX_DEPTH = 100;

type Loc = (string | number)[];
/** ES2024's String.prototype.isWellFormed (Node 20 has it; the project's TypeScript lib predates it). */
type WellFormed = string & { isWellFormed(): boolean };

/** Why a string cannot be stored or compared safely, or null when it is fine. */
function textProblem(s: string): string | null {
  // PostgreSQL refuses NUL in text and jsonb; a lone surrogate cannot be encoded as UTF-8.
  if (s.includes('\u0000')) return 'Text must not contain NUL characters (\\u0000)';
  if (!(s as WellFormed).isWellFormed()) return 'Text must be valid Unicode (it holds a lone surrogate)';
  return null;
}

/**
 * Walks a parsed value without recursion (so depth itself cannot overflow the stack) and throws a
 * 422 naming the first field whose key or text is unusable, or where nesting goes too deep.
 */
export function checkRequestValue(value: unknown, root: string, binaryFields: readonly string[] = []): void {
  // Each entry keeps its parent instead of a copy of its path, so a wide body costs one push per
  // value; the path is spelled out only for the error.
  interface Entry {
    value: unknown;
    key: string | number;
    parent: Entry | null;
    depth: number;
  }
  const locOf = (e: Entry): Loc => {
    const loc: Loc = [];
    for (let at: Entry | null = e; at; at = at.parent) loc.unshift(at.key);
    return loc;
  };
  const stack: Entry[] = [{ value, key: root, parent: null, depth: 0 }];
  while (stack.length) {
    const entry = stack.pop()!;
    const { value: v, depth } = entry;
    if (typeof v === 'string') {
      if (entry.parent?.parent === null && binaryFields.includes(String(entry.key))) continue;
      const problem = textProblem(v);
      if (problem) throw new FieldError(locOf(entry), problem, 'value_error');
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_DEPTH)
      throw new FieldError(locOf(entry), `Nested more than ${MAX_DEPTH} levels deep`, 'value_error');
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push({ value: v[i], key: i, parent: entry, depth: depth + 1 });
      continue;
    }
    for (const key of Object.keys(v)) {
      const child: Entry = {
        value: (v as Record<string, unknown>)[key],
        key,
        parent: entry,
        depth: depth + 1,
      };
      const problem = textProblem(key);
      if (problem) throw new FieldError(locOf(child), `Field name: ${problem}`, 'value_error');
      stack.push(child);
    }
  }
}

/**
 * One rule for text at the edge, for every route: NUL characters, lone surrogates and over-deep
 * nesting are refused with 422 before any route sees the request (query, path and body alike),
 * instead of surfacing as a database or stack error deep inside one route. The one exception is
 * declared by the route: `config: { binaryFields: ['file'] }` names top-level body fields that
 * carry a file as a binary string (bytes 0–255, NUL included), never stored as text.
 */
export function registerRequestText(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    checkRequestValue(req.params, 'path');
    checkRequestValue(req.query, 'query');
    const binary = (req.routeOptions.config as { binaryFields?: readonly string[] } | undefined)
      ?.binaryFields;
    if (req.body !== undefined && !isStream(req.body)) checkRequestValue(req.body, 'body', binary);
  });
}

const isStream = (v: unknown) => typeof (v as { pipe?: unknown } | null)?.pipe === 'function';
