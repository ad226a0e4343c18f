import type { JsonSchema } from '../schema/target-schema.ts';

const branches = (s: JsonSchema): JsonSchema[] => [s, ...(s.anyOf ?? []), ...(s.oneOf ?? [])];

/**
 * The `pattern` of every target leaf that has one, by leaf path (`phones[*].number`): the
 * normalising transforms read what the target asks for from it.
 */
export function targetPatterns(schema: JsonSchema): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (s: JsonSchema, path: string, depth: number) => {
    if (depth > 32) return;
    for (const b of branches(s)) {
      if (typeof b.pattern === 'string' && path && !out.has(path)) out.set(path, b.pattern);
      if (b.properties && typeof b.properties === 'object')
        for (const [k, child] of Object.entries(b.properties))
          walk(child, path ? `${path}.${k}` : k, depth + 1);
      if (b.items && typeof b.items === 'object' && !Array.isArray(b.items))
        walk(b.items as JsonSchema, `${path}[*]`, depth + 1);
    }
  };
  walk(schema, '', 0);
  return out;
}
