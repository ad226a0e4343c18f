import { createHash } from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { bucketOf, type GlobalErrors, type MappingSpec } from '@mapwright/engine';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { jobs, resultChunks, resultParts, results, workshops } from '../../db/schema.ts';
import { defineTask, PermanentTaskError } from '../../jobs/worker.ts';
import {
  createJsonDataset,
  createParquetWriter,
  type DatasetFile,
  ROW_GROUP_ROWS,
  setDatasetFiles,
} from '../datasets/datasets.service.ts';
import { recordUsage } from '../usage/usage.service.ts';
import { type BatchReply, batchDeadlineMs, enginePool } from './engine-pool.ts';
import { addCounts, mergeGlobal } from './global-errors.ts';
import { recordBatches } from './records.ts';
import { RESULT_COLUMNS } from './result-rows.ts';

export const meanConfidence = (spec: MappingSpec) => {
  if (spec.fields.length === 0) return { score: 0, bucket: bucketOf(0) };
  const score = spec.fields.reduce((s, f) => s + f.confidence, 0) / spec.fields.length;
  return { score: Math.round(score * 1000) / 1000, bucket: bucketOf(score) };
};

/** A field nobody has edited or approved whose suggestion is below the review threshold. */
export const hasLowConfidence = (spec: MappingSpec, threshold: number) =>
  spec.fields.some((f) => f.status !== 'edited' && f.status !== 'approved' && f.confidence < threshold);

/** The first part is small so a run's first records can be looked at at once; parts double up to this. */
const MAX_PART = 102_400;
/**
 * Once parts are at full size, the next part is at most this fraction of what is left: the last
 * parts shrink to single row groups, so the workers sharing a job run out of work at nearly the
 * same time instead of one finishing a full-size part alone while the others wait.
 */
const TAIL_SPLIT = 4;

/**
 * Consecutive ranges covering `total` records: one input row group (10,240), doubling to
 * MAX_PART, then shrinking towards the end (TAIL_SPLIT) — whole row groups, so no group is
 * decoded by two parts.
 */
export function partPlan(total: number) {
  const parts: { first: number; count: number }[] = [];
  let grown = false;
  for (let first = 0, size = ROW_GROUP_ROWS; first < total; ) {
    const count = Math.min(size, total - first);
    parts.push({ first, count });
    first += count;
    grown ||= size === MAX_PART;
    const share = Math.ceil((total - first) / TAIL_SPLIT / ROW_GROUP_ROWS) * ROW_GROUP_ROWS;
    size = grown ? Math.max(ROW_GROUP_ROWS, Math.min(MAX_PART, share)) : Math.min(MAX_PART, size * 2);
  }
  return parts;
}

const setWorkshop = (db: Db, workshopId: string | null, status: string) =>
  workshopId
    ? db.update(workshops).set({ status, updatedAt: new Date() }).where(eq(workshops.id, workshopId))
    : Promise.resolve();

/**
 * Starts a run: splits the job into parts and queues one `job.part` task per part, so several
 * workers share a large job. Safe to run again after a crash: parts and their tasks are keyed
 * by (result, part), so nothing is queued twice.
 */
export const runTask = defineTask({
  kind: 'job.run',
  payload: z.object({ resultId: z.uuid() }),
  maxAttempts: 3,
  async handler({ app, payload }) {
    const { db } = app;
    const [result] = await db.select().from(results).where(eq(results.id, payload.resultId));
    if (!result || result.status === 'cancelled') return { skipped: true };
    const [job] = await db.select().from(jobs).where(eq(jobs.id, result.jobId));
    if (!job) throw new PermanentTaskError('The job was deleted');
    let datasetId = result.datasetId;
    if (!datasetId) {
      await db.delete(resultChunks).where(eq(resultChunks.resultId, result.id));
      datasetId = (
        await createJsonDataset(app, {
          orgId: result.organizationId,
          kind: 'result',
          columns: RESULT_COLUMNS,
        })
      ).id;
    }
    const plan = partPlan(job.recordCount);
    await db
      .update(results)
      .set({
        status: 'running',
        datasetId,
        processed: 0,
        succeeded: 0,
        failed: 0,
        dropped: 0,
        droppedByField: null,
        globalErrors: null,
        error: null,
      })
      .where(eq(results.id, result.id));
    await setWorkshop(db, result.workshopId, 'running');
    if (!plan.length) return finishRun(app, result.id);
    await db
      .insert(resultParts)
      .values(
        plan.map((p, i) => ({ resultId: result.id, partIndex: i, firstIndex: p.first, count: p.count })),
      )
      .onConflictDoNothing();
    // every part's task in one statement: with one round trip each, a worker sat waiting for
    // the second part while this task was still queueing the rest
    const queued = await app.queue.enqueueMany(
      plan.map((_, i) => ({
        kind: 'job.part',
        payload: { resultId: result.id, partIndex: i },
        opts: { orgId: result.organizationId, singletonKey: `job.part:${result.id}:${i}` },
      })),
    );
    if (queued.length)
      await db.execute(sql`
        UPDATE result_parts SET task_id = v.task_id::uuid
        FROM (VALUES ${sql.join(
          queued.map((t) => sql`(${(t.payload as { partIndex: number }).partIndex}::int, ${t.id})`),
          sql`, `,
        )}) AS v(part_index, task_id)
        WHERE result_parts.result_id = ${result.id} AND result_parts.part_index = v.part_index`);
    return { parts: plan.length };
  },
});

