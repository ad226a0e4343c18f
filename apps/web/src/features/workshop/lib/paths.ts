/**
 * Target paths as the engine writes them: dots between object keys, `[*]` for "each element of
 * a list" (`customer.name`, `lines[*].sku`). Target property names never contain a dot, so
 * splitting on it is safe.
 */

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value at a path; a `[*]` step collects that step from every element (`undefined` when absent). */
export function valueAtPath(record: unknown, path: string): unknown {
  const steps = path.split('.');
  const walk = (v: unknown, i: number): unknown => {
    if (i === steps.length) return v;
    const step = steps[i] as string;
    const each = step.endsWith('[*]');
    const key = each ? step.slice(0, -3) : step;
    if (!isObject(v) || !Object.hasOwn(v, key)) return undefined;
    const next = v[key];
    if (!each) return walk(next, i + 1);
    if (!Array.isArray(next)) return undefined;
    return next.map((el) => walk(el, i + 1));
  };
  return walk(record, 0);
}

/** A copy of `obj` with `value` at a path of plain object keys (no `[*]`), creating objects on the way. */
export function withPathValue(
  obj: Record<string, unknown>,
  path: string,
  value: unknown,
): Record<string, unknown> {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  const out: Record<string, unknown> = { ...obj };
  // defineProperty: a target named "__proto__" must stay an ordinary key
  const put = (v: unknown) =>
    Object.defineProperty(out, head, { value: v, enumerable: true, writable: true, configurable: true });
  if (rest.length === 0) put(value);
  else
    put(
      withPathValue(isObject(obj[head]) ? (obj[head] as Record<string, unknown>) : {}, rest.join('.'), value),
    );
  return out;
}

/** A copy of `obj` without the value at a path; emptied parent objects are dropped too. */
export function withoutPath(obj: Record<string, unknown>, path: string): Record<string, unknown> {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  if (!Object.hasOwn(obj, head)) return obj;
  const out = { ...obj };
  if (rest.length === 0) {
    delete out[head];
    return out;
  }
  const child = obj[head];
  if (!isObject(child)) return obj;
  const next = withoutPath(child, rest.join('.'));
  if (Object.keys(next).length === 0) delete out[head];
  else out[head] = next;
  return out;
}

/** A validation error's field (`lines[3].sku`) as the target path it belongs to (`lines[*].sku`). */
export const errorTarget = (field: string) => field.replace(/\[\d+\]/g, '[*]');

/** Every leaf path of a JSON Schema, depth first, lists of objects as `[*]` (as the engine lists them). */
export function schemaLeafPaths(schema: unknown, prefix = ''): string[] {
  if (!isObject(schema)) return prefix ? [prefix] : [];
  const props = schema.properties;
  if (isObject(props))
    return Object.entries(props).flatMap(([k, child]) =>
      schemaLeafPaths(child, prefix ? `${prefix}.${k}` : k),
    );
  const items = schema.items;
  if (isObject(items) && isObject(items.properties)) return schemaLeafPaths(items, `${prefix}[*]`);
  return prefix ? [prefix] : [];
}
