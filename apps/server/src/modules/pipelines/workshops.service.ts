import type { TWorkshop } from '@mapwright/contracts';
import {
  type JsonSchema,
  listTargetFields,
  type MappingSpec,
  profileRecords,
  suggestMapping,
} from '@mapwright/engine';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext, Principal } from '../../context.ts';
import { jobs, results, workshops } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/pagination.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import { checkTargetSchema } from '../target-schemas/schema-check.ts';
import { getSchema, updateSchema } from '../target-schemas/target-schemas.service.ts';
import { meteredLlm } from '../usage/usage.service.ts';
import { findJob, proposeSpec, startRun } from './jobs.service.ts';
import { deployedSpec, deployVersion, findPipeline } from './pipelines.service.ts';
import { applyPrompts } from './prompt.ts';
import { readRecords } from './records.ts';

type Row = typeof workshops.$inferSelect;

async function latestResultIds(ctx: AppContext, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await ctx.db
    .selectDistinctOn([results.workshopId], { workshopId: results.workshopId, id: results.id })
    .from(results)
    .where(sql`${results.workshopId} in ${ids}`)
    .orderBy(results.workshopId, desc(results.createdAt));
  return new Map(rows.map((r) => [r.workshopId!, r.id]));
}

const toDto = (w: Row, latest?: string): TWorkshop => ({
  id: w.id,
  job_id: w.jobId,
  pipeline_id: w.pipelineId,
  status: w.status as TWorkshop['status'],
  undeployed_edits: w.undeployedEdits,
  latest_result_id: latest ?? null,
  created_at: w.createdAt.toISOString(),
  updated_at: w.updatedAt.toISOString(),
});

export async function findWorkshop(ctx: AppContext, orgId: string, id: string) {
  const [row] = await ctx.db
    .select()
    .from(workshops)
    .where(and(eq(workshops.organizationId, orgId), eq(workshops.id, id)));
  if (!row) throw notFound('Workshop not found');
  return row;
}

export async function getWorkshop(ctx: AppContext, p: Principal, id: string) {
  const w = await findWorkshop(ctx, p.orgId, id);
  return toDto(w, (await latestResultIds(ctx, [id])).get(id));
}

/** The workshop's draft mapper and schema, for the workshop screen. */
export async function workshopDraft(ctx: AppContext, p: Principal, id: string) {
  const w = await findWorkshop(ctx, p.orgId, id);
  return {
    spec: w.spec,
    target_schema: w.targetSchema,
    fields: listTargetFields(w.targetSchema as JsonSchema),
  };
}

/** The target schema the workshop's draft runs against (the shape of GET /jobs/{id}/target_schema). */
export async function workshopTargetSchema(ctx: AppContext, p: Principal, id: string) {
  return (await findWorkshop(ctx, p.orgId, id)).targetSchema;
}

export async function listWorkshops(
  ctx: AppContext,
  p: Principal,
  where: { pipelineId?: string; jobId?: string },
  q: { page: number; size: number },
) {
  // a pipeline's or job's list answers 404 for an id the caller cannot see, like every id route
  if (where.pipelineId) await findPipeline(ctx, p.orgId, where.pipelineId);
  if (where.jobId) await findJob(ctx, p.orgId, where.jobId);
  const cond = and(
    eq(workshops.organizationId, p.orgId),
    where.pipelineId ? eq(workshops.pipelineId, where.pipelineId) : undefined,
    where.jobId ? eq(workshops.jobId, where.jobId) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(workshops)
      .where(cond)
      .orderBy(desc(workshops.createdAt))
      .limit(q.size)
      .offset(offsetOf(q.page, q.size)),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(workshops).where(cond),
  ]);
  const latest = await latestResultIds(
    ctx,
    rows.map((r) => r.id),
  );
  return pageOf(
    rows.map((r) => toDto(r, latest.get(r.id))),
    count?.n ?? 0,
    q.page,
    q.size,
  );
}

/**
 * Opens a workshop on a job (the pipeline's latest job when none is named). The draft starts
 * from the deployed mapper, else the job's latest result, else the engine's proposal.
 */
export async function openWorkshop(
  ctx: AppContext,
  p: Principal,
  by: { pipelineId?: string; jobId?: string },
) {
  assertCanWrite(p);
  let job: typeof jobs.$inferSelect | undefined;
  if (by.jobId) job = await findJob(ctx, p.orgId, by.jobId);
  else {
    await findPipeline(ctx, p.orgId, by.pipelineId!);
    [job] = await ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.pipelineId, by.pipelineId!))
      .orderBy(desc(jobs.createdAt))
      .limit(1);
    if (!job) throw new AppError(409, 'The pipeline has no jobs yet: create a job with sample records first');
  }
  const pipeline = await findPipeline(ctx, p.orgId, job.pipelineId);
  const deployed = await deployedSpec(ctx, pipeline);
  let spec: MappingSpec;
  let targetSchema: Record<string, unknown>;
  if (deployed) {
    spec = deployed.spec;
    targetSchema = deployed.targetSchema;
  } else {
    targetSchema = (await getSchema(ctx, p, pipeline.targetSchemaId)).schema;
    const [latest] = await ctx.db
      .select()
      .from(results)
      .where(eq(results.jobId, job.id))
      .orderBy(desc(results.createdAt))
      .limit(1);
    spec = latest
      ? (latest.spec as unknown as MappingSpec)
      : await proposeSpec(ctx, job, targetSchema as JsonSchema);
  }
  const [w] = await ctx.db
    .insert(workshops)
    .values({
      organizationId: p.orgId,
      pipelineId: pipeline.id,
      jobId: job.id,
      spec: spec as never,
      targetSchema,
    })
    .returning();
  return toDto(w!);
}

