import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';

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

/** True when the session exists for this user and is not revoked; notes that it was seen. */
export async function isSessionActive(db: Db, sessionId: string, userId: string) {
  const [row] = await db
    .select({ revokedAt: sessions.revokedAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  if (!row || row.revokedAt) return false;
  const staleBefore = new Date(Date.now() - TOUCH_EVERY_MS);
  if (row.lastSeenAt < staleBefore) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date() })
      .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, staleBefore)));
  }
  return true;
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
