import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  mapperVersions,
  pipelines,
  targetSchemas,
  targetSchemaVersions,
  workflows,
  workflowVersions,
} from '../../db/schema.ts';

/** Everything an export holds, of one organization. */
export async function definitionsOf(db: Db, orgId: string) {
  const [schemas, pipes, flows] = await Promise.all([
    db
      .select()
      .from(targetSchemas)
      .where(eq(targetSchemas.organizationId, orgId))
      .orderBy(asc(targetSchemas.createdAt)),
    db.select().from(pipelines).where(eq(pipelines.organizationId, orgId)).orderBy(asc(pipelines.createdAt)),
    db
      .select()
      .from(workflows)
      .where(and(eq(workflows.organizationId, orgId), isNull(workflows.archivedAt)))
      .orderBy(asc(workflows.createdAt)),
  ]);
  const versions = pipes.length
    ? await db
        .select()
        .from(mapperVersions)
        .where(
          inArray(
            mapperVersions.pipelineId,
            pipes.map((p) => p.id),
          ),
        )
        .orderBy(asc(mapperVersions.version))
    : [];
  return { schemas, pipes, flows, versions };
}

/** Names already taken in the organization, per kind (a clash on import). */
export async function takenNames(db: Db, orgId: string) {
  const [s, p, w] = await Promise.all([
    db
      .select({ name: targetSchemas.name })
      .from(targetSchemas)
      .where(eq(targetSchemas.organizationId, orgId)),
    db.select({ name: pipelines.name }).from(pipelines).where(eq(pipelines.organizationId, orgId)),
    db
      .select({ name: workflows.name })
      .from(workflows)
      .where(and(eq(workflows.organizationId, orgId), isNull(workflows.archivedAt))),
  ]);
  const set = (rows: { name: string }[]) => new Set(rows.map((r) => r.name.toLowerCase()));
  return { schemas: set(s), pipelines: set(p), workflows: set(w) };
}

export async function insertSchema(
  db: Db,
  orgId: string,
  userId: string,
  name: string,
  schema: Record<string, unknown>,
) {
  const [row] = await db.insert(targetSchemas).values({ organizationId: orgId, name, schema }).returning();
  await db.insert(targetSchemaVersions).values({ schemaId: row!.id, version: 1, schema, createdBy: userId });
  return row!;
}

export async function insertPipeline(
  db: Db,
  values: {
    orgId: string;
    name: string;
    description: string;
    schemaId: string;
    deployedVersion: number | null;
  },
) {
  const [row] = await db
    .insert(pipelines)
    .values({
      organizationId: values.orgId,
      name: values.name,
      description: values.description,
      targetSchemaId: values.schemaId,
      deployedVersion: values.deployedVersion,
    })
    .returning();
  return row!;
}

export async function insertMapperVersions(db: Db, rows: (typeof mapperVersions.$inferInsert)[]) {
  if (rows.length) await db.insert(mapperVersions).values(rows);
}

export async function insertWorkflow(db: Db, values: typeof workflows.$inferInsert, note: string) {
  const [row] = await db.insert(workflows).values(values).returning();
  await db.insert(workflowVersions).values({
    workflowId: row!.id,
    version: 1,
    snapshot: {
      name: row!.name,
      nodes: row!.nodes,
      edges: row!.edges,
      isActive: row!.isActive,
      isComplete: row!.isComplete,
      syncFrequency: row!.syncFrequency,
      timezone: row!.timezone,
    },
    note,
    createdBy: values.createdBy ?? null,
  });
  return row!;
}
