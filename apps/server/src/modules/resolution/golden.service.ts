import { PassThrough } from 'node:stream';
import type { AppContext, Principal } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { AppError, FieldError, notFound } from '../../lib/errors.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import {
  type DatasetCtx,
  type DatasetRow,
  datasetsByIds,
  deleteDataset,
  findDataset,
  queryDatasets,
  readDatasetRows,
  writeJsonFieldsCsv,
  writeRecordsFromSql,
} from '../datasets/datasets.service.ts';
import type { Resolved, Survivorship } from './golden.ts';
import { clustersOfKeysSql, fieldsOfKeyLists, goldenSql, keyListsSql, optionsSql } from './golden-sql.ts';
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

/** The resolution's output: every record with its cluster (a `records` dataset). */
async function outputOf(ctx: DatasetCtx, orgId: string, row: repo.ResolutionRow) {
  const ds = row.outputDatasetId ? await findDataset(ctx.db, orgId, row.outputDatasetId) : undefined;
  if (!ds) throw new AppError(409, 'This resolution has no result yet');
  return ds;
}

/** The record fields of the output, in first-seen order (one native pass). */
async function fieldsOfOutput(ctx: DatasetCtx, ds: DatasetRow) {
  return fieldsOfKeyLists(await queryDatasets(ctx, [ds], (from) => keyListsSql(from(0))));
}

/**
 * The record fields as the golden records hold them: every golden record has `cluster_id`,
 * `records`, then every field in first-seen order, so the first one's keys are the list
 * (read as JSON keys, so a field that is itself called "records" is not lost).
 */
async function fieldsOfGolden(ctx: DatasetCtx, golden: DatasetRow) {
  if (!golden.rowCount) return [];
  const [first] = await queryDatasets(
    ctx,
    [golden],
    (from) =>
      `SELECT to_json(json_keys(record))::VARCHAR FROM ${from(0)} WHERE file_index = 0 AND file_row_number = 0`,
  );
  return (JSON.parse(String(first?.[0] ?? '[]')) as string[]).slice(2);
}

/** The cluster holding each record key that is there (keys are few: overrides, a request). */
async function clustersOfKeys(ctx: DatasetCtx, ds: DatasetRow, idColumn: string | undefined, keys: string[]) {
  if (!keys.length) return new Map<string, string>();
  const rows = await queryDatasets(ctx, [ds], (from) => clustersOfKeysSql(from(0), idColumn, keys));
  return new Map(rows.map((r) => [String(r[0]), String(r[1])]));
}

/** Saved overrides as (cluster, field index, value), in the order they were saved (the last wins). */
async function overridesByCluster(
  ctx: DatasetCtx,
  orgId: string,
  row: repo.ResolutionRow,
  ds: DatasetRow,
  fields: string[],
) {
  const saved = (await repo.overridesOf(ctx.db as Db, orgId, row.id)).sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
  );
  const clusterOf = await clustersOfKeys(ctx, ds, (row.config as Config).idColumn, [
    ...new Set(saved.map((o) => o.recordKey)),
  ]);
  const chosen = new Map<string, { cluster: string; field: number; value: string | null }>();
  for (const o of saved) {
    const cluster = clusterOf.get(o.recordKey);
    const field = fields.indexOf(o.column);
    if (cluster !== undefined && field >= 0)
      chosen.set(JSON.stringify([cluster, field]), { cluster, field, value: o.value });
  }
  return [...chosen.values()];
}

/**
 * (Re)writes the golden records dataset: one record per entity (cluster_id, records, then the
 * fields), readable by pipelines (`dataset_id`), joins and flows like any records dataset.
 * Built natively in one query over the output (golden-sql.ts): memory does not grow with the
 * records, DuckDB spills past its cap.
 */
