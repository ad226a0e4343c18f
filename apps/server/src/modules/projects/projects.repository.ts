import type { TProjectCounts } from '@mapwright/contracts';
import { and, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files, fileVersions, imports, pipelines, projects, targetSchemas } from '../../db/schema.ts';

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

export const EMPTY_COUNTS: TProjectCounts = {
  files: 0,
  versions: 0,
  bytes: 0,
  imports: 0,
  schemas: 0,
  schemas_in_use: 0,
  pipelines: 0,
};

/** A schema some pipeline maps into (pipelines restrict deleting their schema). */
const usedByAPipeline = sql`exists (select 1 from ${pipelines} where ${pipelines.targetSchemaId} = ${targetSchemas.id})`;

async function schemasInUse(db: Db, orgId: string, ids: string[]) {
  return db
    .select({ projectId: targetSchemas.projectId, n: sql<number>`count(*)::int` })
    .from(targetSchemas)
    .where(
      and(eq(targetSchemas.organizationId, orgId), inArray(targetSchemas.projectId, ids), usedByAPipeline),
    )
    .groupBy(targetSchemas.projectId);
}

/** Per project: its files, their versions and total size, and how many imports, schemas and pipelines. */
export async function projectCounts(db: Db, orgId: string, ids: string[]) {
  const out = new Map<string, TProjectCounts>(ids.map((id) => [id, { ...EMPTY_COUNTS }]));
  if (ids.length === 0) return out;
  // one grouped count per table: a join across all four would multiply the rows
  const perProject = (table: typeof imports | typeof targetSchemas | typeof pipelines) =>
    db
      .select({ projectId: table.projectId, n: sql<number>`count(*)::int` })
      .from(table)
      .where(and(eq(table.organizationId, orgId), inArray(table.projectId, ids)))
      .groupBy(table.projectId);
  const [fileRows, importRows, schemaRows, inUseRows, pipelineRows] = await Promise.all([
    db
      .select({
        projectId: files.projectId,
        files: sql<number>`count(distinct ${files.id})::int`,
        versions: sql<number>`count(${fileVersions.id})::int`,
        bytes: sql<number>`coalesce(sum(${fileVersions.size}), 0)::bigint`,
      })
      .from(files)
      .leftJoin(fileVersions, eq(fileVersions.fileId, files.id))
      .where(and(eq(files.organizationId, orgId), inArray(files.projectId, ids)))
      .groupBy(files.projectId),
    perProject(imports),
    perProject(targetSchemas),
    schemasInUse(db, orgId, ids),
    perProject(pipelines),
  ]);
  for (const r of fileRows) {
    const c = out.get(r.projectId!);
    if (c) Object.assign(c, { files: r.files, versions: r.versions, bytes: Number(r.bytes) });
  }
  for (const [key, rows] of [
    ['imports', importRows],
    ['schemas', schemaRows],
    ['schemas_in_use', inUseRows],
    ['pipelines', pipelineRows],
  ] as const) {
    for (const r of rows) {
      const c = out.get(r.projectId!);
      if (c) c[key] = r.n;
    }
  }
  return out;
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

/**
 * Deletes the project; the rows that cascade go with it. Target schemas a pipeline maps into
 * would block that cascade, and the pipelines outlive the project, so those schemas are moved
 * out of the project first, in the same transaction.
 */
export async function deleteProject(db: Db, orgId: string, id: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(targetSchemas)
      .set({ projectId: null })
      .where(and(eq(targetSchemas.organizationId, orgId), eq(targetSchemas.projectId, id), usedByAPipeline));
    await tx.delete(projects).where(and(eq(projects.organizationId, orgId), eq(projects.id, id)));
  });
}
