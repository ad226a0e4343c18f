import { RECORD_FIELDS_SAMPLE } from '@mapwright/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { results } from '../../db/schema.ts';
import type { AppContext } from '../../context.ts';
import { type DatasetRow, fieldsOfRecords, readJsonDatasetRows } from '../datasets/datasets.service.ts';

/*
 * What a result dataset's columns are to its reader: the fields of its mapped records. The stored
 * columns (`index`, `valid`, `mapped_record`, `message`, `dropped`) are how a run keeps them.
 * The result row holds the target schema the run mapped to, so its top-level properties name
 * the fields without reading a file; a schema that does not list them (a `$ref`, an `allOf`)
 * falls back to the keys of the first mapped records.
 */

type Field = { name: string; type: string };

/** A property's JSON Schema type as one name: the first non-null of a list, `any` when unsaid. */
function typeOfProperty(p: unknown): string {
  const t = p && typeof p === 'object' ? (p as { type?: unknown }).type : undefined;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return String(t.find((x) => x !== 'null') ?? t[0] ?? 'any');
  return 'any';
}

function schemaFields(schema: Record<string, unknown>): Field[] | null {
  const props = schema.properties;
  if (!props || typeof props !== 'object' || Array.isArray(props)) return null;
  const fields = Object.entries(props).map(([name, p]) => ({ name, type: typeOfProperty(p) }));
  return fields.length ? fields : null;
}

/** The target schema's fields of each result dataset among these, in one statement. */
export async function resultSchemaFields(db: Db, orgId: string, datasets: DatasetRow[]) {
  const ids = datasets.filter((d) => d.kind === 'result').map((d) => d.id);
  const out = new Map<string, Field[]>();
  if (!ids.length) return out;
  const rows = await db
    .select({ datasetId: results.datasetId, targetSchema: results.targetSchema })
    .from(results)
    .where(and(eq(results.organizationId, orgId), inArray(results.datasetId, ids)));
  for (const r of rows) {
    const fields = r.datasetId ? schemaFields(r.targetSchema) : null;
    if (fields) out.set(r.datasetId!, fields);
  }
  return out;
}

/** The keys of the first mapped records of a result dataset (RESULT_COLUMNS layout). */
export async function sampledResultFields(ctx: AppContext, ds: DatasetRow): Promise<Field[]> {
  const at = ds.columns.findIndex((c) => c.name === 'mapped_record');
  if (at < 0) return [];
  const rows = await readJsonDatasetRows(ctx, ds, 0, RECORD_FIELDS_SAMPLE);
  return fieldsOfRecords(rows.map((r) => r[at]));
}
