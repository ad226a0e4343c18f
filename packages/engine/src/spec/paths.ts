/**
 * Path syntax shared by the spec, the mapper and the learner: dot-separated property names, a
 * `[*]` suffix marks an array whose elements are iterated (`items[*].price`).
 */

/** Names that would reach Object.prototype or replace an object's prototype if used as keys. */
export const FORBIDDEN_SEGMENTS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export interface PathSegment {
  key: string;
  /** `[*]`: the value at `key` is an array whose elements the rest of the path applies to */
  each: boolean;
}

/** Splits `a.b[*].c` into segments; returns undefined for syntactically bad paths. */
export function parsePath(path: string): PathSegment[] | undefined {
  if (typeof path !== 'string' || path === '') return undefined;
  const out: PathSegment[] = [];
  for (const part of path.split('.')) {
    const each = part.endsWith('[*]');
    const key = each ? part.slice(0, -3) : part;
    if (key === '' || key.includes('[') || key.includes(']')) return undefined;
    out.push({ key, each });
  }
  return out;
}

/** Why a path is unusable, or undefined when it is fine. */
export function pathProblem(path: unknown): string | undefined {
  if (typeof path !== 'string' || path === '') return 'must be a non-empty path';
  const segs = parsePath(path);
  if (!segs) return `"${path}" is not a valid path (use a.b and items[*].c)`;
  const bad = segs.find((s) => FORBIDDEN_SEGMENTS.has(s.key));
  if (bad) return `"${path}" uses the reserved name "${bad.key}"`;
  return undefined;
}

/** `entries[*].value` -> { prefix: 'entries', rest: 'value' }; undefined when the path has no `[*]`. */
export function splitAtFirstArray(path: string): { prefix: string; rest: string } | undefined {
  const i = path.indexOf('[*]');
  if (i < 0) return undefined;
  const rest = path.slice(i + 3);
  return { prefix: path.slice(0, i), rest: rest.startsWith('.') ? rest.slice(1) : rest };
}

/** Reads a path from a value using own properties only (never the prototype chain). */
export function getPath(root: unknown, segs: readonly PathSegment[]): unknown {
  let many = false;
  let current: unknown[] = [root];
  for (const seg of segs) {
    const next: unknown[] = [];
    for (const v of current) {
      if (v === null || typeof v !== 'object' || Array.isArray(v) || !Object.hasOwn(v, seg.key)) continue;
      const child = (v as Record<string, unknown>)[seg.key];
      if (child === undefined) continue;
      if (seg.each) {
        if (Array.isArray(child)) next.push(...child);
        else if (child !== null && typeof child === 'object') next.push(child);
      } else next.push(child);
    }
    if (seg.each) many = true;
    current = next;
  }
  if (!many) return current[0];
  // like a JSONata path: array leaves are flattened one level, undefined dropped, nothing = undefined
  const flat: unknown[] = [];
  for (const v of current) {
    if (Array.isArray(v)) flat.push(...v);
    else flat.push(v);
  }
  return flat.length ? flat : undefined;
}
