/**
 * How the compiled mapper stores a field's value in the output record: at once, or (a JSONata
 * field's Promise) once it settles. Kept apart from compile.ts, which decides what to store.
 */
export type MappedRecord = Record<string, unknown>;

/** Stores a field's value (undefined: none) at the writer's path. */
export function put(
  obj: MappedRecord,
  w: { keys: string[] },
  v: unknown,
  pending: Promise<void>[] | undefined,
): void {
  if (v === undefined) return;
  if (v instanceof Promise) putLater(obj, w, v, pending);
  else if (w.keys.length === 1) obj[w.keys[0] as string] = v;
  else setAt(obj, w.keys, v);
}

/**
 * A JSONata field's Promise: its value is stored once it settles. (Kept out of put: a closure
 * there would make every call allocate a context for obj and w.)
 */
function putLater(
  obj: MappedRecord,
  w: { keys: string[] },
  v: Promise<unknown>,
  pending: Promise<void>[] | undefined,
) {
  if (!pending) throw new Error('this spec has JSONata fields: use mapAsync');
  pending.push(v.then((x) => (x === undefined ? undefined : setAt(obj, w.keys, x))));
}

/** setPath without its reserved-name checks (writersOf made them once): creates objects on the way. */
function setAt(out: MappedRecord, keys: readonly string[], value: unknown): void {
  let obj = out;
  const last = keys.length - 1;
  for (let i = 0; i < last; i++) {
    const k = keys[i] as string;
    const next = Object.hasOwn(obj, k) ? obj[k] : undefined;
    if (next !== null && typeof next === 'object' && !Array.isArray(next)) obj = next as MappedRecord;
    else {
      const created: MappedRecord = {};
      obj[k] = created;
      obj = created;
    }
  }
  obj[keys[last] as string] = value;
}
