import { and, asc, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizationSettings, organizations, roles, users } from '../../db/schema.ts';

export type SettingsRow = typeof organizationSettings.$inferSelect;

/** Organizations (all of them: staff only), newest first, with how many members each has. */
export async function listOrgsWithMembers(db: Db, opts: { q?: string; limit: number; offset: number }) {
  const where = opts.q ? ilike(organizations.name, `%${opts.q.replace(/[\\%_]/g, '\\$&')}%`) : undefined;
  // spelled out: drizzle leaves columns unqualified inside sql``, which would not correlate
  const members = sql<number>`(select count(*)::int from "users" m where m.organization_id = "organizations"."id")`;
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: organizations.id, name: organizations.name, createdAt: organizations.createdAt, members })
      .from(organizations)
      .where(where)
      .orderBy(desc(organizations.createdAt), asc(organizations.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(organizations).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function orgExists(db: Db, id: string) {
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id));
  return !!row;
}

export async function listMembers(db: Db, orgId: string) {
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: roles.name,
      createdAt: users.createdAt,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.organizationId, orgId))
    .orderBy(asc(users.createdAt), asc(users.email));
}

export async function settingsOf(db: Db, orgIds: string[]) {
  if (!orgIds.length) return [];
  return db.select().from(organizationSettings).where(inArray(organizationSettings.organizationId, orgIds));
}

export async function upsertSettings(
  db: Db,
  orgId: string,
  values: { demos: Record<string, boolean>; projectsLanding: boolean },
) {
  await db
    .insert(organizationSettings)
    .values({ organizationId: orgId, ...values })
    .onConflictDoUpdate({
      target: organizationSettings.organizationId,
      set: { ...values, updatedAt: new Date() },
    });
}

export async function projectsLandingOrgIds(db: Db) {
  const rows = await db
    .select({ id: organizationSettings.organizationId })
    .from(organizationSettings)
    .where(and(eq(organizationSettings.projectsLanding, true)));
  return rows.map((r) => r.id);
}
