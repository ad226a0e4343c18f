import type { TJoinSource } from '@mapwright/contracts';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import {
  type DatasetCtx,
  type DatasetRow,
  findDataset,
  queryJsonDataset,
  readDatasetRecordsJson,
} from '../datasets/datasets.service.ts';
import { getImport, importDataset, importRecordsJson, listImports } from '../imports/imports.service.ts';
import { findResult, listResults } from '../pipelines/results.service.ts';
import {
  type ResolutionOutputKind,
  resolutionOutput,
  resolutionOutputs,
} from '../resolution/golden.service.ts';
import { findRun, finishedRuns } from './joins.repository.ts';

/** Rows a join reads per side at most (both sides are held in memory while they are matched). */
export const MAX_INPUT_ROWS = 2_000_000;

export interface SourceColumn {
  name: string;
  /** the profile's type: string, integer, number, boolean, date… */
  type: string;
  nulls: number;
  distinct: number;
  examples: unknown[];
}

/** One input of a join as the joins module sees it, whatever it is. */
export interface JoinInputSource {
  kind: TJoinSource['kind'];
  id: string;
  name: string;
  rowCount: number;
  columns: SourceColumn[];
  /** records [from, to) as the text of a JSON array (read natively) */
  readJson(from: number, to: number): Promise<string>;
  /** the dataset of text columns behind it (CSV imports), which DuckDB can join natively */
  columnsDataset(): Promise<DatasetRow | undefined>;
}

/** Resolves a source within the organization: 404 when it is not there, 409 while it has no rows yet. */
export async function resolveSource(
  ctx: AppContext,
  orgId: string,
  src: TJoinSource,
  side: 'left' | 'right',
): Promise<JoinInputSource> {
  const principal = { orgId } as Parameters<typeof getImport>[1];
  if (src.kind === 'import') {
    const imp = await getImport(ctx, principal, src.id).catch((err: AppError) => {
      throw err.statusCode === 404 ? notFound(`The ${side} input (import ${src.id}) was not found`) : err;
    });
    if (imp.status !== 'succeeded')
      throw new AppError(
        409,
        `The ${side} input "${imp.name}" is ${imp.status}: join it once it has succeeded`,
      );
    return {
      kind: 'import',
      id: imp.id,
      name: imp.name,
      rowCount: imp.row_count,
      columns: (imp.columns ?? [])
        .filter((c) => !c.path.includes('[*]'))
        .map((c) => ({
          name: c.path,
          type: c.type,
          nulls: Math.round(c.null_rate * imp.row_count),
          distinct: c.distinct_count,
          examples: c.examples,
        })),
      readJson: (from, to) => importRecordsJson(ctx, orgId, imp.id, from, to),
      columnsDataset: async () => {
        const ds = await importDataset(ctx, orgId, imp.id);
        return ds?.layout === 'columns' ? ds : undefined;
      },
    };
  }
  if (src.kind === 'result') return resultSource(ctx, orgId, src.id, side);
  if (src.kind === 'resolution_golden' || src.kind === 'resolution_clusters')
    return resolutionSource(ctx, orgId, src.kind, src.id, side);
  const found = await findRun(ctx.db, orgId, src.id);
  if (!found) throw notFound(`The ${side} input (joined data ${src.id}) was not found`);
  const { run } = found;
  const ds = run.datasetId ? await findDataset(ctx.db, orgId, run.datasetId) : undefined;
  if (run.status !== 'succeeded' || !ds)
    throw new AppError(409, `The ${side} input (joined data ${src.id}) has no rows yet: run its join first`);
  const name = String((run.settings as { name?: string }).name ?? 'joined data');
  return {
    kind: 'join_run',
    id: run.id,
    name,
    rowCount: ds.rowCount,
    columns: [...run.columns.map((c) => c.name), '_score', '_match'].map((n) => ({
      name: n,
      type: n === '_score' ? 'number' : 'string',
      nulls: 0,
      distinct: 0,
      examples: [],
    })),
    readJson: (from, to) => readDatasetRecordsJson(ctx as DatasetCtx, ds, from, to),
    columnsDataset: async () => undefined,
  };
}

