import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authenticatedApps } from '../../db/schema.ts';

export type AppRow = typeof authenticatedApps.$inferSelect;

export async function listApps(db: Db, orgId: string) {
  return db
    .select()
    .from(authenticatedApps)
    .where(eq(authenticatedApps.organizationId, orgId))
    .orderBy(desc(authenticatedApps.createdAt));
}

export async function findApp(db: Db, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(authenticatedApps)
    .where(and(eq(authenticatedApps.organizationId, orgId), eq(authenticatedApps.id, id)));
  return row;
}

export async function insertApp(db: Db, values: typeof authenticatedApps.$inferInsert) {
  const [row] = await db.insert(authenticatedApps).values(values).returning();
  return row!;
}

export async function deleteApp(db: Db, orgId: string, id: string) {
  const rows = await db
    .delete(authenticatedApps)
    .where(and(eq(authenticatedApps.organizationId, orgId), eq(authenticatedApps.id, id)))
    .returning({ id: authenticatedApps.id });
  return rows.length === 1;
}
