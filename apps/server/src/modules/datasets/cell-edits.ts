import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { datasetCellEdits } from '../../db/schema.ts';
import type { DatasetRow } from './datasets.repository.ts';
import type { CellOverlay } from './grid.ts';

/**
 * The edit log of a dataset's cells. Datasets are immutable files; an edit is a row here with
 * who, when, the old and the new value, and reads lay the latest edit of each cell over the
 * file. Undo marks the last batch undone (kept in the log: nothing is lost).
 */
export type CellEditRow = typeof datasetCellEdits.$inferSelect;

/** The latest live edit of each cell. */
export async function cellOverlay(
  db: Db,
  ds: Pick<DatasetRow, 'organizationId' | 'id'>,
): Promise<CellOverlay> {
  const rows = await db
    .select({
      row: datasetCellEdits.rowIndex,
      column: datasetCellEdits.column,
      value: datasetCellEdits.newValue,
    })
    .from(datasetCellEdits)
    .where(
      and(
        eq(datasetCellEdits.organizationId, ds.organizationId),
        eq(datasetCellEdits.datasetId, ds.id),
        isNull(datasetCellEdits.undoneAt),
      ),
    )
    .orderBy(asc(datasetCellEdits.createdAt), asc(datasetCellEdits.id));
  const out: CellOverlay = new Map();
  for (const r of rows) {
    const cells = out.get(r.row) ?? new Map<string, string | null>();
    cells.set(r.column, r.value);
    out.set(r.row, cells);
  }
  return out;
}

/** Records one batch of edits (already validated by the caller); returns its id. */
export async function recordCellEdits(
  db: Db,
  ds: Pick<DatasetRow, 'organizationId' | 'id'>,
  by: string,
  edits: { row: number; column: string; old: string | null; value: string | null }[],
) {
  const batchId = randomUUID();
  // one timestamp per batch, later than any earlier batch even within a millisecond
  const at = new Date();
  await db.insert(datasetCellEdits).values(
    edits.map((e) => ({
      organizationId: ds.organizationId,
      datasetId: ds.id,
      batchId,
      rowIndex: e.row,
      column: e.column,
      oldValue: e.old,
      newValue: e.value,
      editedBy: by,
      createdAt: at,
    })),
  );
  return batchId;
}

/** Undoes the most recent live batch; null when there is nothing to undo. */
export async function undoLastCellEdit(db: Db, ds: Pick<DatasetRow, 'organizationId' | 'id'>) {
  const scope = and(
    eq(datasetCellEdits.organizationId, ds.organizationId),
    eq(datasetCellEdits.datasetId, ds.id),
    isNull(datasetCellEdits.undoneAt),
  );
  const [last] = await db
    .select({ batchId: datasetCellEdits.batchId })
    .from(datasetCellEdits)
    .where(scope)
    .orderBy(desc(datasetCellEdits.createdAt), desc(sql`${datasetCellEdits.id}`))
    .limit(1);
  if (!last) return null;
  const undone = await db
    .update(datasetCellEdits)
    .set({ undoneAt: new Date() })
    .where(and(scope, eq(datasetCellEdits.batchId, last.batchId)))
    .returning();
  return undone;
}

/** The log, newest first (optionally one cell's history). */
export async function cellEditLog(
  db: Db,
  ds: Pick<DatasetRow, 'organizationId' | 'id'>,
  cell?: { row: number; column: string },
  limit = 200,
) {
  return db
    .select()
    .from(datasetCellEdits)
    .where(
      and(
        eq(datasetCellEdits.organizationId, ds.organizationId),
        eq(datasetCellEdits.datasetId, ds.id),
        cell ? eq(datasetCellEdits.rowIndex, cell.row) : undefined,
        cell ? eq(datasetCellEdits.column, cell.column) : undefined,
      ),
    )
    .orderBy(desc(datasetCellEdits.createdAt), desc(datasetCellEdits.id))
    .limit(limit);
}
