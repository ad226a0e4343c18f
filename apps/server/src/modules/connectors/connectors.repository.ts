import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { connections, syncRuns, syncs } from '../../db/schema.ts';

/** Connections, syncs and sync runs; every query is scoped by organization. */

export type ConnectionRow = typeof connections.$inferSelect;
export type SyncRow = typeof syncs.$inferSelect;
export type SyncRunRow = typeof syncRuns.$inferSelect;

export async function listConnections(db: Db, orgId: string, role?: string) {
  return db
    .select()
    .from(connections)
    .where(and(eq(connections.organizationId, orgId), role ? eq(connections.role, role) : undefined))
    .orderBy(desc(connections.createdAt));
}

export async function findConnection(db: Db, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.organizationId, orgId), eq(connections.id, id)));
  return row;
}

export async function insertConnection(db: Db, values: typeof connections.$inferInsert) {
  const [row] = await db.insert(connections).values(values).returning();
  return row!;
}

export async function updateConnection(
  db: Db,
  orgId: string,
  id: string,
  values: Partial<typeof connections.$inferInsert>,
) {
  const [row] = await db
    .update(connections)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(connections.organizationId, orgId), eq(connections.id, id)))
    .returning();
  return row;
}

export async function deleteConnection(db: Db, orgId: string, id: string) {
  await db.delete(connections).where(and(eq(connections.organizationId, orgId), eq(connections.id, id)));
}

/** The newest run of any sync reading or writing each connection. */
export async function lastRunsByConnection(db: Db, orgId: string) {
  const rows = await db
    .select({
      source: syncs.sourceConnectionId,
      destination: syncs.destinationConnectionId,
      syncId: syncRuns.syncId,
      status: syncRuns.status,
      at: syncRuns.createdAt,
    })
    .from(syncRuns)
    .innerJoin(syncs, eq(syncs.id, syncRuns.syncId))
    .where(
      and(
        eq(syncRuns.organizationId, orgId),
        sql`${syncRuns.createdAt} = (select max(r2.created_at) from sync_runs r2 where r2.sync_id = ${syncRuns.syncId})`,
      ),
    );
  const out = new Map<string, { syncId: string; status: string; at: Date }>();
  for (const r of rows) {
    for (const c of [r.source, r.destination]) {
      const prev = out.get(c);
      if (!prev || prev.at < r.at) out.set(c, { syncId: r.syncId, status: r.status, at: r.at });
    }
  }
  return out;
}

export async function syncsUsing(db: Db, orgId: string, connectionId: string) {
  return db
    .select({ id: syncs.id, name: syncs.name })
    .from(syncs)
    .where(
      and(
        eq(syncs.organizationId, orgId),
        or(eq(syncs.sourceConnectionId, connectionId), eq(syncs.destinationConnectionId, connectionId)),
      ),
    );
}

export async function listSyncs(db: Db, orgId: string, connectionId?: string) {
  return db
    .select()
    .from(syncs)
    .where(
      and(
        eq(syncs.organizationId, orgId),
        connectionId
          ? or(eq(syncs.sourceConnectionId, connectionId), eq(syncs.destinationConnectionId, connectionId))
          : undefined,
      ),
    )
    .orderBy(desc(syncs.createdAt));
}

export async function findSync(db: Db, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(syncs)
    .where(and(eq(syncs.organizationId, orgId), eq(syncs.id, id)));
  return row;
}

export async function insertSync(db: Db, values: typeof syncs.$inferInsert) {
  const [row] = await db.insert(syncs).values(values).returning();
  return row!;
}

export async function updateSync(
  db: Db,
  orgId: string,
  id: string,
  values: Partial<typeof syncs.$inferInsert>,
) {
  const [row] = await db
    .update(syncs)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(syncs.organizationId, orgId), eq(syncs.id, id)))
    .returning();
  return row;
}

export async function deleteSync(db: Db, orgId: string, id: string) {
  await db.delete(syncs).where(and(eq(syncs.organizationId, orgId), eq(syncs.id, id)));
}

/** Syncs with a schedule, across organizations (the scheduler's pass). */
export async function scheduledSyncs(db: Db) {
  return db.select().from(syncs).where(sql`${syncs.schedule} is not null`);
}

export async function latestRuns(db: Db, orgId: string, syncIds: string[]) {
  if (!syncIds.length) return new Map<string, SyncRunRow>();
  const rows = await db
    .select()
    .from(syncRuns)
    .where(
      and(
        eq(syncRuns.organizationId, orgId),
        inArray(syncRuns.syncId, syncIds),
        sql`${syncRuns.createdAt} = (select max(r2.created_at) from sync_runs r2 where r2.sync_id = ${syncRuns.syncId})`,
      ),
    );
  return new Map(rows.map((r) => [r.syncId, r]));
}

export async function listRuns(db: Db, orgId: string, syncId: string, limit = 50) {
  return db
    .select()
    .from(syncRuns)
    .where(and(eq(syncRuns.organizationId, orgId), eq(syncRuns.syncId, syncId)))
    .orderBy(desc(syncRuns.createdAt))
    .limit(limit);
}

/** Every run of a sync (not a page): what deleting the sync must clean up after. */
export async function allRunsOf(db: Db, orgId: string, syncId: string) {
  return db
    .select({
      id: syncRuns.id,
      status: syncRuns.status,
      taskId: syncRuns.taskId,
      rejectedDatasetId: syncRuns.rejectedDatasetId,
    })
    .from(syncRuns)
    .where(and(eq(syncRuns.organizationId, orgId), eq(syncRuns.syncId, syncId)));
}

export async function findRun(db: Db, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(syncRuns)
    .where(and(eq(syncRuns.organizationId, orgId), eq(syncRuns.id, id)));
  return row;
}

export async function getRun(db: Db, id: string) {
  const [row] = await db.select().from(syncRuns).where(eq(syncRuns.id, id));
  return row;
}

export async function insertRun(db: Db, values: typeof syncRuns.$inferInsert) {
  const [row] = await db.insert(syncRuns).values(values).returning();
  return row!;
}

export async function updateRun(db: Db, id: string, values: Partial<typeof syncRuns.$inferInsert>) {
  await db.update(syncRuns).set(values).where(eq(syncRuns.id, id));
}

/** A checkpoint: the run's counters and state, and an incremental stream's state on the sync, at once. */
export async function commitCheckpoint(
  db: Db,
  run: { id: string; syncId: string },
  values: Partial<typeof syncRuns.$inferInsert>,
  syncState?: Record<string, Record<string, unknown>>,
) {
  await db.transaction(async (tx) => {
    await tx.update(syncRuns).set(values).where(eq(syncRuns.id, run.id));
    if (syncState) await tx.update(syncs).set({ state: syncState }).where(eq(syncs.id, run.syncId));
  });
}
