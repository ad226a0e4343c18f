import type { TGlobalErrors, TResult, TResultDetail, TResultFiles } from '@mapwright/contracts';
import { bucketOf, type MappingSpec, toApiSpec } from '@mapwright/engine';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { AppContext, Principal } from '../../context.ts';
import { jobs, resultParts, results, tasks } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/pagination.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import { findDataset } from '../datasets/datasets.service.ts';
import { errorGroups } from './error-groups.ts';
import { JOB_CHUNK, readRecordsWithLines } from './records.ts';
import { failedPage, fixesAt, RESULT_COLUMNS, resultRange } from './result-rows.ts';

type Row = typeof results.$inferSelect;

export function resultDto(r: Row, taskStatus?: string | null): TResult {
  // a run whose task died without it being able to say so reports the task's end
  const status =
    (r.status === 'queued' || r.status === 'running') && taskStatus === 'failed' ? 'failed' : r.status;
  const conf = r.confidence as { score: number; bucket: string } | null;
  return {
    id: r.id,
    job_id: r.jobId,
    pipeline_id: r.pipelineId,
    workshop_id: r.workshopId,
    mapper_version: r.mapperVersion,
    status: status as TResult['status'],
    total: r.total,
    processed: r.processed,
    succeeded: r.succeeded,
    failed: r.failed,
    dropped: r.dropped,
    dropped_by_field: r.droppedByField ?? {},
    confidence: conf ? { score: conf.score, bucket: conf.bucket } : null,
    error: r.error,
    created_at: r.createdAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
  };
}

export async function findResult(ctx: AppContext, orgId: string, id: string) {
  const [row] = await ctx.db
    .select({ r: results, taskStatus: tasks.status })
    .from(results)
    .leftJoin(tasks, eq(tasks.id, results.taskId))
    .where(and(eq(results.organizationId, orgId), eq(results.id, id)));
  if (!row) throw notFound('Result not found');
  return row;
}

/** Stops a queued or running result; a result that has ended is returned unchanged. */
export async function cancelResult(ctx: AppContext, p: Principal, id: string) {
  const { r } = await findResult(ctx, p.orgId, id);
  assertCanWrite(p);
  if (r.taskId && (r.status === 'queued' || r.status === 'running')) {
    // the run's task and every part's: a queued one is cancelled at once; a running one is
    // aborted by its worker, which marks the result
    const parts = await ctx.db
      .select({ taskId: resultParts.taskId })
      .from(resultParts)
      .where(eq(resultParts.resultId, id));
    let cancelled = false;
    for (const taskId of [r.taskId, ...parts.map((p) => p.taskId)])
      if (taskId && (await ctx.queue.cancel(taskId)) === 'cancelled') cancelled = true;
    if (cancelled)
      await ctx.db
        .update(results)
        .set({ status: 'cancelled', finishedAt: new Date() })
        .where(and(eq(results.id, id), inArray(results.status, ['queued', 'running'])));
  }
  return getResult(ctx, p, id);
}

export async function getResult(ctx: AppContext, p: Principal, id: string) {
  const { r, taskStatus } = await findResult(ctx, p.orgId, id);
  return resultDto(r, taskStatus);
}

/** GET /results/{id}: the result with its run's errors grouped by type (null until it ran). */
export async function getResultDetail(ctx: AppContext, p: Principal, id: string): Promise<TResultDetail> {
  const { r, taskStatus } = await findResult(ctx, p.orgId, id);
  return { ...resultDto(r, taskStatus), global_errors: (r.globalErrors as TGlobalErrors | null) ?? null };
}

export async function listResults(
  ctx: AppContext,
  p: Principal,
  where: { jobId?: string; workshopId?: string; pipelineId?: string; statuses?: string[] },
  q: { page: number; size: number },
) {
  const cond = and(
    eq(results.organizationId, p.orgId),
    where.jobId ? eq(results.jobId, where.jobId) : undefined,
    where.workshopId ? eq(results.workshopId, where.workshopId) : undefined,
    where.pipelineId ? eq(results.pipelineId, where.pipelineId) : undefined,
    where.statuses?.length ? inArray(results.status, where.statuses) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(results)
      .where(cond)
      .orderBy(desc(results.createdAt))
      .limit(q.size)
      .offset(offsetOf(q.page, q.size)),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(results).where(cond),
  ]);
  return pageOf(
    rows.map((r) => resultDto(r)),
    count?.n ?? 0,
    q.page,
    q.size,
  );
}

