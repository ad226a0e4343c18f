import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { flowRuns, flows, syncDatasets, syncDatasetWrites, syncRuns, syncs } from '../../../db/schema.ts';

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
        flowId: flows.id,
        flowName: flows.name,
        at: syncDatasetWrites.updatedAt,
      })
      .from(syncDatasets)
      .leftJoin(syncDatasetWrites, eq(syncDatasetWrites.targetId, syncDatasets.id))
      // a write's run id is `<sync run id>:<stream>`, or a flow's destination step's `flow:<run>:<step>`
      .leftJoin(syncRuns, sql`${syncRuns.id}::text = split_part(${syncDatasetWrites.runId}, ':', 1)`)
      .leftJoin(syncs, eq(syncs.id, syncRuns.syncId))
      .leftJoin(
        flowRuns,
        sql`${syncDatasetWrites.runId} like 'flow:%' and ${flowRuns.id}::text = split_part(${syncDatasetWrites.runId}, ':', 2)`,
      )
      .leftJoin(flows, eq(flows.id, flowRuns.flowId))
      .where(and(eq(syncDatasets.organizationId, orgId), inArray(syncDatasets.datasetId, datasetIds)))
      .orderBy(desc(syncDatasetWrites.updatedAt))
  );
}

/**
 * The write rows of runs that ended (or whose run is gone) in one statement's view: each with
 * whether it is the newest write of its target by its sync or flow, which the data overview's
 * lineage reads ("written by"). A sync run writes as `<run>:<stream>`, a flow's destination step
 * as `flow:<run>:<step>`. `runId` limits it to the targets that sync or flow run wrote.
 */
const endedWrites = (orgId?: string, runId?: string) => sql`
  with parsed as (
    select w.run_id, w.target_id, w.updated_at, w.run_id like 'flow:%' as is_flow,
      split_part(w.run_id, ':', case when w.run_id like 'flow:%' then 2 else 1 end) as owner_run
    from ${syncDatasetWrites} w
    where ${orgId ? sql`w.organization_id = ${orgId}` : sql`true`}
      ${
        runId
          ? sql`and w.target_id in (select target_id from ${syncDatasetWrites}
              where split_part(run_id, ':', case when run_id like 'flow:%' then 2 else 1 end) = ${runId})`
          : sql``
      }
  ), ranked as (
    select p.run_id,
      case when p.is_flow then fr.id is null or fr.status in ('succeeded', 'failed', 'partial', 'cancelled')
        else r.id is null or r.status in ('succeeded', 'failed', 'cancelled') end as ended,
      row_number() over (
        partition by p.target_id, coalesce(r.sync_id, fr.flow_id) order by p.updated_at desc, p.run_id desc
      ) as n
    from parsed p
    left join ${syncRuns} r on not p.is_flow and r.id::text = p.owner_run
    left join ${flowRuns} fr on p.is_flow and fr.id::text = p.owner_run
  )`;

/**
 * Once a run has ended nothing resumes it, so its writes' staged files and checkpoints are
 * dead weight (and the files would pin blobs forever): the rows go, except the newest per
 * target and sync, kept empty as the lineage's record of who wrote the dataset. Returns the
 * rows removed or emptied.
 */
export async function releaseEndedWrites(db: Db, opts: { orgId?: string; runId?: string } = {}) {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const ranked = endedWrites(opts.orgId, opts.runId);
    const deleted = await tx.execute(sql`${ranked}
      delete from ${syncDatasetWrites} d using ranked
      where d.run_id = ranked.run_id and ranked.ended and ranked.n > 1
      returning d.run_id`);
    const emptied = await tx.execute(sql`${ranked}
      update ${syncDatasetWrites} d set files = '[]'::json, checkpoint = null
      from ranked
      where d.run_id = ranked.run_id and ranked.ended and ranked.n = 1
        and (json_array_length(d.files) > 0 or d.checkpoint is not null)
      returning d.run_id`);
    const count = (r: unknown) => (r as { rows: unknown[] }).rows.length;
    return count(deleted) + count(emptied);
  });
}

/** The write rows of these sync runs (a deleted sync's: nothing else owns them). */
export async function deleteWritesOfRuns(db: Db, runIds: string[]) {
  if (!runIds.length) return;
  await db
    .delete(syncDatasetWrites)
    .where(inArray(sql`split_part(${syncDatasetWrites.runId}, ':', 1)`, runIds));
}
