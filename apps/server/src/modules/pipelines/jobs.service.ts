import type { TJob, TResult } from '@mapwright/contracts';
import { type JsonSchema, type MappingSpec, profileRecords, suggestMapping } from '@mapwright/engine';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext, Principal } from '../../context.ts';
import { imports, jobs, pipelines, results } from '../../db/schema.ts';
import { AppError, FieldError, notFound } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/pagination.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import { findDataset } from '../datasets/datasets.service.ts';
import { getSchema } from '../target-schemas/target-schemas.service.ts';
import { meteredLlm, recordUsage } from '../usage/usage.service.ts';
import { deployedSpec, findPipeline } from './pipelines.service.ts';
import { improveLowConfidence } from './prompt.ts';
import { readRecords, storeInlineRecords } from './records.ts';
import { resultBatches } from './result-rows.ts';
import { resultDto } from './results.service.ts';
import { importOfVersion } from './version-input.ts';

type JobRow = typeof jobs.$inferSelect;
/** records profiled to describe a job's source data and to propose a mapper */
const PROFILE_SAMPLE = 1000;

async function latestResults(ctx: AppContext, jobIds: string[]) {
  if (jobIds.length === 0) return new Map<string, { id: string; status: string }>();
  const rows = await ctx.db
    .selectDistinctOn([results.jobId], { jobId: results.jobId, id: results.id, status: results.status })
    .from(results)
    .where(inArray(results.jobId, jobIds))
    .orderBy(results.jobId, desc(results.createdAt));
  return new Map(rows.map((r) => [r.jobId, { id: r.id, status: r.status }]));
}

const toDto = (j: JobRow, latest?: { id: string; status: string }): TJob => ({
  id: j.id,
  pipeline_id: j.pipelineId,
  input_kind: j.inputKind as TJob['input_kind'],
  import_id: j.importId,
  record_count: j.recordCount,
  status: latest?.status ?? 'created',
  latest_result_id: latest?.id ?? null,
  created_at: j.createdAt.toISOString(),
});

export async function findJob(ctx: AppContext, orgId: string, id: string) {
  const [row] = await ctx.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.organizationId, orgId), eq(jobs.id, id)));
  if (!row) throw notFound('Job not found');
  return row;
}

export async function getJob(ctx: AppContext, p: Principal, id: string) {
  const job = await findJob(ctx, p.orgId, id);
  return toDto(job, (await latestResults(ctx, [id])).get(id));
}

