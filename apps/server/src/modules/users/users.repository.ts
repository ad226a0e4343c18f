import type { TUser } from '@mapwright/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations, roles, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

export function toUserDto(u: UserRow, impersonatedBy?: string | null): TUser {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    created_at: u.createdAt.toISOString(),
    role_id: u.roleId,
    organization_id: u.organizationId,
    totp_enabled: u.totpEnabled,
    impersonated_by: impersonatedBy ?? null,
  };
}

/** Email lookup is global (emails are unique across organizations) and case-insensitive. */
export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Organization-scoped lookup: another organization's user is simply not found. */
export async function findOrgUser(db: Db, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.organizationId, orgId), eq(users.id, id)));
  return row;
}

export async function listOrgUsers(db: Db, orgId: string, limit: number, offset: number) {
  const where = eq(users.organizationId, orgId);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.createdAt), asc(users.email))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function countOrgUsersWithRole(db: Db, orgId: string, roleId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.organizationId, orgId), eq(users.roleId, roleId)));
  return row?.n ?? 0;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: Db, id: string, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

/** Revokes every token issued so far (logout, password change and reset). */
export async function bumpTokenVersion(db: Db, id: string) {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id));
}

export async function deleteOrgUser(db: Db, orgId: string, id: string) {
  await db.delete(users).where(and(eq(users.organizationId, orgId), eq(users.id, id)));
}

export async function listRoles(db: Db) {
  return db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .orderBy(asc(roles.createdAt), asc(roles.name));
}

export async function findRoleById(db: Db, id: string) {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  return row;
}

export async function findRoleByName(db: Db, name: string) {
  const [row] = await db.select().from(roles).where(eq(roles.name, name));
  return row;
}

/**
 * Takes the organization's row lock for the rest of the transaction: changes to its members'
 * roles are serialized, so two concurrent demotions cannot leave it without an owner.
 */
export async function lockOrganization(db: Db, orgId: string) {
  await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .for('update');
}
