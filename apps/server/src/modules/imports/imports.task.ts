import type { TImportColumn } from '@mapwright/contracts';
import { columnInsights, createProfiler, type FieldProfile } from '@mapwright/engine';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { fileVersions, importProblems, imports } from '../../db/schema.ts';
import { defineTask, PermanentTaskError } from '../../jobs/worker.ts';
import {
  createRecordWriter,
  type DatasetCtx,
  deleteDataset,
  findDataset,
  importCsvDataset,
  profileInputs,
} from '../datasets/datasets.service.ts';
import { csvOnDisk } from './csv-file.ts';
import { detectCsv, type ImportFormat, parseFile, UnreadableFileError } from './parsers/index.ts';

/** problems kept with their text; beyond this they are only counted */
export const MAX_STORED_PROBLEMS = 10_000;
const PROBLEM_BATCH = 500;
/** records the column insights of a streamed (Excel, JSON) import look at */
const INSIGHT_SAMPLE = 20_000;

/** The type a column's values should become, from what the profiler saw in them. */
export function columnOf(f: FieldProfile): TImportColumn {
  const byFormat: Record<string, string> = {
    'integer-string': 'integer',
    'number-string': 'number',
    currency: 'number',
    percent: 'number',
    'boolean-string': 'boolean',
    date: 'date',
    'date-time': 'date-time',
  };
  return {
    path: f.path,
    name: f.name,
    type: (f.format && byFormat[f.format]) ?? (f.type === 'null' ? 'string' : f.type),
    format: f.format ?? null,
    layout: f.layout ?? null,
    null_rate: f.nullRate,
    distinct_count: f.distinctCount,
    examples: f.examples.slice(0, 3),
  };
}

/**
 * Adds what the profile warns about to each column (its kind of values, ways of writing them side
 * by side, spellings of one value), from a sample of records: shares and spellings need a few
 * thousand values, not every row.
 */
export function withInsights(columns: TImportColumn[], sample: readonly unknown[]): TImportColumn[] {
  return columns.map((c) => {
    if (c.path.includes('[*]')) return c;
    const keys = c.path.split('.');
    const values = sample.map((r) => {
      let v: unknown = r;
      for (const k of keys)
        v = v && typeof v === 'object' && Object.hasOwn(v, k) ? (v as Record<string, unknown>)[k] : undefined;
      return v === null || v === undefined || typeof v === 'object' ? null : String(v);
    });
    const { semantic, formats, variants } = columnInsights(c.name, values);
    return { ...c, semantic, formats: formats.slice(0, 10), variants: variants.slice(0, 20) };
  });
}

type ImportRow = typeof imports.$inferSelect;
/** bytes read since the last call, and rows stored so far */
type OnProgress = (bytes: number, rows: number) => void;
type Problem = { importId: string; line: number; reason: string; raw: string | null };
interface Outcome {
  datasetId: string;
  rowCount: number;
  problemCount: number;
  columns: TImportColumn[];
  detected: Record<string, unknown>;
}

/**
 * CSV and TSV: parsed natively into a columnar dataset (see datasets/csv-import.ts), then
 * profiled from a uniform sample, with null rates and distinct counts over every row.
 */
async function importDelimited(
  app: DatasetCtx,
  imp: ImportRow,
  sha256: string,
  onBytes: OnProgress,
  signal: AbortSignal,
) {
  const open = () => app.blobs.get(sha256);
  const { detected, names } = await detectCsv(open, { ...imp.options, tsv: imp.format === 'tsv' });
  if (!names.length) throw new UnreadableFileError('The file has no rows');
  const d = detected as Required<typeof detected>;
  const file = await csvOnDisk(app, sha256, d.encoding);
  try {
    const result = await importCsvDataset(app, {
      orgId: imp.organizationId,
      path: file.path,
      names,
      header: d.header,
      delimiter: d.delimiter,
      quote: d.quote,
      maxProblems: MAX_STORED_PROBLEMS,
      onProgress: onBytes,
      signal,
    });
    if (result.problems.length)
      for (let i = 0; i < result.problems.length; i += PROBLEM_BATCH)
        await app.db
          .insert(importProblems)
          .values(result.problems.slice(i, i + PROBLEM_BATCH).map((p) => ({ importId: imp.id, ...p })));
    const ds = (await findDataset(app.db, imp.organizationId, result.datasetId))!;
    const { sample, stats } = await profileInputs(app, ds);
    const profiler = createProfiler();
    for (const r of sample) profiler.add(r);
    const byName = new Map(stats.map((s) => [s.name, s]));
    const columns = profiler
      .result()
      .fields.map(columnOf)
      .map((c) => {
        const s = byName.get(c.path);
        if (!s || !result.rowCount) return c;
        return { ...c, null_rate: s.nulls / result.rowCount, distinct_count: s.distinct };
      });
    return { ...result, columns: withInsights(columns, sample), detected: { ...detected } } satisfies Outcome;
  } finally {
    await file.release();
  }
}

