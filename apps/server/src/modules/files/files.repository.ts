import { and, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files, fileVersions } from '../../db/schema.ts';

export type FileRow = typeof files.$inferSelect;
export type VersionRow = typeof fileVersions.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listFiles(
  db: Db,
  orgId: string,
  q: { projectId?: string; name?: string; limit: number; offset: number },
) {
  const where = and(
    eq(files.organizationId, orgId),
    q.projectId ? eq(files.projectId, q.projectId) : undefined,
    q.name ? ilike(files.name, `%${escapeLike(q.name)}%`) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(files)
      .where(where)
      .orderBy(desc(files.updatedAt), desc(files.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(files).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findFile(db: Db, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.organizationId, orgId), eq(files.id, id)));
  return row;
}

export async function listVersions(db: Db, orgId: string, fileId: string) {
  return db
    .select()
    .from(fileVersions)
    .where(and(eq(fileVersions.organizationId, orgId), eq(fileVersions.fileId, fileId)))
    .orderBy(desc(fileVersions.number));
}

export async function versionsOf(db: Db, orgId: string, fileIds: string[]) {
  if (fileIds.length === 0) return [];
  return db
    .select()
    .from(fileVersions)
    .where(and(eq(fileVersions.organizationId, orgId), inArray(fileVersions.fileId, fileIds)));
}

export async function findVersion(db: Db, orgId: string, fileId: string, versionId: string) {
  const [row] = await db
    .select()
    .from(fileVersions)
    .where(
      and(
        eq(fileVersions.organizationId, orgId),
        eq(fileVersions.fileId, fileId),
        eq(fileVersions.id, versionId),
      ),
    );
  return row;
}

export async function shasOfProject(db: Db, orgId: string, projectId: string) {
  const rows = await db
    .selectDistinct({ sha: fileVersions.sha256 })
    .from(fileVersions)
    .innerJoin(files, eq(files.id, fileVersions.fileId))
    .where(and(eq(files.organizationId, orgId), eq(files.projectId, projectId)));
  return rows.map((r) => r.sha);
}
