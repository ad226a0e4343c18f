import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files, fileVersions, projects } from '../../db/schema.ts';

export type ProjectRow = typeof projects.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listProjects(
  db: Db,
  orgId: string,
  q: { name?: string; limit: number; offset: number },
) {
  const where = and(
    eq(projects.organizationId, orgId),
    q.name ? ilike(projects.name, `%${escapeLike(q.name)}%`) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db.select().from(projects).where(where).orderBy(desc(projects.createdAt)).limit(q.limit).offset(q.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(projects).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findProject(db: Db, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.organizationId, orgId), eq(projects.id, id)));
  return row;
}

/** Per project: how many files and versions, and their total size. */
export async function projectCounts(db: Db, orgId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, { files: number; versions: number; bytes: number }>();
  const rows = await db
    .select({
      projectId: files.projectId,
      files: sql<number>`count(distinct ${files.id})::int`,
      versions: sql<number>`count(${fileVersions.id})::int`,
      bytes: sql<number>`coalesce(sum(${fileVersions.size}), 0)::bigint`,
    })
    .from(files)
    .leftJoin(fileVersions, eq(fileVersions.fileId, files.id))
    .where(and(eq(files.organizationId, orgId), sql`${files.projectId} in ${ids}`))
    .groupBy(files.projectId);
  return new Map(
    rows.map((r) => [r.projectId!, { files: r.files, versions: r.versions, bytes: Number(r.bytes) }]),
  );
}

export async function insertProject(db: Db, values: typeof projects.$inferInsert) {
  const [row] = await db.insert(projects).values(values).returning();
  return row!;
}

export async function updateProject(
  db: Db,
  orgId: string,
  id: string,
  values: Partial<typeof projects.$inferInsert>,
) {
  const [row] = await db
    .update(projects)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(projects.organizationId, orgId), eq(projects.id, id)))
    .returning();
  return row;
}

export async function deleteProject(db: Db, orgId: string, id: string) {
  await db.delete(projects).where(and(eq(projects.organizationId, orgId), eq(projects.id, id)));
}
