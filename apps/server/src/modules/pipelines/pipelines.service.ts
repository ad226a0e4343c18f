import type { TPipeline } from '@mapwright/contracts';
import { diffSpecs, type MappingSpec, toApiSpec } from '@mapwright/engine';
import { and, desc, eq, ilike, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppContext, Principal } from '../../context.ts';
import { jobs, mapperVersions, pipelines } from '../../db/schema.ts';
import { FieldError, notFound } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/pagination.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import { findProject } from '../projects/projects.service.ts';
import { createSchema, getSchema } from '../target-schemas/target-schemas.service.ts';
import { recordUsage } from '../usage/usage.service.ts';

type Row = typeof pipelines.$inferSelect;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `draft` until a mapper is deployed, then `deployed`. */
const statusOf = (r: Row) => (r.deployedVersion ? 'deployed' : 'draft');

const toDto = (r: Row, jobCount: number): TPipeline => ({
  id: r.id,
  name: r.name,
  description: r.description,
  target_schema_id: r.targetSchemaId,
  source_schema: r.sourceSchema ?? null,
  project_id: r.projectId,
  status: statusOf(r),
  deployed_mapper_version: r.deployedVersion,
  job_count: jobCount,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

export async function findPipeline(ctx: AppContext, orgId: string, id: string) {
  const [row] = await ctx.db
    .select()
    .from(pipelines)
    .where(and(eq(pipelines.organizationId, orgId), eq(pipelines.id, id)));
  if (!row) throw notFound('Pipeline not found');
  return row;
}

async function jobCounts(ctx: AppContext, ids: string[]) {
  if (ids.length === 0) return new Map<string, number>();
  const rows = await ctx.db
    .select({ id: jobs.pipelineId, n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(sql`${jobs.pipelineId} in ${ids}`)
    .groupBy(jobs.pipelineId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

export async function listPipelines(
  ctx: AppContext,
  p: Principal,
  q: { page: number; size: number; name?: string; id?: string; status?: string; project_id?: string },
) {
  const where = and(
    eq(pipelines.organizationId, p.orgId),
    q.name ? ilike(pipelines.name, `%${escapeLike(q.name)}%`) : undefined,
    q.id ? ilike(sql`${pipelines.id}::text`, `${escapeLike(q.id)}%`) : undefined,
    q.status === 'draft'
      ? isNull(pipelines.deployedVersion)
      : q.status === 'deployed'
        ? isNotNull(pipelines.deployedVersion)
        : undefined,
    q.project_id ? eq(pipelines.projectId, q.project_id) : undefined,
  );
  // One statement: the page, each pipeline's job count (index jobs_pipeline_idx) and the total
  // (a window over the filtered rows); a page past the end has no row to carry the total.
  const rows = await ctx.db
    .select({
      pipeline: pipelines,
      // spelled out: drizzle leaves columns unqualified here, and `id` would mean the job's
      jobCount: sql<number>`(select count(*) from jobs j where j.pipeline_id = pipelines.id)::int`,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(pipelines)
    .where(where)
    .orderBy(desc(pipelines.createdAt))
    .limit(q.size)
    .offset(offsetOf(q.page, q.size));
  const total = rows.length
    ? rows[0]!.total
    : ((await ctx.db.select({ n: sql<number>`count(*)::int` }).from(pipelines).where(where))[0]?.n ?? 0);
  return pageOf(
    rows.map((r) => toDto(r.pipeline, r.jobCount)),
    total,
    q.page,
    q.size,
  );
}

export async function getPipeline(ctx: AppContext, p: Principal, id: string) {
  const row = await findPipeline(ctx, p.orgId, id);
  return toDto(row, (await jobCounts(ctx, [id])).get(id) ?? 0);
}

export async function createPipeline(
  ctx: AppContext,
  p: Principal,
  input: {
    name: string;
    description: string;
    target_schema: string | Record<string, unknown>;
    project_id?: string;
  },
) {
  assertCanWrite(p);
  if (input.project_id && !(await findProject(ctx.db, p.orgId, input.project_id)))
    throw notFound('Project not found');
  const schemaId =
    typeof input.target_schema === 'string'
      ? (await getSchema(ctx, p, input.target_schema)).id
      : (
          await createSchema(ctx, p, {
            name: `${input.name} schema`,
            schema: input.target_schema,
            project_id: input.project_id,
          })
        ).id;
  const [row] = await ctx.db
    .insert(pipelines)
    .values({
      organizationId: p.orgId,
      name: input.name,
      description: input.description,
      targetSchemaId: schemaId,
      projectId: input.project_id ?? null,
    })
    .returning();
  await recordUsage(ctx, {
    orgId: p.orgId,
    kind: 'pipelines_created',
    userId: p.userId,
    pipelineId: row!.id,
    key: `pipelines_created:${row!.id}`,
  });
  return toDto(row!, 0);
}

export async function updatePipeline(
  ctx: AppContext,
  p: Principal,
  id: string,
  input: { name?: string; description?: string },
) {
  await findPipeline(ctx, p.orgId, id);
  assertCanWrite(p);
  await ctx.db
    .update(pipelines)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(pipelines.id, id));
  return getPipeline(ctx, p, id);
}

export async function deletePipeline(ctx: AppContext, p: Principal, id: string) {
  await findPipeline(ctx, p.orgId, id);
  assertCanWrite(p);
  await ctx.db.delete(pipelines).where(and(eq(pipelines.organizationId, p.orgId), eq(pipelines.id, id)));
}

export async function pipelineTargetSchema(ctx: AppContext, p: Principal, id: string) {
  const row = await findPipeline(ctx, p.orgId, id);
  return getSchema(ctx, p, row.targetSchemaId);
}

async function version(ctx: AppContext, pipelineId: string, v: number) {
  const [row] = await ctx.db
    .select()
    .from(mapperVersions)
    .where(and(eq(mapperVersions.pipelineId, pipelineId), eq(mapperVersions.version, v)));
  return row;
}

/** The deployed mapper, in the spec form of api-pipelines.md. */
export async function deployedMapper(ctx: AppContext, p: Principal, id: string) {
  const row = await findPipeline(ctx, p.orgId, id);
  if (!row.deployedVersion) throw notFound('No mapper has been deployed for this pipeline yet');
  const v = await version(ctx, id, row.deployedVersion);
  return { version: row.deployedVersion, spec: toApiSpec(v!.spec as unknown as MappingSpec) };
}

export async function listMapperVersions(ctx: AppContext, p: Principal, id: string) {
  await findPipeline(ctx, p.orgId, id);
  const rows = await ctx.db
    .select()
    .from(mapperVersions)
    .where(eq(mapperVersions.pipelineId, id))
    .orderBy(desc(mapperVersions.version));
  return {
    items: rows.map((v) => ({
      version: v.version,
      note: v.note,
      created_at: v.createdAt.toISOString(),
      field_count: (v.spec as unknown as MappingSpec).fields.length,
    })),
  };
}

export async function diffMapperVersions(
  ctx: AppContext,
  p: Principal,
  id: string,
  from: number,
  to: number,
) {
  await findPipeline(ctx, p.orgId, id);
  const [a, b] = await Promise.all([version(ctx, id, from), version(ctx, id, to)]);
  if (!a) throw new FieldError(['query', 'from'], `version ${from} does not exist`);
  if (!b) throw new FieldError(['query', 'to'], `version ${to} does not exist`);
  return { from, to, ...diffSpecs(a.spec as unknown as MappingSpec, b.spec as unknown as MappingSpec) };
}

/** Versions are immutable: rolling back makes an older version the deployed one again. */
export async function rollback(ctx: AppContext, p: Principal, id: string, to: number) {
  await findPipeline(ctx, p.orgId, id);
  assertCanWrite(p);
  if (!(await version(ctx, id, to)))
    throw new FieldError(['body', 'version'], `version ${to} does not exist`);
  await ctx.db
    .update(pipelines)
    .set({ deployedVersion: to, updatedAt: new Date() })
    .where(eq(pipelines.id, id));
  return getPipeline(ctx, p, id);
}

/** Stores a new immutable version and deploys it. */
export async function deployVersion(
  ctx: AppContext,
  p: Principal,
  pipelineId: string,
  spec: MappingSpec,
  targetSchema: Record<string, unknown>,
  note: string,
) {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select id from pipelines where id = ${pipelineId} for update`);
    const [max] = await tx
      .select({ n: sql<number>`coalesce(max(${mapperVersions.version}), 0)::int` })
      .from(mapperVersions)
      .where(eq(mapperVersions.pipelineId, pipelineId));
    const next = (max?.n ?? 0) + 1;
    await tx
      .insert(mapperVersions)
      .values({ pipelineId, version: next, spec: spec as never, targetSchema, note, createdBy: p.userId });
    await tx
      .update(pipelines)
      .set({ deployedVersion: next, updatedAt: new Date() })
      .where(eq(pipelines.id, pipelineId));
    return next;
  });
}

export async function deployedSpec(ctx: AppContext, pipeline: Row) {
  if (!pipeline.deployedVersion) return undefined;
  const v = await version(ctx, pipeline.id, pipeline.deployedVersion);
  return v
    ? { version: v.version, spec: v.spec as unknown as MappingSpec, targetSchema: v.targetSchema }
    : undefined;
}