/**
 * Maps and validates one part of a job in batches (bounded memory) into one Parquet file. A
 * retried part replaces only its own file and counts, so every record is in the result once.
 */
export const partTask = defineTask({
  kind: 'job.part',
  payload: z.object({ resultId: z.uuid(), partIndex: z.number().int().min(0) }),
  maxAttempts: 3,
  async handler({ app, payload, signal, progress, task }) {
    const { db } = app;
    const [result] = await db.select().from(results).where(eq(results.id, payload.resultId));
    if (!result || result.status === 'cancelled' || result.status === 'failed') return { skipped: true };
    const [part] = await db
      .select()
      .from(resultParts)
      .where(and(eq(resultParts.resultId, result.id), eq(resultParts.partIndex, payload.partIndex)));
    if (!part || part.status === 'done') return { skipped: true };
    const [job] = await db.select().from(jobs).where(eq(jobs.id, result.jobId));
    const pool = enginePool(app.config.ENGINE_THREADS);
    // threads compile a spec once per key: the key names the spec and schema, not the run
    const key = createHash('sha256')
      .update(JSON.stringify([result.spec, result.targetSchema]))
      .digest('hex');
    const global: GlobalErrors = { error_types: {} };
    const writer = await createParquetWriter(app, RESULT_COLUMNS);
    // batches in flight, written back in order: two per thread, so a thread that finishes finds
    // its next batch waiting while this thread reads, writes and saves (measured: with one per
    // thread the engine threads of a worker process sat idle half the time)
    const inFlight: Promise<BatchReply & { first: number }>[] = [];
    let processed = 0;
    let succeeded = 0;
    let countsSavedAt = performance.now();
    let dropped = 0;
    const droppedByField: Record<string, number> = {};
    const writeNext = async () => {
      const reply = await inFlight.shift()!;
      mergeGlobal(global, reply.global, 0);
      await writer.append(reply.group);
      processed += reply.rows;
      succeeded += reply.valid;
      dropped += reply.dropped;
      addCounts(droppedByField, reply.droppedByField);
      progress({ processed, total: part.count });
      // the running counts are for people watching, not for correctness (the part's final counts
      // are written with its file): a few writes a second, not two per batch, which on the
      // embedded database ran on this thread and held the engine threads' next batches up
      if (performance.now() - countsSavedAt >= COUNTS_EVERY_MS) {
        countsSavedAt = performance.now();
        await saveRunningCounts(db, result.id, part.partIndex, processed, succeeded);
      }
      // PGlite answers in microtasks: without a macrotask break a run would starve HTTP and heartbeats
      await yieldToEventLoop();
    };
    try {
      if (!job) throw new PermanentTaskError('The job was deleted');
      const range = { from: part.firstIndex, to: part.firstIndex + part.count };
      for await (const batch of recordBatches(app, job, range)) {
        if (signal.aborted) throw signal.reason;
        const { first, json, groups } = batch;
        const timeoutMs = batchDeadlineMs(app.config.USER_CODE_TIMEOUT_MS, batch.count);
        const mapped = pool
          .run(
            { key, spec: result.spec, schema: result.targetSchema, first, json, groups },
            { timeoutMs, transfer: json === undefined ? undefined : ownedBuffer(json) },
          )
          .then((r) => ({ ...r, first }));
        mapped.catch(() => {}); // awaited in order by writeNext; a failure surfaces there
        inFlight.push(mapped);
        if (inFlight.length >= 2 * pool.size) await writeNext();
      }
      while (inFlight.length) {
        if (signal.aborted) throw signal.reason;
        await writeNext();
      }
      if (signal.aborted) throw signal.reason;
      const file = await writer.finish();
      await db
        .update(resultParts)
        .set({
          status: 'done',
          file,
          processed,
          succeeded,
          globalErrors: global as never,
          dropped,
          droppedByField,
        })
        .where(and(eq(resultParts.resultId, result.id), eq(resultParts.partIndex, part.partIndex)));
      await finishRun(app, result.id);
      return { processed, succeeded };
    } catch (err) {
      await Promise.allSettled(inFlight);
      await writer.abort();
      const last = task.attempts >= task.maxAttempts;
      // a worker that stops (or lost its lease) hands the part back to be run again: only a
      // cancel ends the run
      if (signal.aborted) {
        if ((signal.reason as Error | undefined)?.message === 'cancelled')
          await endRun(db, result, 'cancelled');
      } else if (err instanceof PermanentTaskError || last)
        await endRun(db, result, 'failed', err instanceof Error ? err.message : String(err));
      throw err;
    }
  },
});

