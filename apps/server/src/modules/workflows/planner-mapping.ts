import type { TMappingSpec } from '@mapwright/contracts';
import type { Json } from './planner-schema.ts';

/*
 * The built-in planner knows where every field of its final schema comes from, so the final
 * node gets that mapping instead of none: each record field copied from the same field of the
 * node's records, the count and the total as aggregates. Left to the engine's matcher, the
 * upstream records (entities, with their own `id` and `currency`) would compete with the main
 * ones and fill single fields with lists.
 */

type Field = TMappingSpec['fields'][number];

const field = (target: string, sources: string[], transform: Json, reason: string): Field => ({
  target,
  sources,
  transform,
  confidence: 1,
  bucket: 'Very High',
  reason,
  status: 'suggested',
});

/** Scalar leaf paths of an object schema: `card_holder.address.city`. */
export function leavesOf(schema: Json, prefix = ''): string[] {
  const props = (schema.properties ?? {}) as Record<string, Json>;
  return Object.entries(props).flatMap(([name, s]) =>
    s.type === 'object' ? leavesOf(s, `${prefix}${name}.`) : [`${prefix}${name}`],
  );
}

/** A field every record has (a required scalar), to count records by. */
export function countKeyOf(items: Json): string | undefined {
  const props = (items.properties ?? {}) as Record<string, Json>;
  const required = Array.isArray(items.required) ? (items.required as string[]) : [];
  const scalars = Object.keys(props).filter((k) => props[k]!.type !== 'object');
  return scalars.find((k) => required.includes(k)) ?? scalars[0];
}

export interface Aggregate {
  /** the final schema's property */
  name: string;
  /** the node whose records it reads */
  of: string;
  /** the record field */
  field: string;
}

export function plannedMapping(
  mains: { id: string; items: Json }[],
  count: Aggregate | null,
  total: Aggregate | null,
): TMappingSpec {
  const fields = mains.flatMap(({ id, items }) =>
    leavesOf(items).map((leaf) =>
      field(
        `${id}[*].${leaf}`,
        [`${id}[*].${leaf}`],
        { kind: 'copy' },
        `the same field of the ${id} records`,
      ),
    ),
  );
  if (count)
    fields.push(
      field(
        count.name,
        [`${count.of}[*].${count.field}`],
        { kind: 'aggregate', fn: 'count' },
        `one per ${count.of} record`,
      ),
    );
  if (total)
    fields.push(
      field(
        total.name,
        [`${total.of}[*].${total.field}`],
        { kind: 'aggregate', fn: 'sum' },
        `${total.field} added up`,
      ),
    );
  return { version: 1, fields };
}