export async function listJobs(
  ctx: AppContext,
  p: Principal,
  q: { page: number; size: number; pipelineId?: string; id?: string; status?: string },
) {
  // a job's status is its latest run's, or `created` before any run; `status` may list several
  const statuses =
    q.status
      ?.split(',')
      .map((x) => x.trim())
      .filter(Boolean) ?? [];
  const latestStatus = sql`coalesce((select ${results.status} from ${results} where ${results.jobId} = ${jobs.id} order by ${results.createdAt} desc limit 1), 'created')`;
  const where = and(
    eq(jobs.organizationId, p.orgId),
    q.pipelineId ? eq(jobs.pipelineId, q.pipelineId) : undefined,
    q.id ? sql`${jobs.id}::text like ${`${q.id.replace(/[\\%_]/g, '')}%`}` : undefined,
    statuses.length
      ? sql`${latestStatus} in (${sql.join(
          statuses.map((x) => sql`${x}`),
          sql`, `,
        )})`
      : undefined,
  );
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.createdAt))
      .limit(q.size)
      .offset(offsetOf(q.page, q.size)),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(where),
  ]);
  const latest = await latestResults(
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
 * A job from inline records, a finished import, a file version or a dataset of records (joined data,
 * entity-resolution output: read in place, never copied); the pipeline's source schema follows the data.
 */
export async function createJob(
  ctx: AppContext,
  p: Principal,
  pipelineId: string,
  raw: {
    data?: Record<string, unknown>[];
    import_id?: string;
    file_version_id?: string;
    sheet?: string;
    dataset_id?: string;
  },
) {
  await findPipeline(ctx, p.orgId, pipelineId);
  assertCanWrite(p);
  const input = raw.file_version_id
    ? { import_id: await importOfVersion(ctx, p, raw.file_version_id, raw.sheet) }
    : raw;
  let recordCount = input.data?.length ?? 0;
  if (input.import_id) {
    const [imp] = await ctx.db
      .select()
      .from(imports)
      .where(and(eq(imports.organizationId, p.orgId), eq(imports.id, input.import_id)));
    if (!imp) throw notFound('Import not found');
    if (imp.status !== 'succeeded')
      throw new FieldError(['body', 'import_id'], 'the import has not finished');
    recordCount = imp.rowCount;
  }
  let datasetId: string | null = null;
  if (raw.dataset_id) {
    const ds = await findDataset(ctx.db, p.orgId, raw.dataset_id);
    if (!ds) throw notFound('Dataset not found');
    // the job reads `record` objects; a result's or a CSV import's rows are not in that layout
    if (ds.layout !== 'records')
      throw new FieldError(['body', 'dataset_id'], `the dataset holds ${ds.layout} rows, not records`);
    datasetId = ds.id;
    recordCount = ds.rowCount;
  }
  // the records are stored first: a job row always has its whole input
  if (input.data) datasetId = await storeInlineRecords(ctx, p.orgId, input.data);
  const [job] = await ctx.db
    .insert(jobs)
    .values({
      organizationId: p.orgId,
      pipelineId,
      inputKind: input.import_id ? 'import' : raw.dataset_id ? 'dataset' : 'inline',
      importId: input.import_id ?? null,
      datasetId,
      recordCount,
    })
    .returning();
  const sample = await readRecords(ctx, job!, 0, PROFILE_SAMPLE);
  const profile = profileRecords(sample);
  await ctx.db
    .update(pipelines)
    .set({ sourceSchema: profile.fields as never, updatedAt: new Date() })
    .where(eq(pipelines.id, pipelineId));
  return toDto(job!);
}

export async function jobData(ctx: AppContext, p: Principal, id: string, q: { page: number; size: number }) {
  const job = await findJob(ctx, p.orgId, id);
  const from = offsetOf(q.page, q.size);
  const records = await readRecords(ctx, job, from, Math.min(job.recordCount, from + q.size));
  return pageOf(records, job.recordCount, q.page, q.size);
}

/** The engine's proposal for a job with no deployed mapper: profile the data, match onto the schema (fields it is unsure of are asked of the LLM when one is configured). */
export async function proposeSpec(
  ctx: AppContext,
  job: JobRow,
  targetSchema: JsonSchema,
): Promise<MappingSpec> {
  const sample = await readRecords(ctx, job, 0, PROFILE_SAMPLE);
  const profile = profileRecords(sample);
  const spec = suggestMapping({ profile, targetSchema }).spec;
  const llm = meteredLlm(ctx, { orgId: job.organizationId, pipelineId: job.pipelineId });
  if (!llm) return spec;
  return improveLowConfidence({
    spec,
    targetSchema,
    fields: profile.fields,
    sample,
    llm,
    threshold: ctx.config.REVIEW_CONFIDENCE,
    limits: ctx.config,
  });
}

const OPEN = ['created', 'queued', 'running'];

/** Queues a run of `spec` over the job; waits for it unless immediate_return. */
export async function startRun(
  ctx: AppContext,
  p: Principal,
  job: JobRow,
  opts: {
    spec: MappingSpec;
    targetSchema: Record<string, unknown>;
    mapperVersion: number | null;
    workshopId?: string;
    immediateReturn: boolean;
  },
): Promise<TResult> {
  assertCanWrite(p);
  // the result and its task in one transaction: an API process killed between the two would
  // leave a result `queued` forever, its records never mapped
  const { result, task } = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(results)
      .values({
        organizationId: p.orgId,
        jobId: job.id,
        pipelineId: job.pipelineId,
        workshopId: opts.workshopId ?? null,
        mapperVersion: opts.mapperVersion,
        spec: opts.spec as never,
        targetSchema: opts.targetSchema,
        status: 'queued',
        total: job.recordCount,
      })
      .returning();
    const queued = await ctx.queue.enqueue('job.run', { resultId: inserted!.id }, { orgId: p.orgId, tx });
    await tx.update(results).set({ taskId: queued!.id }).where(eq(results.id, inserted!.id));
    await recordUsage(
      { db: tx },
      {
        orgId: p.orgId,
        kind: 'job_runs',
        userId: p.userId,
        pipelineId: job.pipelineId,
        key: `job_runs:${inserted!.id}`,
      },
    );
    return { result: inserted!, task: queued! };
  });
  if (opts.immediateReturn) return resultDto({ ...result, taskId: task.id });
  // the caller asked to wait: poll until the run ends (the worker may be another process)
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const [row] = await ctx.db.select().from(results).where(eq(results.id, result.id));
    if (!row || !OPEN.includes(row.status) || Date.now() > deadline) return resultDto(row ?? result);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** POST /jobs/{id}/run: the deployed mapper, or the engine's proposal when none is deployed yet. */
