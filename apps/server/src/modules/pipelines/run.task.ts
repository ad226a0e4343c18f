import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import {
  bucketOf,
  compileSpec,
  createValidator,
  type GlobalErrors,
  type JsonSchema,
  type MappingSpec,
} from '@mapwright/engine';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { jobs, resultChunks, results, workshops } from '../../db/schema.ts';
import { defineTask, PermanentTaskError } from '../../jobs/worker.ts';
import { deleteDataset } from '../datasets/datasets.service.ts';
import { recordBatches } from './records.ts';
import { createResultWriter } from './result-rows.ts';

/** global errors keep at most this many record indices per rule (the counts stay exact) */
const MAX_INDICES = 1000;
/** below this mean confidence a finished result needs review */

function mergeGlobal(into: GlobalErrors, add: GlobalErrors, offset: number) {
  for (const [type, list] of Object.entries(add.error_types)) {
    const key = type as keyof GlobalErrors['error_types'];
    into.error_types[key] ??= [];
    const target = into.error_types[key];
    for (const e of list ?? []) {
      let g = target.find((x) => x.error_message === e.error_message);
      if (!g) {
        g = { error_message: e.error_message, error_indices: [], error_fields: e.error_fields };
        target.push(g);
      }
      for (const i of e.error_indices)
        if (g.error_indices.length < MAX_INDICES) g.error_indices.push(i + offset);
    }
  }
}

export const meanConfidence = (spec: MappingSpec) => {
  if (spec.fields.length === 0) return { score: 0, bucket: bucketOf(0) };
  const score = spec.fields.reduce((s, f) => s + f.confidence, 0) / spec.fields.length;
  return { score: Math.round(score * 1000) / 1000, bucket: bucketOf(score) };
};

/** A field nobody has edited or approved whose suggestion is below the review threshold. */
export const hasLowConfidence = (spec: MappingSpec, threshold: number) =>
  spec.fields.some((f) => f.status !== 'edited' && f.status !== 'approved' && f.confidence < threshold);

/**
 * Maps and validates every record of a job in batches (bounded memory), writing each batch's
 * mappings before reading the next. A retry starts the result over, so every record ends up in
 * the result exactly once.
 */
export const runTask = defineTask({
  kind: 'job.run',
  payload: z.object({ resultId: z.uuid() }),
  maxAttempts: 3,
  async handler({ app, payload, signal, progress }) {
    const { db } = app;
    const [result] = await db.select().from(results).where(eq(results.id, payload.resultId));
    if (!result || result.status === 'cancelled') return { skipped: true };
    const [job] = await db.select().from(jobs).where(eq(jobs.id, result.jobId));
    if (!job) throw new PermanentTaskError('The job was deleted');
    // a retry starts the result over: what an interrupted attempt wrote is dropped first
    await db.delete(resultChunks).where(eq(resultChunks.resultId, result.id));
    if (result.datasetId) await deleteDataset(app, result.organizationId, result.datasetId);
    const out = await createResultWriter(app, result.organizationId);
    await db
      .update(results)
      .set({
        status: 'running',
        datasetId: out.datasetId,
        processed: 0,
        succeeded: 0,
        failed: 0,
        globalErrors: null,
        error: null,
      })
      .where(eq(results.id, result.id));
    const setWorkshop = (status: string) =>
      result.workshopId
        ? db
            .update(workshops)
            .set({ status, updatedAt: new Date() })
            .where(eq(workshops.id, result.workshopId))
        : Promise.resolve();
    await setWorkshop('running');

    const spec = result.spec as unknown as MappingSpec;
    const mapper = compileSpec(spec);
    const validator = createValidator(result.targetSchema as JsonSchema);
    const global: GlobalErrors = { error_types: {} };
    let processed = 0;
    let succeeded = 0;
    try {
      for await (const batch of recordBatches(app, job)) {
        if (signal.aborted) throw signal.reason;
        const mapped = mapper.isAsync
          ? await mapper.mapManyAsync(batch.records)
          : mapper.mapMany(batch.records);
        const validation = validator.validateRecords(mapped);
        mergeGlobal(global, validation.global_errors, batch.first);
        await out.appendBatch(batch.first, mapped, validation.messages);
        processed += batch.records.length;
        succeeded += validation.valid;
        await db
          .update(results)
          .set({ processed, succeeded, failed: processed - succeeded })
          .where(eq(results.id, result.id));
        progress({ processed, total: job.recordCount });
        // PGlite answers in microtasks: without a macrotask break a run would starve HTTP and heartbeats
        await yieldToEventLoop();
      }
      await out.finish();
      const confidence = meanConfidence(spec);
      const status =
        processed - succeeded > 0 || hasLowConfidence(spec, app.config.REVIEW_CONFIDENCE)
          ? 'needs review'
          : 'finished';
      await db
        .update(results)
        .set({ status, globalErrors: global as never, confidence, finishedAt: new Date() })
        .where(eq(results.id, result.id));
      await setWorkshop(status);
      return { processed, succeeded };
    } catch (err) {
      await out.abort();
      if (signal.aborted) {
        await db
          .update(results)
          .set({ status: 'cancelled', finishedAt: new Date() })
          .where(eq(results.id, result.id));
      } else if (err instanceof PermanentTaskError) {
        await db
          .update(results)
          .set({ status: 'failed', error: err.message, finishedAt: new Date() })
          .where(eq(results.id, result.id));
        await setWorkshop('failed');
      }
      throw err;
    }
  },
});
