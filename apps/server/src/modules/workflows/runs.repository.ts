import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { workflowNodeOutputs, workflowRuns, workflows } from '../../db/schema.ts';

export type RunRow = typeof workflowRuns.$inferSelect;
export type RunInsert = typeof workflowRuns.$inferInsert;

export async function insertRun(db: Db, values: RunInsert) {
  const [row] = await db.insert(workflowRuns).values(values).returning();
  return row!;
}

/** A scheduled tick's run; undefined when that tick already has one (another scheduler won). */
export async function insertTickRun(db: Db, values: RunInsert) {
  const [row] = await db
    .insert(workflowRuns)
    .values(values)
    .onConflictDoNothing({ target: [workflowRuns.workflowId, workflowRuns.scheduledFor] })
    .returning();
  return row;
}

export async function findRun(db: Db, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(workflowRuns)
    .where(and(eq(workflowRuns.organizationId, orgId), eq(workflowRuns.id, id)));
  return row;
}

/** For the worker, which acts for whichever organization queued the task. */
export async function findRunById(db: Db, id: string) {
  const [row] = await db.select().from(workflowRuns).where(eq(workflowRuns.id, id));
  return row;
}

export async function updateRun(db: Db, id: string, values: Partial<RunInsert>) {
  const [row] = await db.update(workflowRuns).set(values).where(eq(workflowRuns.id, id)).returning();
  return row;
}

/** Sets the status only while the run is in one of `from` (so a cancel and a finish cannot both win). */
export async function transitionRun(db: Db, id: string, from: string[], values: Partial<RunInsert>) {
  const [row] = await db
    .update(workflowRuns)
    .set(values)
    .where(and(eq(workflowRuns.id, id), inArray(workflowRuns.status, from)))
    .returning();
  return row;
}

export async function listRuns(
  db: Db,
  orgId: string,
  q: { workflowId?: string; statuses?: string[]; limit: number; offset: number },
) {
  const where = and(
    eq(workflowRuns.organizationId, orgId),
    q.workflowId ? eq(workflowRuns.workflowId, q.workflowId) : undefined,
    q.statuses?.length ? inArray(workflowRuns.status, q.statuses) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({ run: workflowRuns, workflowName: workflows.name })
      .from(workflowRuns)
      .innerJoin(workflows, eq(workflows.id, workflowRuns.workflowId))
      .where(where)
      .orderBy(desc(workflowRuns.createdAt), desc(workflowRuns.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(workflowRuns).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function saveNodeOutput(db: Db, runId: string, nodeId: string, records: unknown[]) {
  await db
    .insert(workflowNodeOutputs)
    .values({ runId, nodeId, records })
    .onConflictDoUpdate({
      target: [workflowNodeOutputs.runId, workflowNodeOutputs.nodeId],
      set: { records },
    });
}

export async function nodeOutputs(db: Db, runId: string, nodeIds: string[]) {
  if (nodeIds.length === 0) return new Map<string, unknown[]>();
  const rows = await db
    .select()
    .from(workflowNodeOutputs)
    .where(and(eq(workflowNodeOutputs.runId, runId), inArray(workflowNodeOutputs.nodeId, nodeIds)));
  return new Map(rows.map((r) => [r.nodeId, r.records]));
}

/** Queued runs whose task was never enqueued (a scheduler stopped between the two writes). */
export async function orphanRuns(db: Db, olderThan: Date) {
  return db
    .select()
    .from(workflowRuns)
    .where(
      and(
        eq(workflowRuns.status, 'queued'),
        isNull(workflowRuns.taskId),
        lt(workflowRuns.createdAt, olderThan),
      ),
    )
    .limit(100);
}
