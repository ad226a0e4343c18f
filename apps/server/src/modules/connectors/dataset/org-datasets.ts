import type { AppContext, Principal } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { getOrgDataset, listOrgDatasets } from '../../data/data.service.ts';
import {
  createRecordFileWriter,
  createRecordsDataset,
  type DatasetFile,
  type DatasetRow,
  deleteDataset,
  findDataset,
  readDatasetRecordsJson,
  readJsonDatasetRows,
  setDatasetFiles,
} from '../../datasets/datasets.service.ts';
import {
  ConnectorRuntimeError,
  type DatasetHandle,
  type DatasetTargetWriter,
  type OrgDatasets,
  type StreamState,
} from '../contract.ts';
import * as repo from './sync-datasets.repository.ts';

/*
 * The organization's datasets as the dataset connectors see them (ConnectorContext.datasets),
 * bound to one organization by context.ts: rows are read and written only through the datasets
 * module, and an id of another organization is not found.
 */

/** The kind of dataset a sync writes (the data overview names it by its sync_datasets name). */
export const SYNC_DATASET_KIND = 'sync';
/** Datasets the picker offers at most (newest first). */
const LIST_LIMIT = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * Kinds whose rows never change once written (a new run makes a new dataset), so a row index
 * is a cursor. Results are rewritten in place by quarantine fixes, and a sync dataset can be
 * overwritten: those are read in full only.
 */
const APPEND_ONLY = new Set(['import', 'job-input', 'join', 'flow', 'resolution', 'resolution_golden']);

/** DuckDB hands BIGINT columns back as bigint, which JSON cannot hold. */
const plain = (v: unknown) => (typeof v === 'bigint' ? Number(v) : v);

function reader(ctx: AppContext, ds: DatasetRow) {
  return async (from: number, to: number): Promise<Record<string, unknown>[]> => {
    if (ds.layout !== 'json') return JSON.parse(await readDatasetRecordsJson(ctx, ds, from, to));
    const rows = await readJsonDatasetRows(ctx, ds, from, to);
    return rows.map((values) => Object.fromEntries(ds.columns.map((c, j) => [c.name, plain(values[j])])));
  };
}

export function orgDatasets(ctx: AppContext, orgId: string): OrgDatasets {
  const principal = { orgId } as Principal;
  return {
    async list() {
      const page = await listOrgDatasets(ctx, principal, { page: 1, size: LIST_LIMIT });
      return page.items.map((d) => ({ id: d.id, name: d.name, kind: d.kind, rowCount: d.row_count }));
    },
    async open(id): Promise<DatasetHandle | undefined> {
      if (!UUID.test(id)) return undefined;
      const ds = await findDataset(ctx.db, orgId, id);
      if (!ds) return undefined;
      const summary = await getOrgDataset(ctx, principal, id);
      return {
        id,
        name: summary.name,
        kind: ds.kind,
        rowCount: ds.rowCount,
        layout: ds.layout,
        columns: ds.columns,
        appendOnly: APPEND_ONLY.has(ds.kind),
        read: reader(ctx, ds),
      };
    },
    createWriter: (req) => openTargetWriter(ctx, orgId, req),
  };
}

/** Releases the write rows of sync and flow runs that ended (see the repository): the blob sweep's first step. */
export const releaseEndedSyncWrites = (ctx: AppContext, opts: { orgId?: string; runId?: string } = {}) =>
  repo.releaseEndedWrites(ctx.db, opts);

/** The dataset of this name, created (empty) on first use. */
async function ensureTarget(ctx: AppContext, orgId: string, name: string) {
  const found = await repo.findTarget(ctx.db, orgId, name);
  if (found) return found;
  const ds = await createRecordsDataset(ctx, { orgId, kind: SYNC_DATASET_KIND });
  const made = await repo.insertTarget(ctx.db, orgId, name, ds.id);
  if (made) return made;
  // another writer created it at the same moment: use theirs (our empty dataset row goes)
  await deleteDataset(ctx, orgId, ds.id);
  return (await repo.findTarget(ctx.db, orgId, name))!;
}

/**
 * One run's write. Each batch becomes one Parquet file; `append` adds it to the dataset and
 * `overwrite` stages it on the run's row, in the same transaction as the checkpoint, so a run
 * resumed after a crash neither loses nor repeats a batch. An overwrite's commit sets the
 * dataset's files to the staged ones in one statement: readers see the old rows or the new.
 */
async function openTargetWriter(
  ctx: AppContext,
  orgId: string,
  req: { name: string; mode: 'append' | 'overwrite'; runId: string },
): Promise<DatasetTargetWriter> {
  const target = await ensureTarget(ctx, orgId, req.name);
  await repo.insertWrite(ctx.db, {
    runId: req.runId,
    organizationId: orgId,
    targetId: target.id,
    mode: req.mode,
    files: [],
  });
  const current = async (db: Db = ctx.db) => (await repo.findWrite(db, orgId, req.runId))!;

  /** The batch as one records file; its `line` is the row's position in the dataset, from 1. */
  async function fileOf(records: ReadonlyArray<Record<string, unknown>>, firstRow: number) {
    if (!records.length) return null;
    const w = await createRecordFileWriter(ctx);
    try {
      for (let i = 0; i < records.length; i++) await w.append([firstRow + i + 1, records[i]]);
      return await w.finish();
    } catch (err) {
      await w.abort();
      throw err;
    }
  }

  return {
    async write(records, checkpoint) {
      if (req.mode === 'overwrite') {
        const staged = (await current()).files;
        const file = await fileOf(
          records,
          staged.reduce((n, f) => n + f.rows, 0),
        );
        await repo.updateWrite(ctx.db, orgId, req.runId, {
          files: file ? [...staged, file] : staged,
          checkpoint: checkpoint ?? null,
        });
        return;
      }
      const before = await findDataset(ctx.db, orgId, target.datasetId);
      const file = await fileOf(records, before?.rowCount ?? 0);
      await ctx.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        await repo.lockTarget(tx, orgId, target.id);
        const ds = await findDataset(tx, orgId, target.datasetId);
        if (!ds) throw new ConnectorRuntimeError(`the dataset "${req.name}" was deleted during the sync`);
        if (file) await setDatasetFiles(tx, ds, [...(ds.files as DatasetFile[]), file]);
        await repo.updateWrite(tx, orgId, req.runId, { checkpoint: checkpoint ?? null });
      });
    },
    async resumeState() {
      return ((await current()).checkpoint ?? undefined) as StreamState | undefined;
    },
    async commit() {
      if (req.mode !== 'overwrite') return;
      await ctx.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        await repo.lockTarget(tx, orgId, target.id);
        const w = await current(tx);
        await setDatasetFiles(tx, { organizationId: orgId, id: target.datasetId }, w.files);
        // kept (not deleted): a run resumed after its commit continues from these files
        await repo.updateWrite(tx, orgId, req.runId, { committed: true });
      });
    },
    async abort() {
      // an overwrite that stops leaves the dataset as it was and starts over next time; an
      // append keeps what was acknowledged (and the checkpoint that covers it)
      if (req.mode === 'overwrite') await repo.deleteWrite(ctx.db, orgId, req.runId);
    },
  };
}