export async function writeGolden(ctx: DatasetCtx, orgId: string, row: repo.ResolutionRow) {
  const output = await outputOf(ctx, orgId, row);
  const fields = await fieldsOfOutput(ctx, output);
  const overrides = await overridesByCluster(ctx, orgId, row, output, fields);
  const rules = (row.config as Config).survivorship ?? {};
  const ds = await writeRecordsFromSql(ctx, { orgId, kind: 'resolution_golden' }, [output], (from) =>
    goldenSql(from(0), { fields, rules, overrides }),
  );
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

/** The golden records dataset (written on first need for a resolution from before it had one). */
async function goldenOf(ctx: AppContext, orgId: string, row: repo.ResolutionRow) {
  const ds = row.goldenDatasetId ? await findDataset(ctx.db, orgId, row.goldenDatasetId) : undefined;
  return ds ?? writeGolden(ctx, orgId, row);
}

/**
 * A page of golden records with what each field could be (for click-to-override): the page is
 * read from the golden records dataset, the choices of its clusters only from the output.
 */
export async function goldenPage(ctx: AppContext, p: Principal, id: string, page: number, size: number) {
  const row = await finished(ctx, p, id);
  const output = await outputOf(ctx, p.orgId, row);
  const golden = await goldenOf(ctx, p.orgId, row);
  const fields = await fieldsOfGolden(ctx, golden);
  const rows = (await readDatasetRows(ctx, golden, (page - 1) * size, page * size)).map(
    (r) => r.record as Record<string, unknown>,
  );
  const ids = rows.map((r) => String(r.cluster_id));
  const options = new Map<string, string[]>();
  if (ids.length && fields.length)
    for (const [c, i, values] of await queryDatasets(ctx, [output], (from) =>
      optionsSql(from(0), fields, ids),
    ))
      options.set(JSON.stringify([String(c), Number(i)]), JSON.parse(String(values)) as string[]);
  const overridden = new Map<string, string[]>();
  for (const o of await overridesByCluster(ctx, p.orgId, row, output, fields))
    overridden.set(o.cluster, [...(overridden.get(o.cluster) ?? []), fields[o.field] as string]);
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    fields,
    rules: Object.fromEntries(
      fields.map((f) => [f, (row.config as Config).survivorship?.[f] ?? 'most_frequent']),
    ),
    total: golden.rowCount,
    page,
    size,
    items: rows.map((r) => {
      const cluster = String(r.cluster_id);
      return {
        cluster_id: cluster,
        records: Number(r.records),
        values: Object.fromEntries(fields.map((f) => [f, text(r[f])])),
        options: Object.fromEntries(
          fields.map((f, i) => [f, options.get(JSON.stringify([cluster, i])) ?? []]),
        ),
        overridden: overridden.get(cluster) ?? [],
      };
    }),
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
  const fields = await fieldsOfGolden(ctx, await goldenOf(ctx, p.orgId, row));
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
  const output = await outputOf(ctx, p.orgId, row);
  if (!(await fieldsOfGolden(ctx, await goldenOf(ctx, p.orgId, row))).includes(input.column))
    throw new FieldError(['body', 'column'], `no field "${input.column}" in the records`);
  const clusterOf = await clustersOfKeys(ctx, output, (row.config as Config).idColumn, [input.record_key]);
  if (!clusterOf.has(input.record_key))
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

/**
 * The golden records dataset as CSV, streamed: written natively a file at a time (cells that a
 * spreadsheet would run as formulas made inert), so a large one never sits in memory.
 */
export async function goldenCsv(ctx: AppContext, p: Principal, id: string) {
  const row = await finished(ctx, p, id);
  const ds = await goldenOf(ctx, p.orgId, row);
  const fields = await fieldsOfGolden(ctx, ds);
  const columns = ['cluster_id', 'records', ...fields.filter((f) => f !== 'records')];
  const csv = new PassThrough();
  writeJsonFieldsCsv(
    ctx,
    ds,
    { column: 'record', fields: columns.map((c) => ({ header: c, path: [c] })) },
    csv,
  )
    .then(() => csv.end())
    .catch((err: Error) => csv.destroy(err));
  return { name: `${row.name.replace(/[^\w-]+/g, '_')}-golden-records.csv`, csv };
}

/** An entity resolution's outputs as inputs elsewhere (joins, flows): golden records, or every record with its cluster. */
export type ResolutionOutputKind = 'resolution_golden' | 'resolution_clusters';
const OUTPUT_NAMES: Record<ResolutionOutputKind, string> = {
  resolution_golden: 'golden records',
  resolution_clusters: 'records with cluster id',
};
/** Records whose keys name an output's columns (records of one resolution share their keys). */
const COLUMN_SAMPLE = 1000;

/**
 * One output of a resolution of the organization (404 when it is not there, 409 before its
 * first run): its dataset, read where it lies, and its columns.
 */
export async function resolutionOutput(
  ctx: AppContext,
  orgId: string,
  id: string,
  kind: ResolutionOutputKind,
) {
  const row = await repo.findResolution(ctx.db, orgId, id);
  if (!row) throw notFound(`Entity resolution ${id} not found`);
  const name = `${row.name} (${OUTPUT_NAMES[kind]})`;
  const output = row.outputDatasetId ? await findDataset(ctx.db, orgId, row.outputDatasetId) : undefined;
  if (!output) throw new AppError(409, `The entity resolution "${row.name}" has no result yet: run it first`);
  const dataset = kind === 'resolution_clusters' ? output : await goldenOf(ctx, orgId, row);
  const sample = await readDatasetRows(ctx, dataset, 0, COLUMN_SAMPLE);
  const columns = [...new Set(sample.flatMap((r) => Object.keys(r.record)))];
  return { id: row.id, name, dataset, columns };
}

/** Every resolution output of the organization that has rows (newest resolutions first), named by the resolution. */
export async function resolutionOutputs(ctx: AppContext, orgId: string) {
  const { rows } = await repo.listResolutions(ctx.db, orgId, 100, 0);
  const ids = rows.flatMap((r) => [r.outputDatasetId, r.goldenDatasetId]).filter((x): x is string => !!x);
  const datasets = new Map((await datasetsByIds(ctx.db, orgId, ids)).map((d) => [d.id, d]));
  return rows.flatMap((r) => {
    const out = r.outputDatasetId ? datasets.get(r.outputDatasetId) : undefined;
    const golden = r.goldenDatasetId ? datasets.get(r.goldenDatasetId) : undefined;
    const item = (kind: ResolutionOutputKind, ds: DatasetRow) => ({
      kind,
      id: r.id,
      name: `${r.name} (${OUTPUT_NAMES[kind]})`,
      row_count: ds.rowCount,
      created_at: r.updatedAt.toISOString(),
    });
    return [
      ...(golden ? [item('resolution_golden', golden)] : []),
      ...(out ? [item('resolution_clusters', out)] : []),
    ];
  });
}
