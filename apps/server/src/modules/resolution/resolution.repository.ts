import { and, asc, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resolutionLabels, resolutionOverrides, resolutionPairs, resolutions } from '../../db/schema.ts';

export type ResolutionRow = typeof resolutions.$inferSelect;
export type PairRow = typeof resolutionPairs.$inferSelect;

export async function findResolution(db: Db, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(resolutions)
    .where(and(eq(resolutions.organizationId, orgId), eq(resolutions.id, id)));
  return row;
}

export async function listResolutions(db: Db, orgId: string, limit: number, offset: number) {
  const rows = await db
    .select()
    .from(resolutions)
    .where(eq(resolutions.organizationId, orgId))
    .orderBy(desc(resolutions.createdAt))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(resolutions)
    .where(eq(resolutions.organizationId, orgId));
  return { rows, total: total?.n ?? 0 };
}

export async function updateResolution(
  db: Db,
  orgId: string,
  id: string,
  set: Partial<typeof resolutions.$inferInsert>,
) {
  const [row] = await db
    .update(resolutions)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(resolutions.organizationId, orgId), eq(resolutions.id, id)))
    .returning();
  return row;
}

/**
 * Ranks from here on are a linkage's pairs kept apart from the queue (passed over by the
 * one-to-one assignment), in their own order.
 */
export const APART_RANK = 1_000_000;

/**
 * The review queue: in the order the run ranked it (uncertainty, then graph risk); `apart`
 * lists the pairs kept apart instead.
 */
export async function listPairs(db: Db, orgId: string, id: string, limit: number, apart = false) {
  return db
    .select()
    .from(resolutionPairs)
    .where(
      and(
        eq(resolutionPairs.organizationId, orgId),
        eq(resolutionPairs.resolutionId, id),
        apart ? gte(resolutionPairs.rank, APART_RANK) : lt(resolutionPairs.rank, APART_RANK),
      ),
    )
    .orderBy(asc(resolutionPairs.rank), asc(resolutionPairs.certainty))
    .limit(limit);
}

export async function replacePairs(
  db: Db,
  orgId: string,
  id: string,
  pairs: Omit<PairRow, 'resolutionId' | 'organizationId'>[],
) {
  await db.transaction(async (tx) => {
    await tx
      .delete(resolutionPairs)
      .where(and(eq(resolutionPairs.organizationId, orgId), eq(resolutionPairs.resolutionId, id)));
    for (let i = 0; i < pairs.length; i += 500)
      await tx
        .insert(resolutionPairs)
        .values(pairs.slice(i, i + 500).map((p) => ({ ...p, resolutionId: id, organizationId: orgId })));
  });
}

export async function labelsOf(db: Db, orgId: string, id: string) {
  return db
    .select()
    .from(resolutionLabels)
    .where(and(eq(resolutionLabels.organizationId, orgId), eq(resolutionLabels.resolutionId, id)));
}

export async function upsertLabel(
  db: Db,
  row: {
    organizationId: string;
    resolutionId: string;
    aKey: string;
    bKey: string;
    label: string;
    createdBy: string;
  },
) {
  await db
    .insert(resolutionLabels)
    .values(row)
    .onConflictDoUpdate({
      target: [resolutionLabels.resolutionId, resolutionLabels.aKey, resolutionLabels.bKey],
      set: { label: row.label, createdBy: row.createdBy, createdAt: new Date() },
    });
}

export async function overridesOf(db: Db, orgId: string, id: string) {
  return db
    .select()
    .from(resolutionOverrides)
    .where(and(eq(resolutionOverrides.organizationId, orgId), eq(resolutionOverrides.resolutionId, id)));
}

export async function saveOverride(
  db: Db,
  row: {
    organizationId: string;
    resolutionId: string;
    recordKey: string;
    column: string;
    value: string | null;
    createdBy: string;
  },
) {
  await db
    .insert(resolutionOverrides)
    .values(row)
    .onConflictDoUpdate({
      target: [resolutionOverrides.resolutionId, resolutionOverrides.recordKey, resolutionOverrides.column],
      set: { value: row.value, createdBy: row.createdBy, createdAt: new Date() },
    });
}

export async function removeOverride(db: Db, orgId: string, id: string, recordKey: string, column: string) {
  await db
    .delete(resolutionOverrides)
    .where(
      and(
        eq(resolutionOverrides.organizationId, orgId),
        eq(resolutionOverrides.resolutionId, id),
        eq(resolutionOverrides.recordKey, recordKey),
        eq(resolutionOverrides.column, column),
      ),
    );
}
