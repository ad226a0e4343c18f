import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobRecordChunks, type jobs } from '../../db/schema.ts';
import { chunkRange } from '../../lib/chunks.ts';
import type { DatasetCtx } from '../datasets/datasets.service.ts';
import { importRecords } from '../imports/imports.service.ts';

export const JOB_CHUNK = 1000;
type Job = typeof jobs.$inferSelect;

/** Stores inline records in chunks (a job of 100k records is 100 rows, read back a chunk at a time). */
export async function storeInlineRecords(db: Db, jobId: string, records: unknown[]) {
  for (let i = 0, chunk = 0; i < records.length; i += JOB_CHUNK, chunk++) {
    await db
      .insert(jobRecordChunks)
      .values({ jobId, chunkIndex: chunk, firstIndex: i, records: records.slice(i, i + JOB_CHUNK) });
  }
}

/** The job's records from index `from` (inclusive) to `to` (exclusive), whatever their source. */
export async function readRecords(ctx: DatasetCtx, job: Job, from: number, to: number): Promise<unknown[]> {
  const { db } = ctx;
  if (job.inputKind === 'import' && job.importId)
    return importRecords(ctx, job.organizationId, job.importId, from, to);
  const chunks = await db
    .select()
    .from(jobRecordChunks)
    .where(
      and(eq(jobRecordChunks.jobId, job.id), ...chunkRange(jobRecordChunks.chunkIndex, from, to, JOB_CHUNK)),
    )
    .orderBy(asc(jobRecordChunks.chunkIndex));
  return chunks
    .flatMap((c) => c.records.map((r, i) => ({ i: c.firstIndex + i, r })))
    .filter((x) => x.i >= from && x.i < to)
    .map((x) => x.r);
}

/** Batches of the job's records in order, never more than one batch in memory. */
export async function* recordBatches(
  ctx: DatasetCtx,
  job: Job,
  size = JOB_CHUNK,
): AsyncGenerator<{ first: number; records: unknown[] }> {
  for (let first = 0; first < job.recordCount; first += size) {
    yield { first, records: await readRecords(ctx, job, first, Math.min(job.recordCount, first + size)) };
  }
}
