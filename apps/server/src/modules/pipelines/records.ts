import { and, asc, eq } from 'drizzle-orm';
import { jobRecordChunks, type jobs } from '../../db/schema.ts';
import { chunkRange } from '../../lib/chunks.ts';
import {
  createRecordWriter,
  type DatasetCtx,
  findDataset,
  plainRecordGroups,
  type RecordGroup,
  ROW_GROUP_ROWS,
  readDatasetRecordsJson,
  readDatasetRecordsJsonBytes,
  readDatasetRows,
} from '../datasets/datasets.service.ts';
import { importDataset, importRecords, importRecordsJson, importRowsOf } from '../imports/imports.service.ts';

/** Records per chunk of jobs stored before datasets; also the size of a scattered read. */
export const JOB_CHUNK = 1000;
type Job = typeof jobs.$inferSelect;

/**
 * Stores inline records as the job's input dataset (one Parquet file); returns its id. Any
 * iterable: a caller that generates records need not hold them all in memory.
 */
export async function storeInlineRecords(ctx: DatasetCtx, orgId: string, records: Iterable<unknown>) {
  const writer = await createRecordWriter(ctx, { orgId, kind: 'job-input' });
  try {
    let line = 0;
    for (const record of records) await writer.append(++line, record);
    return (await writer.finish()).id;
  } catch (err) {
    await writer.abort();
    throw err;
  }
}

/** The job's records from index `from` (inclusive) to `to` (exclusive), whatever their source. */
export async function readRecords(ctx: DatasetCtx, job: Job, from: number, to: number): Promise<unknown[]> {
  const { db } = ctx;
  if (job.inputKind === 'import' && job.importId)
    return importRecords(ctx, job.organizationId, job.importId, from, to);
  if (job.datasetId) {
    const ds = await findDataset(ctx.db, job.organizationId, job.datasetId);
    return ds ? (await readDatasetRows(ctx, ds, from, to)).map((r) => r.record) : [];
  }
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

/**
 * The job's records [from, to) with the line each came from: the source file's line for an
 * import, the position in the list (from 1) for inline records.
 */
export async function readRecordsWithLines(
  ctx: DatasetCtx,
  job: Job,
  from: number,
  to: number,
): Promise<{ index: number; line: number; record: unknown }[]> {
  if (job.inputKind === 'import' && job.importId)
    return importRowsOf(ctx, job.organizationId, job.importId, from, to);
  if (job.datasetId) {
    const ds = await findDataset(ctx.db, job.organizationId, job.datasetId);
    if (ds) return readDatasetRows(ctx, ds, from, to);
  }
  return (await readRecords(ctx, job, from, to)).map((record, i) => ({
    index: from + i,
    line: from + i + 1,
    record,
  }));
}

/** The same records as the text of a JSON array: datasets build it natively, unparsed. */
export async function readRecordsJson(ctx: DatasetCtx, job: Job, from: number, to: number): Promise<string> {
  if (job.inputKind === 'import' && job.importId)
    return importRecordsJson(ctx, job.organizationId, job.importId, from, to);
  if (job.datasetId) {
    const ds = await findDataset(ctx.db, job.organizationId, job.datasetId);
    return ds ? readDatasetRecordsJson(ctx, ds, from, to) : '[]';
  }
  return JSON.stringify(await readRecords(ctx, job, from, to));
}

/** The dataset holding the job's input, if it has one (inputs stored before datasets have not). */
async function inputDataset(ctx: DatasetCtx, job: Job) {
  if (job.inputKind === 'import' && job.importId) return importDataset(ctx, job.organizationId, job.importId);
  return job.datasetId ? findDataset(ctx.db, job.organizationId, job.datasetId) : undefined;
}

/**
 * Batches of the job's records in order, never more than one batch in memory, each one input
 * row group (a read across groups would decode one twice): where a plain `records` file holds
 * them (an engine thread reads them itself), else a dataset's (an import's too) as the UTF-8
 * bytes of their JSON text, which never become a string on this thread; inputs stored before
 * datasets as text.
 */
export async function* recordBatches(
  ctx: DatasetCtx,
  job: Job,
  range: { from: number; to: number } = { from: 0, to: job.recordCount },
  size = ROW_GROUP_ROWS,
): AsyncGenerator<{ first: number; count: number; json?: string | Uint8Array; groups?: RecordGroup[] }> {
  const ds = await inputDataset(ctx, job);
  const groups = ds ? await plainRecordGroups(ctx, ds, range.from, range.to) : null;
  if (groups) {
    for (const { first, ...group } of groups) yield { first, count: group.to - group.from, groups: [group] };
    return;
  }
  for (let first = range.from; first < range.to; ) {
    const end = Math.min(range.to, (Math.floor(first / size) + 1) * size);
    const json = ds
      ? await readDatasetRecordsJsonBytes(ctx, ds, first, end)
      : await readRecordsJson(ctx, job, first, end);
    yield { first, count: end - first, json };
    first = end;
  }
}
