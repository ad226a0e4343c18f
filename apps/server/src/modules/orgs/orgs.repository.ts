import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations, roles } from '../../db/schema.ts';

export type OrganizationRow = typeof organizations.$inferSelect;

export const toOrganizationDto = (o: OrganizationRow) => ({
  id: o.id,
  name: o.name,
  created_at: o.createdAt.toISOString(),
});

export async function findOrganization(db: Db, id: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row;
}

export async function insertOrganization(db: Db, name: string) {
  const [row] = await db.insert(organizations).values({ name }).returning();
  return row!;
}

export async function listOrganizations(db: Db, limit: number, offset: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(organizations)
      .orderBy(desc(organizations.createdAt), asc(organizations.name))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(organizations),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function listRolesPage(db: Db, limit: number, offset: number) {
  const [items, [count]] = await Promise.all([
    db
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .orderBy(asc(roles.createdAt), asc(roles.name))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(roles),
  ]);
  return { items, total: count?.n ?? 0 };
}
