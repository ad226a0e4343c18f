import { and, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { flowRuns, flowStepRuns, flows, flowVersions } from '../../db/schema.ts';

export type FlowRow = typeof flows.$inferSelect;
export type FlowVersionRow = typeof flowVersions.$inferSelect;
export type FlowRunRow = typeof flowRuns.$inferSelect;
export type StepRunRow = typeof flowStepRuns.$inferSelect;

export async function findFlow(db: Db, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(flows)
    .where(and(eq(flows.organizationId, orgId), eq(flows.id, id)));
  return row;
}

export async function listFlows(db: Db, orgId: string, page: { offset: number; limit: number }) {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(flows)
      .where(eq(flows.organizationId, orgId))
      .orderBy(desc(flows.createdAt))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(flows).where(eq(flows.organizationId, orgId)),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The newest run of each flow. */
export async function lastRuns(db: Db, orgId: string, flowIds: string[]) {
  if (!flowIds.length) return new Map<string, FlowRunRow>();
  const rows = await db
    .selectDistinctOn([flowRuns.flowId])
    .from(flowRuns)
    .where(and(eq(flowRuns.organizationId, orgId), inArray(flowRuns.flowId, flowIds)))
    .orderBy(flowRuns.flowId, desc(flowRuns.createdAt));
  return new Map(rows.map((r) => [r.flowId, r]));
}

export async function insertFlow(
  db: Db,
  values: typeof flows.$inferInsert,
  outputs: Record<string, unknown>,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(flows).values(values).returning();
    await tx
      .insert(flowVersions)
      .values({ flowId: row!.id, version: 1, steps: row!.steps, edges: row!.edges, outputs });
    return row!;
  });
}

/** A new immutable version, under a row lock so two saves number theirs apart. */
export async function saveVersion(
  db: Db,
  orgId: string,
  id: string,
  values: Partial<typeof flows.$inferInsert>,
  outputs: Record<string, unknown>,
) {
  return db.transaction(async (tx) => {
    const [cur] = await tx
      .select({ version: flows.version })
      .from(flows)
      .where(and(eq(flows.organizationId, orgId), eq(flows.id, id)))
      .for('update');
    const version = (cur?.version ?? 0) + 1;
    const [row] = await tx
      .update(flows)
      .set({ ...values, version, updatedAt: new Date() })
      .where(eq(flows.id, id))
      .returning();
    await tx
      .insert(flowVersions)
      .values({ flowId: id, version, steps: row!.steps, edges: row!.edges, outputs });
    return row!;
  });
}

export async function updateFlow(
  db: Db,
  orgId: string,
  id: string,
  values: Partial<typeof flows.$inferInsert>,
) {
  const [row] = await db
    .update(flows)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(flows.organizationId, orgId), eq(flows.id, id)))
    .returning();
  return row;
}

export async function deleteFlow(db: Db, orgId: string, id: string) {
  await db.delete(flows).where(and(eq(flows.organizationId, orgId), eq(flows.id, id)));
}

export async function listVersions(db: Db, flowId: string) {
  return db
    .select()
    .from(flowVersions)
    .where(eq(flowVersions.flowId, flowId))
    .orderBy(desc(flowVersions.version));
}

export async function findVersion(db: Db, flowId: string, version: number) {
  const [row] = await db
    .select()
    .from(flowVersions)
    .where(and(eq(flowVersions.flowId, flowId), eq(flowVersions.version, version)));
  return row;
}

// ---------- runs ----------

export async function findRun(db: Db, orgId: string, flowId: string, runId: string) {
  const [row] = await db
    .select()
    .from(flowRuns)
    .where(and(eq(flowRuns.organizationId, orgId), eq(flowRuns.flowId, flowId), eq(flowRuns.id, runId)));
  return row;
}

export async function getRun(db: Db, runId: string) {
  const [row] = await db.select().from(flowRuns).where(eq(flowRuns.id, runId));
  return row;
}

export async function listRuns(
  db: Db,
  orgId: string,
  flowId: string,
  page: { offset: number; limit: number },
) {
  const where = and(eq(flowRuns.organizationId, orgId), eq(flowRuns.flowId, flowId));
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(flowRuns)
      .where(where)
      .orderBy(desc(flowRuns.createdAt))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(flowRuns).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function updateRun(db: Db, runId: string, values: Partial<typeof flowRuns.$inferInsert>) {
  const [row] = await db.update(flowRuns).set(values).where(eq(flowRuns.id, runId)).returning();
  return row;
}

export async function insertRun(
  db: Db,
  run: typeof flowRuns.$inferInsert,
  steps: Omit<typeof flowStepRuns.$inferInsert, 'runId'>[],
) {
  const [row] = await db.insert(flowRuns).values(run).onConflictDoNothing().returning();
  if (!row) return undefined;
  if (steps.length) await db.insert(flowStepRuns).values(steps.map((s) => ({ ...s, runId: row.id })));
  return row;
}

export async function stepRuns(db: Db, runIds: string[]) {
  if (!runIds.length) return [];
  return db.select().from(flowStepRuns).where(inArray(flowStepRuns.runId, runIds));
}

export async function updateStepRun(
  db: Db,
  runId: string,
  stepId: string,
  values: Partial<typeof flowStepRuns.$inferInsert>,
) {
  const [row] = await db
    .update(flowStepRuns)
    .set(values)
    .where(and(eq(flowStepRuns.runId, runId), eq(flowStepRuns.stepId, stepId)))
    .returning();
  return row;
}

/** Flows with a schedule that is on. */
export async function scheduledFlows(db: Db) {
  return db
    .select()
    .from(flows)
    .where(and(eq(flows.active, true), isNotNull(flows.schedule)));
}

/** Step runs holding outputs of a flow's runs created before `before`. */
export async function expiredOutputs(db: Db, flowId: string, before: Date) {
  return db
    .select({
      outputDatasetId: flowStepRuns.outputDatasetId,
      rejectedDatasetId: flowStepRuns.rejectedDatasetId,
    })
    .from(flowStepRuns)
    .innerJoin(flowRuns, eq(flowRuns.id, flowStepRuns.runId))
    .where(
      and(
        eq(flowRuns.flowId, flowId),
        lt(flowRuns.createdAt, before),
        sql`(${flowStepRuns.outputDatasetId} is not null or ${flowStepRuns.rejectedDatasetId} is not null)`,
      ),
    );
}

/** Datasets that runs of the flow created since `before` point at (their own or reused). */
export async function datasetsUsedSince(db: Db, flowId: string, before: Date) {
  const rows = await db
    .select({ o: flowStepRuns.outputDatasetId, r: flowStepRuns.rejectedDatasetId })
    .from(flowStepRuns)
    .innerJoin(flowRuns, eq(flowRuns.id, flowStepRuns.runId))
    .where(and(eq(flowRuns.flowId, flowId), gte(flowRuns.createdAt, before)));
  return new Set(rows.flatMap((x) => [x.o, x.r]).filter((id) => id !== null));
}

export async function flowsWithRetention(db: Db) {
  return db
    .select({ id: flows.id, organizationId: flows.organizationId, retentionDays: flows.retentionDays })
    .from(flows);
}

export async function advanceSchedule(db: Db, id: string, through: Date) {
  await db.update(flows).set({ scheduledThrough: through }).where(eq(flows.id, id));
}