/** Excel and JSON: the streaming parsers, records written to a dataset as they come. */
async function importRecords(
  app: DatasetCtx,
  imp: ImportRow,
  sha256: string,
  onBytes: OnProgress,
  signal: AbortSignal,
) {
  const writer = await createRecordWriter(app, { orgId: imp.organizationId, kind: 'import' });
  let problemCount = 0;
  let problems: Problem[] = [];
  const profiler = createProfiler();
  // the first records, for the column insights (a streamed file has no cheaper even sample)
  const sample: unknown[] = [];
  try {
    const { detected, items } = await parseFile(
      imp.format as ImportFormat,
      () => app.blobs.get(sha256),
      imp.options,
      (n) => onBytes(n, writer.rows),
    );
    for await (const item of items) {
      if (signal.aborted) throw signal.reason;
      if (item.kind === 'record') {
        profiler.add(item.record);
        if (sample.length < INSIGHT_SAMPLE) sample.push(item.record);
        await writer.append(item.line, item.record);
      } else {
        problemCount++;
        if (problemCount <= MAX_STORED_PROBLEMS)
          problems.push({ importId: imp.id, line: item.line, reason: item.reason, raw: item.raw ?? null });
        if (problems.length >= PROBLEM_BATCH) {
          await app.db.insert(importProblems).values(problems);
          problems = [];
        }
      }
    }
    if (problems.length) await app.db.insert(importProblems).values(problems);
    const ds = await writer.finish();
    return {
      datasetId: ds.id,
      rowCount: ds.rowCount,
      problemCount,
      columns: withInsights(profiler.result().fields.map(columnOf), sample),
      detected: { ...detected },
    } satisfies Outcome;
  } catch (err) {
    await writer.abort();
    throw err;
  }
}

/**
 * Parses the file version into a dataset (Parquet in the blob store), profiling it; safe to run
 * again after a crash: a retry starts over, and the import points at a dataset only once it is
 * whole, so a killed attempt leaves no partial rows behind.
 */
export const importTask = defineTask({
  kind: 'import.run',
  payload: z.object({ importId: z.uuid() }),
  maxAttempts: 3,
  async handler({ app, payload, signal, progress }) {
    const { db } = app;
    const [imp] = await db.select().from(imports).where(eq(imports.id, payload.importId));
    if (!imp || imp.status === 'cancelled') return { skipped: true };
    const [version] = imp.fileVersionId
      ? await db.select().from(fileVersions).where(eq(fileVersions.id, imp.fileVersionId))
      : [];
    if (!version) {
      await db
        .update(imports)
        .set({ status: 'failed', error: 'The file version was deleted', finishedAt: new Date() })
        .where(eq(imports.id, imp.id));
      throw new PermanentTaskError('The file version was deleted');
    }
    if (imp.datasetId) await deleteDataset(app, imp.organizationId, imp.datasetId);
    await db.delete(importProblems).where(eq(importProblems.importId, imp.id));
    await db
      .update(imports)
      .set({
        status: 'running',
        datasetId: null,
        bytesRead: 0,
        rowCount: 0,
        problemCount: 0,
        error: null,
        updatedAt: new Date(),
      })
      .where(eq(imports.id, imp.id));

    let bytesRead = 0;
    let lastReport = 0;
    const onBytes: OnProgress = (n, rowCount) => {
      bytesRead += n;
      const now = Date.now();
      if (now - lastReport < 250) return;
      lastReport = now;
      progress({ bytesRead, rowCount });
      void db
        .update(imports)
        .set({ bytesRead, rowCount, updatedAt: new Date() })
        .where(eq(imports.id, imp.id))
        .catch(() => {});
    };

    try {
      const outcome =
        imp.format === 'csv' || imp.format === 'tsv'
          ? await importDelimited(app, imp, version.sha256, onBytes, signal)
          : await importRecords(app, imp, version.sha256, onBytes, signal);
      if (signal.aborted) throw signal.reason;
      await db
        .update(imports)
        .set({
          status: 'succeeded',
          datasetId: outcome.datasetId,
          detected: outcome.detected,
          columns: outcome.columns,
          rowCount: outcome.rowCount,
          problemCount: outcome.problemCount,
          bytesRead: imp.bytesTotal,
          finishedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(imports.id, imp.id));
      progress({ bytesRead: imp.bytesTotal, rowCount: outcome.rowCount, problemCount: outcome.problemCount });
      return { rowCount: outcome.rowCount, problemCount: outcome.problemCount };
    } catch (err) {
      if (signal.aborted) {
        // only a cancel ends the import; a worker that stops or lost its lease hands it back,
        // and the next attempt starts the file over
        if ((signal.reason as Error | undefined)?.message === 'cancelled')
          await db
            .update(imports)
            .set({ status: 'cancelled', finishedAt: new Date(), updatedAt: new Date() })
            .where(eq(imports.id, imp.id));
        throw err;
      }
      if (err instanceof UnreadableFileError) {
        await db
          .update(imports)
          .set({ status: 'failed', error: err.message, finishedAt: new Date(), updatedAt: new Date() })
          .where(eq(imports.id, imp.id));
        throw new PermanentTaskError(err.message);
      }
      throw err;
    }
  },
});
