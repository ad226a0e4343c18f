import type { TDatasetPage, TDatasetRowsPage, TDatasetSummary } from '@mapwright/contracts';
import type { AppContext, Principal } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/pagination.ts';
import {
  type DatasetRow,
  datasetKinds,
  findDataset,
  listDatasets,
  readDatasetRows,
  readJsonDatasetRows,
  recordFields,
} from '../datasets/datasets.service.ts';
import { lineageOf } from './lineage.ts';
import { resultSchemaFields, sampledResultFields } from './result-fields.ts';

const KIND_NAMES: Record<string, string> = {
  import: 'Import',
  'job-input': 'Job input',
  result: 'Result',
  sync: 'Synced data',
};

type Fields = TDatasetSummary['fields'];

/**
 * A dataset's fields; one that cannot be read is logged and shown unknown, not a failed page.
 * A result's are its mapped records' (the target schema's when the run's row names them).
 */
async function fieldsOf(ctx: AppContext, ds: DatasetRow, fromSchema?: Map<string, Fields>): Promise<Fields> {
  try {
    const known = fromSchema?.get(ds.id);
    if (known) return known;
    if (ds.kind === 'result' && ds.layout === 'json') return await sampledResultFields(ctx, ds);
    return await recordFields(ctx, ds);
  } catch (err) {
    ctx.log.warn({ err, dataset: ds.id }, 'reading the fields of a dataset failed');
    return null;
  }
}

function summaryOf(
  ds: DatasetRow,
  lineage: Awaited<ReturnType<typeof lineageOf>>,
  fields: Fields,
): TDatasetSummary {
  const l = lineage.get(ds.id);
  const writes = l?.writes ?? [];
  const latest = writes.map((w) => w.at).filter((a): a is string => !!a).sort().at(-1);
  const created = ds.createdAt.toISOString();
  return {
    id: ds.id,
    kind: ds.kind,
    name: l?.title ?? `${KIND_NAMES[ds.kind] ?? ds.kind} ${ds.id.slice(0, 8)}`,
    layout: ds.layout,
    columns: ds.columns,
    fields,
    row_count: ds.rowCount,
    size_bytes: ds.files.reduce((n, f) => n + (f.bytes ?? 0), 0),
    file_count: ds.files.length,
    created_at: created,
    updated_at: latest && latest > created ? latest : created,
    written_by: writes,
    read_by: l?.reads ?? [],
  };
}

/** DuckDB hands BIGINT columns back as bigint, which JSON cannot hold. */
const plain = (v: unknown) => (typeof v === 'bigint' ? Number(v) : v);

/** The data overview: every dataset of the organization with its size, schema and lineage. */
export async function listOrgDatasets(
  ctx: AppContext,
  p: Principal,
  q: { page: number; size: number; kind?: string },
): Promise<TDatasetPage> {
  const [{ rows, total }, kinds] = await Promise.all([
    listDatasets(ctx.db, p.orgId, { kind: q.kind, limit: q.size, offset: offsetOf(q.page, q.size) }),
    datasetKinds(ctx.db, p.orgId),
  ]);
  const [lineage, fromSchema] = await Promise.all([
    lineageOf(
      ctx.db,
      p.orgId,
      rows.map((r) => r.id),
    ),
    resultSchemaFields(ctx.db, p.orgId, rows),
  ]);
  // one after another: DuckDB reads are not made faster by queueing them at once
  const fields: Fields[] = [];
  for (const r of rows) fields.push(await fieldsOf(ctx, r, fromSchema));
  return {
    ...pageOf(
      rows.map((r, i) => summaryOf(r, lineage, fields[i]!)),
      total,
      q.page,
      q.size,
    ),
    kinds,
  };
}

async function ownDataset(ctx: AppContext, p: Principal, id: string) {
  const ds = await findDataset(ctx.db, p.orgId, id);
  if (!ds) throw notFound('Dataset not found');
  return ds;
}

export async function getOrgDataset(ctx: AppContext, p: Principal, id: string) {
  const ds = await ownDataset(ctx, p, id);
  const fromSchema = await resultSchemaFields(ctx.db, p.orgId, [ds]);
  return summaryOf(ds, await lineageOf(ctx.db, p.orgId, [ds.id]), await fieldsOf(ctx, ds, fromSchema));
}

/** A page of a dataset's rows, whatever its layout (through the datasets module). */
export async function previewDataset(
  ctx: AppContext,
  p: Principal,
  id: string,
  q: { page: number; size: number },
): Promise<TDatasetRowsPage> {
  const ds = await ownDataset(ctx, p, id);
  const from = offsetOf(q.page, q.size);
  if (ds.layout !== 'json')
    return pageOf(await readDatasetRows(ctx, ds, from, from + q.size), ds.rowCount, q.page, q.size);
  // typed columns (results): each row an object of its columns, in column order
  const rows = await readJsonDatasetRows(ctx, ds, from, from + q.size);
  const items = rows.map((values, i) => ({
    index: from + i,
    line: from + i + 1,
    record: Object.fromEntries(ds.columns.map((c, j) => [c.name, plain(values[j])])),
  }));
  return pageOf(items, ds.rowCount, q.page, q.size);
}
