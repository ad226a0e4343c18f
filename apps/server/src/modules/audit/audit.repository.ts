import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';

export interface AuditEntry {
  organizationId: string | null;
  actorUserId?: string | null;
  impersonatorUserId?: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
  ip?: string;
}

export async function recordAudit(db: Db, entry: AuditEntry) {
  await db.insert(auditLog).values(entry);
}

export async function listAudit(
  db: Db,
  orgId: string,
  opts: { action?: string; limit: number; offset: number },
) {
  const where = and(
    eq(auditLog.organizationId, orgId),
    opts.action ? eq(auditLog.action, opts.action) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The impersonation sessions started on one user, newest first, with the staff member who did it. */
export async function listImpersonationsOf(db: Db, userId: string, limit: number, offset: number) {
  const where = and(eq(auditLog.action, 'impersonation.start'), eq(auditLog.actorUserId, userId));
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        createdAt: auditLog.createdAt,
        details: auditLog.details,
        staffEmail: users.email,
        staffName: users.name,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.impersonatorUserId))
      .where(where)
      .orderBy(desc(auditLog.createdAt))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The audit trail across organizations (staff), newest first, with the people's emails. */
export async function listAuditTrail(
  db: Db,
  opts: { orgId?: string; action?: string; limit: number; offset: number },
) {
  const impersonator = alias(users, 'impersonator');
  const where = and(
    opts.orgId ? eq(auditLog.organizationId, opts.orgId) : undefined,
    opts.action ? eq(auditLog.action, opts.action) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        createdAt: auditLog.createdAt,
        organizationId: auditLog.organizationId,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        details: auditLog.details,
        actorEmail: users.email,
        impersonatorEmail: impersonator.email,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .leftJoin(impersonator, eq(impersonator.id, auditLog.impersonatorUserId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
