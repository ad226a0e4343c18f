import { and, desc, eq, ilike, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { workflowRuns, workflows, workflowVersions } from '../../db/schema.ts';

export type WorkflowRow = typeof workflows.$inferSelect;
export type WorkflowInsert = typeof workflows.$inferInsert;
type Snapshot = Record<string, unknown>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listWorkflows(
  db: Db,
  orgId: string,
  q: {
    name?: string;
    groupId?: string;
    isActive?: boolean;
    archived?: boolean;
    limit: number;
    offset: number;
  },
) {
  const where = and(
    eq(workflows.organizationId, orgId),
    q.archived ? isNotNull(workflows.archivedAt) : isNull(workflows.archivedAt),
    q.name ? ilike(workflows.name, `%${escapeLike(q.name)}%`) : undefined,
    q.groupId !== undefined ? eq(workflows.groupId, q.groupId) : undefined,
    q.isActive !== undefined ? eq(workflows.isActive, q.isActive) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(workflows)
      .where(where)
      .orderBy(desc(workflows.createdAt), desc(workflows.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(workflows).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findWorkflow(db: Db, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(workflows)
    .where(and(eq(workflows.organizationId, orgId), eq(workflows.id, id)));
  return row;
}

/** Inserts the workflow and its version 1 together. */
export async function insertWorkflow(db: Db, values: WorkflowInsert, snapshot: (w: WorkflowRow) => Snapshot) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(workflows)
      .values({ ...values, version: 1 })
      .returning();
    await tx.insert(workflowVersions).values({
      workflowId: row!.id,
      version: 1,
      snapshot: snapshot(row!),
      note: 'created',
      createdBy: values.createdBy ?? null,
    });
    return row!;
  });
}

/** Saves the change and the next numbered version in one transaction (row lock against races). */
export async function updateWorkflow(
  db: Db,
  orgId: string,
  id: string,
  values: Partial<WorkflowInsert>,
  snapshot: (w: WorkflowRow) => Snapshot,
  meta: { note: string; userId: string | null },
) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(workflows)
      .where(and(eq(workflows.organizationId, orgId), eq(workflows.id, id)))
      .for('update');
    if (!current) return undefined;
    const [row] = await tx
      .update(workflows)
      .set({ ...values, version: current.version + 1, updatedAt: new Date() })
      .where(eq(workflows.id, id))
      .returning();
    await tx.insert(workflowVersions).values({
      workflowId: id,
      version: row!.version,
      snapshot: snapshot(row!),
      note: meta.note,
      createdBy: meta.userId,
    });
    return row!;
  });
}

/** The organization's workflows that are not archived (what a submit would replace). */
export async function currentWorkflows(db: Db, orgId: string) {
  return db
    .select({ id: workflows.id, name: workflows.name })
    .from(workflows)
    .where(and(eq(workflows.organizationId, orgId), isNull(workflows.archivedAt)))
    .orderBy(desc(workflows.createdAt), desc(workflows.id));
}

/** Archives (never deletes) the workflows among `ids` that are not archived yet; answers their ids. */
export async function archiveWorkflows(db: Db, orgId: string, ids: string[], at = new Date()) {
  if (ids.length === 0) return [];
  const rows = await db
    .update(workflows)
    .set({ archivedAt: at })
    .where(and(eq(workflows.organizationId, orgId), inArray(workflows.id, ids), isNull(workflows.archivedAt)))
    .returning({ id: workflows.id });
  return rows.map((r) => r.id);
}

/**
 * Back from the archive; an active one's schedule starts again now (ticks while it was archived
 * are not "missed").
 */
export async function restoreWorkflow(db: Db, orgId: string, id: string) {
  const [row] = await db
    .update(workflows)
    .set({
      archivedAt: null,
      scheduledThrough: sql`case when ${workflows.isActive} then now() else null end`,
      updatedAt: new Date(),
    })
    .where(and(eq(workflows.organizationId, orgId), eq(workflows.id, id), isNotNull(workflows.archivedAt)))
    .returning();
  return row;
}

/**
 * Spec §4 submit, atomically: the listed workflows are created and the confirmed ones archived
 * (with their runs kept), never deleted.
 */
export async function replaceWorkflows(
  db: Db,
  orgId: string,
  list: WorkflowInsert[],
  archive: string[],
  snapshot: (w: WorkflowRow) => Snapshot,
) {
  return db.transaction(async (tx) => {
    await archiveWorkflows(tx, orgId, archive);
    if (list.length === 0) return [];
    const rows = await tx
      .insert(workflows)
      .values(list.map((w) => ({ ...w, version: 1 })))
      .returning();
    await tx.insert(workflowVersions).values(
      rows.map((r) => ({
        workflowId: r.id,
        version: 1,
        snapshot: snapshot(r),
        note: 'submitted',
        createdBy: r.createdBy,
      })),
    );
    // keep the submitted order
    return list.map((_, i) => rows[i]!);
  });
}

export async function listVersions(db: Db, workflowId: string) {
  return db
    .select()
    .from(workflowVersions)
    .where(eq(workflowVersions.workflowId, workflowId))
    .orderBy(desc(workflowVersions.version));
}

/** The newest run of each workflow. */
export async function lastRuns(db: Db, orgId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, typeof workflowRuns.$inferSelect>();
  const rows = await db
    .selectDistinctOn([workflowRuns.workflowId])
    .from(workflowRuns)
    .where(and(eq(workflowRuns.organizationId, orgId), inArray(workflowRuns.workflowId, ids)))
    .orderBy(workflowRuns.workflowId, desc(workflowRuns.createdAt), desc(workflowRuns.id));
  return new Map(rows.map((r) => [r.workflowId, r]));
}

// ---------- for the scheduler (every organization) ----------

export async function activeWorkflows(db: Db) {
  return db
    .select()
    .from(workflows)
    .where(and(eq(workflows.isActive, true), eq(workflows.isComplete, true), isNull(workflows.archivedAt)));
}

/** Moves the schedule cursor forward only (a slower scheduler never moves it back). */
export async function advanceSchedule(db: Db, id: string, to: Date) {
  await db
    .update(workflows)
    .set({ scheduledThrough: to })
    .where(
      and(
        eq(workflows.id, id),
        eq(workflows.isActive, true),
        sql`(${workflows.scheduledThrough} is null or ${workflows.scheduledThrough} < ${to.toISOString()})`,
      ),
    );
}
