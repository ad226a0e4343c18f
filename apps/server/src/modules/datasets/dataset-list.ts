import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { datasets } from '../../db/schema.ts';

/** A page of the organization's datasets (metadata only), newest first, optionally of one kind. */
export async function listDatasets(
  db: Db,
  orgId: string,
  opts: { kind?: string; limit: number; offset: number },
) {
  const where = and(eq(datasets.organizationId, orgId), opts.kind ? eq(datasets.kind, opts.kind) : undefined);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(datasets)
      .where(where)
      .orderBy(desc(datasets.createdAt), desc(datasets.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(datasets).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Every kind of dataset the organization has, with how many. */
export async function datasetKinds(db: Db, orgId: string) {
  return db
    .select({ kind: datasets.kind, count: sql<number>`count(*)::int` })
    .from(datasets)
    .where(eq(datasets.organizationId, orgId))
    .groupBy(datasets.kind)
    .orderBy(datasets.kind);
}

export async function datasetsByIds(db: Db, orgId: string, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select()
    .from(datasets)
    .where(and(eq(datasets.organizationId, orgId), inArray(datasets.id, ids)));
}
