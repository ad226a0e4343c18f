import type { GlobalErrors } from '@mapwright/engine';

/** global errors keep at most this many record indices per rule (the counts stay exact) */
const MAX_INDICES = 1000;

/** Adds a batch's global errors to a run's (or a part's), its record indices moved by `offset`. */
export function mergeGlobal(into: GlobalErrors, add: GlobalErrors, offset: number) {
  for (const [type, list] of Object.entries(add.error_types)) {
    const key = type as keyof GlobalErrors['error_types'];
    into.error_types[key] ??= [];
    const target = into.error_types[key];
    for (const e of list ?? []) {
      let g = target.find((x) => x.error_message === e.error_message);
      if (!g) {
        g = { error_message: e.error_message, error_indices: [], error_fields: e.error_fields };
        target.push(g);
      }
      for (const i of e.error_indices)
        if (g.error_indices.length < MAX_INDICES) g.error_indices.push(i + offset);
    }
  }
}

export function addCounts(into: Record<string, number>, add: Record<string, number>) {
  for (const [k, n] of Object.entries(add)) into[k] = (into[k] ?? 0) + n;
}