export async function runJob(ctx: AppContext, p: Principal, id: string, immediateReturn: boolean) {
  const job = await findJob(ctx, p.orgId, id);
  const pipeline = await findPipeline(ctx, p.orgId, job.pipelineId);
  const deployed = await deployedSpec(ctx, pipeline);
  if (deployed)
    return startRun(ctx, p, job, {
      spec: deployed.spec,
      targetSchema: deployed.targetSchema,
      mapperVersion: deployed.version,
      immediateReturn,
    });
  const schema = (await getSchema(ctx, p, pipeline.targetSchemaId)).schema;
  if (job.recordCount === 0) throw new AppError(409, 'The job has no records to map');
  const spec = await proposeSpec(ctx, job, schema as JsonSchema);
  return startRun(ctx, p, job, { spec, targetSchema: schema, mapperVersion: null, immediateReturn });
}

export async function jobTargetSchema(ctx: AppContext, p: Principal, id: string) {
  const job = await findJob(ctx, p.orgId, id);
  const [latest] = await ctx.db
    .select()
    .from(results)
    .where(eq(results.jobId, job.id))
    .orderBy(desc(results.createdAt))
    .limit(1);
  if (latest) return latest.targetSchema;
  const pipeline = await findPipeline(ctx, p.orgId, job.pipelineId);
  return (await getSchema(ctx, p, pipeline.targetSchemaId)).schema;
}

/** A new job holding only the records that failed in `resultId`, run with the deployed mapper (or the proposal). */
export async function retryFailed(ctx: AppContext, p: Principal, resultId: string) {
  const [r] = await ctx.db
    .select()
    .from(results)
    .where(and(eq(results.organizationId, p.orgId), eq(results.id, resultId)));
  if (!r) throw notFound('Result not found');
  assertCanWrite(p);
  const job = await findJob(ctx, p.orgId, r.jobId);
  const failed: unknown[] = [];
  for await (const batch of resultBatches(ctx, r)) {
    const bad = batch.filter((m) => m.message !== 'success');
    if (!bad.length) continue;
    // one read of the batch's source records, then keep the failed ones
    const first = batch[0]!.index;
    const sources = await readRecords(ctx, job, first, batch[batch.length - 1]!.index + 1);
    for (const m of bad) failed.push(sources[m.index - first]);
  }
  if (failed.length === 0) throw new AppError(409, 'No record failed in this result');
  const retry = await createJob(ctx, p, job.pipelineId, { data: failed as Record<string, unknown>[] });
  return { job: retry, result: await runJob(ctx, p, retry.id, true) };
}
