import type { AppContext } from '../../context.ts';
import {
  createFileWriter,
  createJsonDataset,
  type DatasetFile,
  type DatasetRow,
  findDataset,
  type JsonColumn,
  readJsonDatasetRows,
  setDatasetFiles,
} from '../datasets/datasets.service.ts';
import * as repo from './connectors.repository.ts';

/*
 * The quarantine of a sync run: every record its pipeline rejected, with the errors, in a `json`
 * dataset of one file per destination batch. A part is added before its batch goes to the
 * destination, so any committed checkpoint is covered; a resumed run keeps the parts whose rows
 * add up to the checkpoint's rejected count and drops the rest (their batches are read again).
 * Rejected rows are then stored exactly once, whichever checkpoint (ours or the destination's) wins.
 */

export const QUARANTINE_COLUMNS: JsonColumn[] = [
  { name: 'record', type: 'JSON' },
  { name: 'errors', type: 'JSON' },
];

export interface Rejected {
  record: Record<string, unknown>;
  errors: unknown[];
}

export async function openQuarantine(ctx: AppContext, run: repo.SyncRunRow) {
  let ds: DatasetRow | undefined = run.rejectedDatasetId
    ? await findDataset(ctx.db, run.organizationId, run.rejectedDatasetId)
    : undefined;
  if (!ds) {
    ds = await createJsonDataset(ctx, {
      orgId: run.organizationId,
      kind: 'sync-rejected',
      columns: QUARANTINE_COLUMNS,
    });
    await repo.updateRun(ctx.db, run.id, { rejectedDatasetId: ds.id });
  }
  const dataset = ds;
  let files: DatasetFile[] = [...dataset.files];
  const save = () => setDatasetFiles(ctx.db, dataset, files);
  return {
    /** Keeps the parts of the batches the resumed checkpoint covers (`rejected` rows in all). */
    async resumeAt(rejected: number) {
      const kept: DatasetFile[] = [];
      let rows = 0;
      for (const f of files) {
        if (rows + f.rows > rejected) break;
        kept.push(f);
        rows += f.rows;
      }
      if (kept.length === files.length) return;
      files = kept;
      await save();
    },
    /** Stores one batch's rejected records as a part (before the batch is written). */
    async add(rejected: Rejected[]) {
      if (!rejected.length) return;
      const writer = await createFileWriter(ctx, QUARANTINE_COLUMNS);
      for (const r of rejected) await writer.append([r.record, r.errors]);
      const file = await writer.finish();
      if (!file) return;
      files = [...files, file];
      await save();
    },
  };
}

/** A page of the quarantine, rows in the order they were read. */
export async function rejectedPage(ctx: AppContext, run: repo.SyncRunRow, offset: number, limit: number) {
  const ds = run.rejectedDatasetId && (await findDataset(ctx.db, run.organizationId, run.rejectedDatasetId));
  if (!ds) return { items: [] as Rejected[], total: 0 };
  const rows = await readJsonDatasetRows(ctx, ds, offset, offset + limit);
  return { items: rows.map(([record, errors]) => ({ record, errors }) as Rejected), total: ds.rowCount };
}

/** Every rejected record as JSON lines, read a slice at a time (memory stays flat). */
export async function* rejectedJsonLines(ctx: AppContext, run: repo.SyncRunRow) {
  const ds = run.rejectedDatasetId && (await findDataset(ctx.db, run.organizationId, run.rejectedDatasetId));
  if (!ds) return;
  const SLICE = 10_000;
  for (let from = 0; from < ds.rowCount; from += SLICE) {
    const rows = await readJsonDatasetRows(ctx, ds, from, from + SLICE);
    yield rows.map(([record, errors]) => `${JSON.stringify({ record, errors })}\n`).join('');
  }
}
