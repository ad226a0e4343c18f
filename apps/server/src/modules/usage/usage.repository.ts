import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pipelines, usageEvents, users } from '../../db/schema.ts';

export interface UsageRow {
  organizationId: string;
  kind: string;
  quantity: number;
  userId?: string | null;
  pipelineId?: string | null;
  key?: string | null;
}

/** One event; a second event with the same key (a re-run task) is dropped. */
export async function insertUsage(db: Db, row: UsageRow) {
  await db.insert(usageEvents).values(row).onConflictDoNothing();
}

/** The user of an earlier event (a run's records are the user's who started it). */
export async function userOfKey(db: Db, orgId: string, key: string) {
  const [row] = await db
    .select({ userId: usageEvents.userId })
    .from(usageEvents)
    .where(and(eq(usageEvents.organizationId, orgId), eq(usageEvents.key, key)));
  return row?.userId ?? null;
}

const inRange = (orgId: string, from: Date, to: Date) =>
  and(
    eq(usageEvents.organizationId, orgId),
    gte(usageEvents.occurredAt, from),
    lt(usageEvents.occurredAt, to),
  );

/** Sums per (UTC day, kind, pipeline, user): every view of the report is folded from these. */
export async function usageRows(db: Db, orgId: string, from: Date, to: Date) {
  const dayExpr = sql<string>`to_char(${usageEvents.occurredAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day: dayExpr,
      kind: usageEvents.kind,
      pipelineId: usageEvents.pipelineId,
      pipelineName: pipelines.name,
      userId: usageEvents.userId,
      userName: users.name,
      userEmail: users.email,
      quantity: sql<string>`sum(${usageEvents.quantity})`,
    })
    .from(usageEvents)
    .leftJoin(pipelines, eq(pipelines.id, usageEvents.pipelineId))
    .leftJoin(users, eq(users.id, usageEvents.userId))
    .where(inRange(orgId, from, to))
    .groupBy(
      dayExpr,
      usageEvents.kind,
      usageEvents.pipelineId,
      pipelines.name,
      usageEvents.userId,
      users.name,
      users.email,
    )
    .orderBy(dayExpr);
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
}

export async function sumKind(db: Db, orgId: string, kind: string, from: Date, to: Date) {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${usageEvents.quantity}), 0)` })
    .from(usageEvents)
    .where(and(inRange(orgId, from, to), eq(usageEvents.kind, kind)));
  return Number(row?.n ?? 0);
}

/** Plan limits count what exists now: pipelines and members. */
export async function currentCounts(db: Db, orgId: string) {
  const [[p], [u]] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(pipelines).where(eq(pipelines.organizationId, orgId)),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.organizationId, orgId)),
  ]);
  return { pipelines: p?.n ?? 0, seats: u?.n ?? 0 };
}

/** Sums per organization and kind in a range, keyed `orgId:kind`. */
export async function sumsByOrg(db: Db, orgIds: string[], from: Date, to: Date) {
  if (!orgIds.length) return new Map<string, number>();
  const rows = await db
    .select({
      orgId: usageEvents.organizationId,
      kind: usageEvents.kind,
      n: sql<string>`sum(${usageEvents.quantity})`,
    })
    .from(usageEvents)
    .where(
      and(
        inArray(usageEvents.organizationId, orgIds),
        gte(usageEvents.occurredAt, from),
        lt(usageEvents.occurredAt, to),
      ),
    )
    .groupBy(usageEvents.organizationId, usageEvents.kind);
  return new Map(rows.map((r) => [`${r.orgId}:${r.kind}`, Number(r.n)]));
}
