import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { joinRuns, joins, tasks } from '../../db/schema.ts';

export type JoinRow = typeof joins.$inferSelect;
export type JoinRunRow = typeof joinRuns.$inferSelect;
export type RunWithTask = { run: JoinRunRow; taskStatus: string | null; taskError: string | null };

export async function insertJoin(db: Db, values: typeof joins.$inferInsert) {
  const [row] = await db.insert(joins).values(values).returning();
  return row!;
}

export async function findJoin(db: Db, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(joins)
    .where(and(eq(joins.organizationId, orgId), eq(joins.id, id)));
  return row;
}

export async function listJoins(db: Db, orgId: string, page: { offset: number; limit: number }) {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(joins)
      .where(eq(joins.organizationId, orgId))
      .orderBy(desc(joins.createdAt))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(joins).where(eq(joins.organizationId, orgId)),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function updateJoin(
  db: Db,
  orgId: string,
  id: string,
  values: Partial<typeof joins.$inferInsert>,
) {
  const [row] = await db
    .update(joins)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(joins.organizationId, orgId), eq(joins.id, id)))
    .returning();
  return row;
}

export async function deleteJoin(db: Db, orgId: string, id: string) {
  await db.delete(joins).where(and(eq(joins.organizationId, orgId), eq(joins.id, id)));
}

const runSelect = { run: joinRuns, taskStatus: tasks.status, taskError: tasks.error };

export async function findRun(db: Db, orgId: string, id: string): Promise<RunWithTask | undefined> {
  const [row] = await db
    .select(runSelect)
    .from(joinRuns)
    .leftJoin(tasks, eq(tasks.id, joinRuns.taskId))
    .where(and(eq(joinRuns.organizationId, orgId), eq(joinRuns.id, id)));
  return row;
}

/** The newest run of each of the joins. */
export async function latestRuns(db: Db, orgId: string, joinIds: string[]) {
  if (!joinIds.length) return new Map<string, RunWithTask>();
  const rows = await db
    .select(runSelect)
    .from(joinRuns)
    .leftJoin(tasks, eq(tasks.id, joinRuns.taskId))
    .where(and(eq(joinRuns.organizationId, orgId), inArray(joinRuns.joinId, joinIds)))
    .orderBy(desc(joinRuns.createdAt));
  const out = new Map<string, RunWithTask>();
  for (const r of rows) if (!out.has(r.run.joinId)) out.set(r.run.joinId, r);
  return out;
}

/** Finished runs with a joined dataset (inputs of other joins). */
export async function finishedRuns(db: Db, orgId: string) {
  return db
    .select({ run: joinRuns, joinName: joins.name })
    .from(joinRuns)
    .innerJoin(joins, eq(joins.id, joinRuns.joinId))
    .where(and(eq(joinRuns.organizationId, orgId), eq(joinRuns.status, 'succeeded')))
    .orderBy(desc(joinRuns.createdAt))
    .limit(200);
}

export async function insertRun(db: Db, values: typeof joinRuns.$inferInsert) {
  const [row] = await db.insert(joinRuns).values(values).returning();
  return row!;
}

export async function updateRun(db: Db, id: string, values: Partial<typeof joinRuns.$inferInsert>) {
  await db.update(joinRuns).set(values).where(eq(joinRuns.id, id));
}

export async function findRunById(db: Db, id: string) {
  const [row] = await db.select().from(joinRuns).where(eq(joinRuns.id, id));
  return row;
}
