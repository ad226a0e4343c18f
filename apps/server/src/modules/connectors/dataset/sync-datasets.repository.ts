import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { syncDatasets, syncDatasetWrites, syncRuns, syncs } from '../../../db/schema.ts';

export type SyncDatasetRow = typeof syncDatasets.$inferSelect;
export type SyncDatasetWriteRow = typeof syncDatasetWrites.$inferSelect;

export async function findTarget(db: Db, orgId: string, name: string) {
  const [row] = await db
    .select()
    .from(syncDatasets)
    .where(and(eq(syncDatasets.organizationId, orgId), eq(syncDatasets.name, name)));
  return row;
}

/** The target of this name; `undefined` when another writer created it first (unique name). */
export async function insertTarget(db: Db, orgId: string, name: string, datasetId: string) {
  const [row] = await db
    .insert(syncDatasets)
    .values({ organizationId: orgId, name, datasetId })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Locks the target row for a transaction that changes its dataset's files. */
export async function lockTarget(db: Db, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(syncDatasets)
    .where(and(eq(syncDatasets.organizationId, orgId), eq(syncDatasets.id, id)))
    .for('update');
  return row;
}

export async function findWrite(db: Db, orgId: string, runId: string) {
  const [row] = await db
    .select()
    .from(syncDatasetWrites)
    .where(and(eq(syncDatasetWrites.organizationId, orgId), eq(syncDatasetWrites.runId, runId)));
  return row;
}

export async function insertWrite(db: Db, values: typeof syncDatasetWrites.$inferInsert) {
  await db.insert(syncDatasetWrites).values(values).onConflictDoNothing();
}

export async function updateWrite(
  db: Db,
  orgId: string,
  runId: string,
  values: Partial<Pick<SyncDatasetWriteRow, 'files' | 'checkpoint' | 'committed'>>,
) {
  await db
    .update(syncDatasetWrites)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(syncDatasetWrites.organizationId, orgId), eq(syncDatasetWrites.runId, runId)));
}

export async function deleteWrite(db: Db, orgId: string, runId: string) {
  await db
    .delete(syncDatasetWrites)
    .where(and(eq(syncDatasetWrites.organizationId, orgId), eq(syncDatasetWrites.runId, runId)));
}

/** Sync datasets among these datasets, with the syncs that wrote them (newest write first). */
export async function writersOfDatasets(db: Db, orgId: string, datasetIds: string[]) {
  if (!datasetIds.length) return [];
  return (
    db
      .select({
        datasetId: syncDatasets.datasetId,
        name: syncDatasets.name,
        syncId: syncs.id,
        syncName: syncs.name,
        at: syncDatasetWrites.updatedAt,
      })
      .from(syncDatasets)
      .leftJoin(syncDatasetWrites, eq(syncDatasetWrites.targetId, syncDatasets.id))
      // a write's run id is `<sync run id>:<stream>`
      .leftJoin(syncRuns, sql`${syncRuns.id}::text = split_part(${syncDatasetWrites.runId}, ':', 1)`)
      .leftJoin(syncs, eq(syncs.id, syncRuns.syncId))
      .where(and(eq(syncDatasets.organizationId, orgId), inArray(syncDatasets.datasetId, datasetIds)))
      .orderBy(desc(syncDatasetWrites.updatedAt))
  );
}