/**
 * A batch's bytes are moved to the engine thread, not copied, when they fill an ArrayBuffer of
 * their own (as DuckDB's are; a small Buffer may share Node's pool with others, never moved):
 * the main thread then holds no copy of them until its next full collection frees it.
 */
function ownedBuffer(json: string | Uint8Array): ArrayBuffer[] | undefined {
  if (typeof json === 'string' || json.byteOffset !== 0) return undefined;
  const buffer = json.buffer;
  return buffer instanceof ArrayBuffer && buffer.byteLength === json.byteLength ? [buffer] : undefined;
}

/** How often a running part saves its counts (the result's `processed` shown while it runs). */
const COUNTS_EVERY_MS = 500;

async function saveRunningCounts(
  db: Db,
  resultId: string,
  partIndex: number,
  processed: number,
  succeeded: number,
) {
  await db
    .update(resultParts)
    .set({ processed, succeeded })
    .where(and(eq(resultParts.resultId, resultId), eq(resultParts.partIndex, partIndex)));
  await db
    .update(results)
    .set({
      processed: sql`(SELECT coalesce(sum(processed), 0) FROM result_parts WHERE result_id = ${resultId})`,
    })
    .where(eq(results.id, resultId));
}

async function endRun(db: Db, result: typeof results.$inferSelect, status: string, error?: string) {
  await db
    .update(results)
    .set({ status, error: error ?? null, finishedAt: new Date() })
    .where(and(eq(results.id, result.id), sql`${results.status} in ('queued', 'running')`));
  if (status === 'failed') await setWorkshop(db, result.workshopId, 'failed');
}

/**
 * After each part: the result's dataset holds the finished parts' files up to the first part
 * still running (files stay in row order), the counts are the parts' sums, and once every part
 * is done the run ends. One transaction with the result row locked, so two parts finishing at
 * once never both end the run or lose each other's file.
 */
async function finishRun(app: AppContext, resultId: string) {
  const ended = await app.db.transaction(async (tx) => {
    const [result] = await tx.select().from(results).where(eq(results.id, resultId)).for('update');
    if (result?.status !== 'running') return null;
    const parts = await tx
      .select()
      .from(resultParts)
      .where(eq(resultParts.resultId, resultId))
      .orderBy(asc(resultParts.partIndex));
    const files: DatasetFile[] = [];
    for (const p of parts) {
      if (p.status !== 'done') break;
      if (p.file) files.push(p.file);
    }
    if (result.datasetId)
      await setDatasetFiles(
        tx as unknown as Db,
        { organizationId: result.organizationId, id: result.datasetId },
        files,
      );
    const processed = parts.reduce((n, p) => n + p.processed, 0);
    const succeeded = parts.reduce((n, p) => n + p.succeeded, 0);
    if (parts.some((p) => p.status !== 'done')) {
      await tx
        .update(results)
        .set({ processed, succeeded, failed: processed - succeeded })
        .where(eq(results.id, resultId));
      return null;
    }
    const global: GlobalErrors = { error_types: {} };
    const droppedByField: Record<string, number> = {};
    for (const p of parts) {
      if (p.globalErrors) mergeGlobal(global, p.globalErrors as unknown as GlobalErrors, 0);
      if (p.droppedByField) addCounts(droppedByField, p.droppedByField);
    }
    const spec = result.spec as unknown as MappingSpec;
    const status =
      processed - succeeded > 0 || hasLowConfidence(spec, app.config.REVIEW_CONFIDENCE)
        ? 'needs review'
        : 'finished';
    await tx
      .update(results)
      .set({
        status,
        processed,
        succeeded,
        failed: processed - succeeded,
        globalErrors: global as never,
        dropped: parts.reduce((n, p) => n + p.dropped, 0),
        droppedByField,
        confidence: meanConfidence(spec),
        finishedAt: new Date(),
      })
      .where(eq(results.id, resultId));
    // the records a run processed, once: this branch runs only for the run's last part
    await recordUsage(
      { db: tx as unknown as Db },
      {
        orgId: result.organizationId,
        kind: 'records_processed',
        quantity: processed,
        pipelineId: result.pipelineId,
        key: `records_processed:${resultId}`,
        userOfKey: `job_runs:${resultId}`,
      },
    );
    return { status, workshopId: result.workshopId };
  });
  if (ended) await setWorkshop(app.db, ended.workshopId, ended.status);
  return { ended: !!ended };
}