/** Every dataset of the organization a join can read: succeeded imports and finished joins. */
export async function listSources(ctx: AppContext, orgId: string) {
  const principal = { orgId } as Parameters<typeof listImports>[1];
  const imports = await listImports(ctx, principal, { page: 1, size: 100 });
  const runs = await finishedRuns(ctx.db, orgId);
  return [
    ...imports.items
      .filter((i) => i.status === 'succeeded')
      .map((i) => ({
        kind: 'import' as const,
        id: i.id,
        name: i.name,
        row_count: i.row_count,
        columns: (i.columns ?? []).map((c) => c.path).filter((p) => !p.includes('[*]')),
        created_at: i.created_at,
      })),
    ...(await resultInputs(ctx, orgId)),
    ...runs.map(({ run, joinName }) => ({
      kind: 'join_run' as const,
      id: run.id,
      name: `${joinName} (joined ${run.createdAt.toISOString().slice(0, 16).replace('T', ' ')})`,
      row_count: run.rowCount,
      columns: [...run.columns.map((c) => c.name), '_score', '_match'],
      created_at: run.createdAt.toISOString(),
    })),
    ...(await resolutionOutputs(ctx, orgId)).map((o) => ({ ...o, columns: [] as string[] })),
  ];
}

/** An entity resolution's golden records, or its records with their cluster id, by the resolution's id. */
async function resolutionSource(
  ctx: AppContext,
  orgId: string,
  kind: ResolutionOutputKind,
  id: string,
  side: 'left' | 'right',
): Promise<JoinInputSource> {
  const out = await resolutionOutput(ctx, orgId, id, kind).catch((err: AppError) => {
    throw err.statusCode === 404
      ? notFound(`The ${side} input (entity resolution ${id}) was not found`)
      : err;
  });
  return {
    kind,
    id: out.id,
    name: out.name,
    rowCount: out.dataset.rowCount,
    columns: out.columns.map((name) => ({
      name,
      type: kind === 'resolution_golden' && name === 'records' ? 'integer' : 'string',
      nulls: 0,
      distinct: 0,
      examples: [],
    })),
    readJson: (from, to) => readDatasetRecordsJson(ctx as DatasetCtx, out.dataset, from, to),
    columnsDataset: async () => undefined,
  };
}

/** Results whose records a join can read (valid rows only: a failed record has no mapped value). */
const READABLE_RESULTS = ['finished', 'needs review'];

/** A job result as an input: its valid mapped records, columns from its target schema. */
async function resultSource(
  ctx: AppContext,
  orgId: string,
  id: string,
  side: 'left' | 'right',
): Promise<JoinInputSource> {
  const { r } = await findResult(ctx, orgId, id).catch((err: AppError) => {
    throw err.statusCode === 404 ? notFound(`The ${side} input (result ${id}) was not found`) : err;
  });
  const ds = r.datasetId ? await findDataset(ctx.db, orgId, r.datasetId) : undefined;
  if (!READABLE_RESULTS.includes(r.status) || !ds)
    throw new AppError(
      409,
      `The ${side} input (result ${id}) is ${r.status}: join it once its run has finished`,
    );
  const props = ((r.targetSchema as { properties?: Record<string, { type?: unknown }> }).properties ??
    {}) as Record<string, { type?: unknown }>;
  const typeOf = (t: unknown) =>
    Array.isArray(t) ? String(t.find((x) => x !== 'null') ?? 'string') : String(t ?? 'string');
  const mapped = ds.columns.findIndex((c) => c.name === 'mapped_record');
  return {
    kind: 'result',
    id: r.id,
    name: `Result ${r.id.slice(0, 8)} (${r.createdAt.toISOString().slice(0, 16).replace('T', ' ')})`,
    rowCount: r.succeeded,
    columns: Object.entries(props).map(([name, p]) => ({
      name,
      type: typeOf(p.type),
      nulls: 0,
      distinct: 0,
      examples: [],
    })),
    readJson: async (from, to) => {
      const page = await queryJsonDataset(ctx, ds, 'valid', { offset: from, limit: Math.max(0, to - from) });
      return JSON.stringify(page.rows.map((row) => row[mapped]));
    },
    columnsDataset: async () => undefined,
  };
}

/** Finished results, newest first, as inputs. */
export async function resultInputs(ctx: AppContext, orgId: string) {
  const principal = { orgId } as Parameters<typeof listResults>[1];
  const page = await listResults(ctx, principal, { statuses: READABLE_RESULTS }, { page: 1, size: 50 });
  return page.items.map((r) => ({
    kind: 'result' as const,
    id: r.id,
    name: `Result ${r.id.slice(0, 8)} (${r.created_at.slice(0, 16).replace('T', ' ')})`,
    row_count: r.succeeded,
    columns: [] as string[],
    created_at: r.created_at,
  }));
}
