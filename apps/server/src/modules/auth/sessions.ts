import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles, sessions, users } from '../../db/schema.ts';

/** last_seen_at is refreshed at most this often, so an active session doesn't write on every request */
const TOUCH_EVERY_MS = 60_000;

export async function createSession(
  db: Db,
  input: { userId: string; impersonatorUserId?: string; userAgent?: string; ip?: string },
) {
  const [row] = await db
    .insert(sessions)
    .values({
      userId: input.userId,
      impersonatorUserId: input.impersonatorUserId ?? null,
      userAgent: input.userAgent?.slice(0, 512) ?? null,
      ip: input.ip ?? null,
    })
    .returning({ id: sessions.id });
  return row!.id;
}

/**
 * The caller of a bearer token in one round trip: the user, their role's name and whether the
 * token's session is live (this runs on every request, so user, role and session are joined
 * rather than read one after another). Notes that the session was seen, at most once a minute.
 */
export async function findSessionCaller(db: Db, userId: string, sessionId: string) {
  const [row] = await db
    .select({
      id: users.id,
      organizationId: users.organizationId,
      roleId: users.roleId,
      tokenVersion: users.tokenVersion,
      role: roles.name,
      revokedAt: sessions.revokedAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(sessions, and(eq(sessions.id, sessionId), eq(sessions.userId, users.id)))
    .where(eq(users.id, userId));
  if (!row || row.revokedAt) return null;
  const staleBefore = new Date(Date.now() - TOUCH_EVERY_MS);
  if (row.lastSeenAt < staleBefore) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date() })
      .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, staleBefore)));
  }
  return row;
}

export async function revokeSession(db: Db, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of the user (log out everywhere, password reset). */
export async function revokeAllSessions(db: Db, userId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
