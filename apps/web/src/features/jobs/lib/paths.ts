/** `transactions[0].amount` → ['transactions', 0, 'amount'] (the validator's field notation). */
export function parseFieldPath(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const part of path.split('.')) {
    const m = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part);
    if (!m) {
      out.push(part);
      continue;
    }
    if (m[1]) out.push(m[1]);
    for (const idx of (m[2] ?? '').matchAll(/\[(\d+)\]/g)) out.push(Number(idx[1]));
  }
  return out;
}

/** The value at a field path, or undefined when any step is missing. Flat keys win over paths. */
export function valueAtPath(record: unknown, path: string): unknown {
  if (record === null || typeof record !== 'object') return undefined;
  if (Object.hasOwn(record, path)) return (record as Record<string, unknown>)[path];
  let cur: unknown = record;
  for (const seg of parseFieldPath(path)) {
    if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, seg)) return undefined;
    cur = (cur as Record<string | number, unknown>)[seg];
  }
  return cur;
}

/** Whether an error on `field` belongs to the top-level `column` (itself or something inside it). */
export const fieldInColumn = (field: string, column: string) =>
  field === column || field.startsWith(`${column}.`) || field.startsWith(`${column}[`);