/**
 * Records processed and failed per day over the last `days` days (days with no runs are zeros),
 * for the dashboard chart. Runs count on the day they were created.
 */
export async function activity(ctx: AppContext, p: Principal, days: number) {
  const since = new Date(Date.now() - (days - 1) * 86_400_000);
  since.setUTCHours(0, 0, 0, 0);
  const day = sql<string>`to_char(${results.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await ctx.db
    .select({
      day,
      runs: sql<number>`count(*)::int`,
      processed: sql<number>`coalesce(sum(${results.processed}), 0)::int`,
      failed: sql<number>`coalesce(sum(${results.failed}), 0)::int`,
    })
    .from(results)
    .where(and(eq(results.organizationId, p.orgId), gte(results.createdAt, since)))
    .groupBy(day);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return {
    days: Array.from({ length: days }, (_, i) => {
      const d = new Date(since.getTime() + i * 86_400_000).toISOString().slice(0, 10);
      const r = byDay.get(d);
      return { day: d, runs: r?.runs ?? 0, processed: r?.processed ?? 0, failed: r?.failed ?? 0 };
    }),
  };
}

export async function resultSpec(ctx: AppContext, p: Principal, id: string) {
  const { r } = await findResult(ctx, p.orgId, id);
  return toApiSpec(r.spec as unknown as MappingSpec);
}

/**
 * Source records at scattered indices (a page of failures): one read per stored chunk they fall
 * in, not one per record.
 */
type TJobRow = typeof jobs.$inferSelect;

/** Whether a job's records come from a file (an import), so that each has a source line to show. */
const fromFile = (job: TJobRow) => job.inputKind === 'import' && Boolean(job.importId);

/** The source records [from, to), each with its line in the source file when they come from one. */
async function sourcesWithLines(ctx: AppContext, job: TJobRow, from: number, to: number) {
  const rows = await readRecordsWithLines(ctx, job, from, to);
  const file = fromFile(job);
  return rows.map((r) => ({ record: r.record, line: file ? r.line : undefined }));
}

async function sourcesAt(ctx: AppContext, job: TJobRow, indices: number[]) {
  const byChunk = new Map<number, number[]>();
  for (const i of indices) {
    const c = Math.floor(i / JOB_CHUNK);
    byChunk.set(c, [...(byChunk.get(c) ?? []), i]);
  }
  const out = new Map<number, { record: unknown; line: number | undefined }>();
  for (const list of byChunk.values()) {
    const lo = Math.min(...list);
    const rows = await sourcesWithLines(ctx, job, lo, Math.max(...list) + 1);
    for (const i of list) if (rows[i - lo]) out.set(i, rows[i - lo]!);
  }
  return out;
}

/** The run's errors grouped by type, field and rule, exact over every failed record. */
export async function resultErrors(ctx: AppContext, p: Principal, id: string) {
  const { r } = await findResult(ctx, p.orgId, id);
  return errorGroups(ctx, r);
}

/** A page of mapped records beside their source records, with each one's errors. */
export async function resultMappings(
  ctx: AppContext,
  p: Principal,
  id: string,
  q: {
    page: number;
    size: number;
    include_spec: boolean;
    only_errors: boolean;
    error_type?: string;
    field?: string;
  },
) {
  const { r } = await findResult(ctx, p.orgId, id);
  const [job] = await ctx.db.select().from(jobs).where(eq(jobs.id, r.jobId));
  const from = offsetOf(q.page, q.size);
  const to = from + q.size;
  const spec = q.include_spec ? toApiSpec(r.spec as unknown as MappingSpec) : undefined;
  if (q.only_errors) {
    const { items: page, total } = await failedPage(ctx, r, from, q.size, {
      type: q.error_type,
      field: q.field,
    });
    const sources = await sourcesAt(
      ctx,
      job!,
      page.map((m) => m.index),
    );
    // a record fixed by hand (not yet applied) shows as fixed
    const fixes = await fixesAt(
      ctx,
      r.id,
      page.map((m) => m.index),
    );
    const items = page.map((m) => {
      const source = sources.get(m.index);
      const fix = fixes.get(m.index);
      return {
        ...m,
        ...(fix ? { mapped_record: fix.mappedRecord, message: fix.message, fixed: true } : {}),
        ...(source?.line !== undefined ? { line: source.line } : {}),
        dropped: m.dropped ?? undefined,
        source_record: source?.record,
        ...(spec ? { spec } : {}),
      };
    });
    return pageOf(items, total, q.page, q.size);
  }
  const mapped = await resultRange(ctx, r, from, to);
  const sources = mapped.length
    ? await sourcesWithLines(ctx, job!, mapped[0]!.index, mapped[mapped.length - 1]!.index + 1)
    : [];
  const items = mapped.map((m, i) => ({
    index: m.index,
    ...(sources[i]?.line !== undefined ? { line: sources[i]!.line } : {}),
    source_record: sources[i]?.record,
    mapped_record: m.mapped_record,
    message: m.message,
    ...(m.dropped ? { dropped: m.dropped } : {}),
    ...(spec ? { spec } : {}),
  }));
  return pageOf(items, r.processed, q.page, q.size);
}

/**
 * Per-field confidence of the result: the mapper's own confidence, lowered by the share of
 * records whose value for that field failed validation.
 */
export async function computeConfidence(ctx: AppContext, p: Principal, id: string) {
  const { r, taskStatus } = await findResult(ctx, p.orgId, id);
  assertCanWrite(p);
  const spec = r.spec as unknown as MappingSpec;
  const failures = new Map<string, number>();
  const global = (r.globalErrors ?? { error_types: {} }) as {
    error_types: Record<string, { error_fields: string[]; error_indices: number[] }[]>;
  };
  for (const list of Object.values(global.error_types)) {
    for (const e of list)
      for (const f of e.error_fields) failures.set(f, (failures.get(f) ?? 0) + e.error_indices.length);
  }
  // a value dropped from a field is a failure of that field too, even when its record passed
  for (const [f, n] of Object.entries(r.droppedByField ?? {})) failures.set(f, (failures.get(f) ?? 0) + n);
  const total = Math.max(1, r.processed);
  const fields = Object.fromEntries(
    spec.fields.map((f) => {
      const failRate = Math.min(1, (failures.get(f.target) ?? 0) / total);
      const score = Math.round(f.confidence * (1 - failRate) * 1000) / 1000;
      return [
        f.target,
        {
          score,
          bucket: bucketOf(score),
          reason:
            failRate > 0
              ? `${f.reason} ${Math.round(failRate * 100)}% of records failed validation or lost their value on this field.`
              : f.reason,
        },
      ];
    }),
  );
  const scores = Object.values(fields).map((f) => f.score);
  const mean = scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : 0;
  const confidence = { score: Math.round(mean * 1000) / 1000, bucket: bucketOf(mean), fields };
  // a finished result with a field now below the review threshold needs a person to look at it
  const low = scores.some((s) => s < ctx.config.REVIEW_CONFIDENCE);
  const status = r.status === 'finished' && low ? 'needs review' : r.status;
  const [updated] = await ctx.db
    .update(results)
    .set({ confidence, status })
    .where(eq(results.id, id))
    .returning();
  // the Lume SDK reads a Result back (generateConfidenceScores): the result, with every field's score
  return { ...resultDto(updated!, taskStatus), confidence };
}

/** Manifest items: each target property, the sources it depends on, and its lookup table. */
export async function resultManifest(
  ctx: AppContext,
  p: Principal,
  id: string,
  q: { page: number; size: number },
) {
  const { r } = await findResult(ctx, p.orgId, id);
  const spec = r.spec as unknown as MappingSpec;
  const items = spec.fields.map((f) => ({
    property: { name: f.target, type: f.transform.kind === 'cast' ? f.transform.to : 'any' },
    dependencies: f.sources,
    lookup_mappings:
      f.transform.kind === 'lookup'
        ? Object.entries(f.transform.table).map(([source, target]) => ({ source, target }))
        : [],
  }));
  const from = offsetOf(q.page, q.size);
  return pageOf(items.slice(from, from + q.size), items.length, q.page, q.size);
}

/**
 * Where a result's Parquet files are, so they can be read without this API (legacy results,
 * stored before datasets, have none until they are run again).
 */
export async function resultFiles(ctx: AppContext, p: Principal, id: string): Promise<TResultFiles> {
  const { r } = await findResult(ctx, p.orgId, id);
  const ds = r.datasetId ? await findDataset(ctx.db, p.orgId, r.datasetId) : undefined;
  return {
    format: 'parquet',
    columns: RESULT_COLUMNS,
    row_count: ds?.rowCount ?? 0,
    files: (ds?.files ?? []).map((f) => ({ ...f, location: ctx.blobs.locationOf(f.sha256) })),
  };
}
