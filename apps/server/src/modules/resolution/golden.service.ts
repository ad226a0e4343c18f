import { stringify } from 'csv-stringify/sync';
import type { AppContext, Principal } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { AppError, FieldError, notFound } from '../../lib/errors.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import {
  createRecordWriter,
  type DatasetCtx,
  deleteDataset,
  findDataset,
  inertText,
  readDatasetRows,
} from '../datasets/datasets.service.ts';
import { fieldsOf, goldenRecords, type Resolved, type Survivorship } from './golden.ts';
import * as repo from './resolution.repository.ts';

type Config = { idColumn?: string; survivorship?: Record<string, Survivorship> };

/**
 * Each record's key as the run named it: the key column's value, or its row number within its
 * side (`#1`, `#2`…), the same keys labels, cluster ids and overrides use.
 */
export function recordKeys(records: Resolved[], idColumn?: string): string[] {
  let left = 0;
  let right = 0;
  return records.map((r) => {
    const n = r.source === 'right' ? ++right : ++left;
    const v = idColumn ? r[idColumn] : undefined;
    return v === null || v === undefined ? `#${n}` : String(v);
  });
}

async function resolvedOf(ctx: DatasetCtx, orgId: string, row: repo.ResolutionRow) {
  const ds = row.outputDatasetId ? await findDataset(ctx.db, orgId, row.outputDatasetId) : undefined;
  if (!ds) throw new AppError(409, 'This resolution has no result yet');
  return (await readDatasetRows(ctx, ds, 0, ds.rowCount)).map((r) => r.record as Resolved);
}

async function computeGolden(ctx: DatasetCtx, orgId: string, row: repo.ResolutionRow) {
  const config = row.config as Config;
  const records = await resolvedOf(ctx, orgId, row);
  const keys = recordKeys(records, config.idColumn);
  const overrides = await repo.overridesOf(ctx.db as Db, orgId, row.id);
  return {
    records,
    keys,
    ...goldenRecords(records, config.survivorship ?? {}, overrides, (_, i) => keys[i] as string),
  };
}

/**
 * (Re)writes the golden records dataset: one record per entity (cluster_id, records, then the
 * fields), readable by pipelines (`dataset_id`) like any records dataset.
 */
export async function writeGolden(ctx: DatasetCtx, orgId: string, row: repo.ResolutionRow) {
  const { items } = await computeGolden(ctx, orgId, row);
  const writer = await createRecordWriter(ctx, { orgId, kind: 'resolution_golden' });
  try {
    for (let i = 0; i < items.length; i++) {
      const g = items[i]!;
      await writer.append(i + 1, { cluster_id: g.cluster_id, records: g.records, ...g.values });
    }
  } catch (e) {
    await writer.abort();
    throw e;
  }
  const ds = await writer.finish();
  if (row.goldenDatasetId) await deleteDataset(ctx, orgId, row.goldenDatasetId).catch(() => {});
  await repo.updateResolution(ctx.db as Db, orgId, row.id, { goldenDatasetId: ds.id });
  return ds;
}

async function finished(ctx: AppContext, p: Principal, id: string) {
  const row = await repo.findResolution(ctx.db, p.orgId, id);
  if (!row) throw notFound('Entity resolution not found');
  if (!row.outputDatasetId) throw new AppError(409, 'This resolution has no result yet');
  return row;
}

/** A page of golden records with what each field could be (for click-to-override). */
export async function goldenPage(ctx: AppContext, p: Principal, id: string, page: number, size: number) {
  const row = await finished(ctx, p, id);
  const { fields, items } = await computeGolden(ctx, p.orgId, row);
  return {
    fields,
    rules: Object.fromEntries(
      fields.map((f) => [f, (row.config as Config).survivorship?.[f] ?? 'most_frequent']),
    ),
    total: items.length,
    page,
    size,
    items: items.slice((page - 1) * size, page * size),
  };
}

export async function setSurvivorship(
  ctx: AppContext,
  p: Principal,
  id: string,
  rules: Record<string, Survivorship>,
) {
  assertCanWrite(p);
  const row = await finished(ctx, p, id);
  const fields = fieldsOf((await resolvedOf(ctx, p.orgId, row)).slice(0, 1000));
  for (const f of Object.keys(rules))
    if (!fields.includes(f)) throw new FieldError(['body', 'rules', f], `no field "${f}" in the records`);
  const config = {
    ...(row.config as Config),
    survivorship: { ...(row.config as Config).survivorship, ...rules },
  };
  const updated = await repo.updateResolution(ctx.db, p.orgId, id, { config });
  await writeGolden(ctx, p.orgId, updated!);
}

/** Saves (or, with a null `value` and `clear`, removes) a person's choice for an entity's field. */
export async function overrideValue(
  ctx: AppContext,
  p: Principal,
  id: string,
  input: { record_key: string; column: string; value: string | null; clear?: boolean },
) {
  assertCanWrite(p);
  const row = await finished(ctx, p, id);
  const config = row.config as Config;
  const records = await resolvedOf(ctx, p.orgId, row);
  if (!fieldsOf(records).includes(input.column))
    throw new FieldError(['body', 'column'], `no field "${input.column}" in the records`);
  if (!recordKeys(records, config.idColumn).includes(input.record_key))
    throw new FieldError(['body', 'record_key'], `no record "${input.record_key}" in this resolution`);
  if (input.clear) await repo.removeOverride(ctx.db, p.orgId, id, input.record_key, input.column);
  else
    await repo.saveOverride(ctx.db, {
      organizationId: p.orgId,
      resolutionId: id,
      recordKey: input.record_key,
      column: input.column,
      value: input.value,
      createdBy: p.userId,
    });
  await writeGolden(ctx, p.orgId, row);
}

/** The golden records dataset as CSV (cells that a spreadsheet would run as formulas made inert). */
export async function goldenCsv(ctx: AppContext, p: Principal, id: string) {
  const row = await finished(ctx, p, id);
  const ds = row.goldenDatasetId ? await findDataset(ctx.db, p.orgId, row.goldenDatasetId) : undefined;
  if (!ds) throw new AppError(409, 'This resolution has no golden records yet');
  const records = (await readDatasetRows(ctx, ds, 0, ds.rowCount)).map((r) => r.record);
  const columns = [...new Set(records.flatMap((r) => Object.keys(r)))];
  const cell = (v: unknown) =>
    v === null || v === undefined ? '' : inertText(typeof v === 'object' ? JSON.stringify(v) : String(v));
  return {
    name: `${row.name.replace(/[^\w-]+/g, '_')}-golden-records.csv`,
    csv: stringify([columns, ...records.map((r) => columns.map((c) => cell(r[c])))]),
  };
}
