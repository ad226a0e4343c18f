import { profileRecords, schemaFromProfile } from '@mapwright/engine';
import type { JsonSchema } from '../contract.ts';

/** The row index every record of a dataset or file source carries: its primary key and cursor. */
export const ROW_FIELD = '_row';
/** Records sampled for a stream's schema when the data has no column list of its own. */
export const SCHEMA_SAMPLE = 200;

/** A stream name from a user's name: letters, digits and `_`, as a table name can take it. */
export function streamNameOf(name: string, fallback: string) {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
  return slug || fallback;
}

/** The schema of sampled records (the engine's profile), plus the row index. */
export function schemaOfSample(sample: Record<string, unknown>[], title: string): JsonSchema {
  const schema = schemaFromProfile(profileRecords(sample).fields, { title }) as JsonSchema;
  return withRowField(schema);
}

/** Text columns (a CSV import's), each nullable text, plus the row index. */
export function schemaOfTextColumns(columns: ReadonlyArray<{ name: string }>, title: string): JsonSchema {
  const properties: Record<string, unknown> = {};
  for (const c of columns) properties[c.name] = { type: ['string', 'null'] };
  return withRowField({ type: 'object', title, properties });
}

function withRowField(schema: JsonSchema): JsonSchema {
  const properties = { ...((schema.properties as Record<string, unknown>) ?? {}) };
  properties[ROW_FIELD] = { type: 'integer', description: 'the row index in the source, from 0' };
  // the sample decides the types, not which fields every record has
  const { required: _required, ...rest } = schema;
  return { ...rest, type: 'object', properties };
}

/** The record with its row index (the source's own field of that name gives way). */
export function withRow(record: Record<string, unknown>, row: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // defineProperty: a key like `__proto__` stays a field instead of changing the prototype
  for (const [k, v] of Object.entries(record))
    if (k !== ROW_FIELD)
      Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  out[ROW_FIELD] = row;
  return out;
}
