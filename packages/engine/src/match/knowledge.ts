import type { Transform } from '../spec/types.ts';
import { normalizeText } from '../values/normalize.ts';

/**
 * What an organization has accepted before: field pairs and value pairs. Plain JSON (arrays, not
 * objects keyed by user data, so a `__proto__` field name stays data); the server stores one per
 * organization. Functions return a new object and never mutate their input.
 */
export interface Knowledge {
  version: 1;
  mappings: { source: string; target: string; count: number; transform?: Transform }[];
  lookups: { target: string; from: string; to: unknown; count: number }[];
}

/** Names are compared without case, separators or camelCase: `First_Name` == `firstName`. */
export function knowledgeKey(name: string): string {
  const leaf = name.replace(/\[\*\]/g, '');
  return normalizeText(leaf.replace(/([a-z0-9])([A-Z])/g, '$1 $2')).replace(/ /g, '');
}

export function createKnowledge(): Knowledge {
  return { version: 1, mappings: [], lookups: [] };
}

export function recordAcceptedMapping(
  knowledge: Knowledge,
  accepted: { sourceName: string; targetName: string; transform?: Transform },
): Knowledge {
  const source = knowledgeKey(accepted.sourceName);
  const target = knowledgeKey(accepted.targetName);
  const found = knowledge.mappings.find((m) => m.source === source && m.target === target);
  const mappings = found
    ? knowledge.mappings.map((m) =>
        m === found ? { ...m, count: m.count + 1, transform: accepted.transform ?? m.transform } : m,
      )
    : [
        ...knowledge.mappings,
        { source, target, count: 1, ...(accepted.transform ? { transform: accepted.transform } : {}) },
      ];
  return { ...knowledge, mappings };
}

export function recordAcceptedLookup(
  knowledge: Knowledge,
  accepted: { targetName: string; table: Record<string, unknown> },
): Knowledge {
  const target = knowledgeKey(accepted.targetName);
  const lookups = [...knowledge.lookups];
  for (const from of Object.keys(accepted.table)) {
    const to = accepted.table[from];
    const i = lookups.findIndex((l) => l.target === target && l.from === from);
    if (i >= 0) lookups[i] = { target, from, to, count: lookups[i]!.count + (lookups[i]!.to === to ? 1 : 0) };
    else lookups.push({ target, from, to, count: 1 });
  }
  return { ...knowledge, lookups };
}

/** How many times this pair was accepted (0 = never). */
export function acceptedCount(
  knowledge: Knowledge | undefined,
  sourceName: string,
  targetName: string,
): number {
  if (!knowledge) return 0;
  const s = knowledgeKey(sourceName);
  const t = knowledgeKey(targetName);
  return knowledge.mappings.find((m) => m.source === s && m.target === t)?.count ?? 0;
}

/** Accepted value pairs for a target field, as a lookup table. */
export function learnedLookup(
  knowledge: Knowledge | undefined,
  targetName: string,
): Record<string, unknown> | undefined {
  if (!knowledge) return undefined;
  const t = knowledgeKey(targetName);
  const rows = knowledge.lookups.filter((l) => l.target === t);
  if (!rows.length) return undefined;
  const out: Record<string, unknown> = {};
  for (const r of rows)
    Object.defineProperty(out, r.from, { value: r.to, enumerable: true, writable: true, configurable: true });
  return out;
}