export async function deleteWorkshop(ctx: AppContext, p: Principal, id: string) {
  await findWorkshop(ctx, p.orgId, id);
  assertCanWrite(p);
  await ctx.db.delete(workshops).where(and(eq(workshops.organizationId, p.orgId), eq(workshops.id, id)));
}

/** Saves an edited draft and re-runs it over the workshop's job; deploys after a clean run when asked. */
export async function runDraft(
  ctx: AppContext,
  p: Principal,
  w: Row,
  draft: { spec: MappingSpec; targetSchema?: Record<string, unknown> },
  opts: { auto_deploy: boolean; immediate_return: boolean },
) {
  assertCanWrite(p);
  const targetSchema = draft.targetSchema ?? w.targetSchema;
  await ctx.db
    .update(workshops)
    .set({
      spec: draft.spec as never,
      targetSchema,
      undeployedEdits: sql`${workshops.undeployedEdits} + 1`,
      status: 'queued',
      updatedAt: new Date(),
    })
    .where(eq(workshops.id, w.id));
  const job = await findJob(ctx, p.orgId, w.jobId);
  const autoDeploy = opts.auto_deploy;
  const result = await startRun(ctx, p, job, {
    spec: draft.spec,
    targetSchema,
    mapperVersion: null,
    workshopId: w.id,
    immediateReturn: opts.immediate_return && !autoDeploy,
  });
  // "successful" = every record valid; low-confidence suggestions alone do not block a deploy asked for
  const clean = (result.status === 'finished' || result.status === 'needs review') && result.failed === 0;
  if (autoDeploy && clean) await deployWorkshop(ctx, p, w.id);
  return result;
}

/** Schema edit: keeps the mappings of fields that still exist and proposes mappings for new ones. */
export async function targetSchemaRun(
  ctx: AppContext,
  p: Principal,
  id: string,
  raw: Record<string, unknown>,
  opts: { auto_deploy: boolean; immediate_return: boolean },
) {
  const w = await findWorkshop(ctx, p.orgId, id);
  const schema = checkTargetSchema(raw, ['body', 'target_schema']);
  const targets = new Set(listTargetFields(schema).map((f) => f.path));
  const current = w.spec as unknown as MappingSpec;
  const kept = current.fields.filter((f) => targets.has(f.target));
  const have = new Set(kept.map((f) => f.target));
  const job = await findJob(ctx, p.orgId, w.jobId);
  const proposal = suggestMapping({
    profile: profileRecords(await readRecords(ctx, job, 0, 1000)),
    targetSchema: schema,
  }).spec;
  const spec: MappingSpec = {
    ...current,
    fields: [...kept, ...proposal.fields.filter((f) => !have.has(f.target))],
  };
  return runDraft(ctx, p, w, { spec, targetSchema: schema as Record<string, unknown> }, opts);
}

/** Makes the draft the pipeline's deployed mapper (a new immutable version); a changed schema is saved too. */
export async function deployWorkshop(ctx: AppContext, p: Principal, id: string) {
  const w = await findWorkshop(ctx, p.orgId, id);
  assertCanWrite(p);
  const pipeline = await findPipeline(ctx, p.orgId, w.pipelineId);
  const current = await getSchema(ctx, p, pipeline.targetSchemaId);
  if (JSON.stringify(current.schema) !== JSON.stringify(w.targetSchema))
    await updateSchema(ctx, p, pipeline.targetSchemaId, w.targetSchema);
  const version = await deployVersion(
    ctx,
    p,
    pipeline.id,
    w.spec as unknown as MappingSpec,
    w.targetSchema,
    `deployed from workshop ${w.id}`,
  );
  await ctx.db
    .update(workshops)
    .set({ status: 'deployed', undeployedEdits: 0, updatedAt: new Date() })
    .where(eq(workshops.id, id));
  return { version, workshop: await getWorkshop(ctx, p, id) };
}

/** Prompt edit: instructions per field (LLM when configured, else the built-in generator), then re-run. */
export async function promptRun(
  ctx: AppContext,
  p: Principal,
  id: string,
  input: {
    target_fields_to_prompt: Record<string, string>;
    global_context?: string;
    auto_deploy: boolean;
    immediate_return: boolean;
  },
) {
  const w = await findWorkshop(ctx, p.orgId, id);
  assertCanWrite(p);
  const job = await findJob(ctx, p.orgId, w.jobId);
  const sample = await readRecords(ctx, job, 0, 1000);
  const { spec, reports } = await applyPrompts({
    spec: w.spec as unknown as MappingSpec,
    targetSchema: w.targetSchema as JsonSchema,
    fields: profileRecords(sample).fields,
    sample,
    prompts: input.target_fields_to_prompt,
    globalContext: input.global_context,
    llm: meteredLlm(ctx, { orgId: p.orgId, userId: p.userId, pipelineId: job.pipelineId }),
    limits: ctx.config,
  });
  const result = await runDraft(ctx, p, w, { spec }, input);
  return { ...result, prompt: reports };
}
