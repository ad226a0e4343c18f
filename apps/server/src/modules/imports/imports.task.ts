import type { TImportColumn } from '@mapwright/contracts';
import { createProfiler, type FieldProfile } from '@mapwright/engine';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { fileVersions, importChunks, importProblems, imports } from '../../db/schema.ts';
import { defineTask, PermanentTaskError } from '../../jobs/worker.ts';
import { type ImportFormat, parseFile, UnreadableFileError } from './parsers/index.ts';

export const CHUNK_ROWS = 500;
/** problems kept with their text; beyond this they are only counted */
export const MAX_STORED_PROBLEMS = 10_000;

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

/** Parses the file version into chunks of rows, profiling as it goes; safe to run again after a crash. */
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
    // a retry starts over: what an interrupted attempt wrote is removed first
    await db.delete(importChunks).where(eq(importChunks.importId, imp.id));
    await db.delete(importProblems).where(eq(importProblems.importId, imp.id));
    await db
      .update(imports)
      .set({
        status: 'running',
        bytesRead: 0,
        rowCount: 0,
        problemCount: 0,
        error: null,
        updatedAt: new Date(),
      })
      .where(eq(imports.id, imp.id));

    let bytesRead = 0;
    let rowCount = 0;
    let problemCount = 0;
    let chunkIndex = 0;
    let rows: { line: number; record: Record<string, unknown> }[] = [];
    let problems: { importId: string; line: number; reason: string; raw: string | null }[] = [];
    const profiler = createProfiler();

    const flushProblems = async () => {
      if (problems.length) {
        await db.insert(importProblems).values(problems);
        problems = [];
      }
    };
    const flush = async () => {
      if (rows.length) {
        await db
          .insert(importChunks)
          .values({ importId: imp.id, chunkIndex, firstRow: rowCount - rows.length, rows });
        chunkIndex++;
        rows = [];
      }
      await flushProblems();
      await db
        .update(imports)
        .set({ bytesRead, rowCount, problemCount, updatedAt: new Date() })
        .where(eq(imports.id, imp.id));
      progress({ bytesRead, rowCount, problemCount });
    };

    try {
      const { detected, items } = await parseFile(
        imp.format as ImportFormat,
        () => app.blobs.get(version.sha256),
        imp.options,
        (n) => {
          bytesRead += n;
        },
      );
      for await (const item of items) {
        if (signal.aborted) throw signal.reason;
        if (item.kind === 'record') {
          profiler.add(item.record);
          rows.push({ line: item.line, record: item.record });
          rowCount++;
          if (rows.length >= CHUNK_ROWS) await flush();
        } else {
          problemCount++;
          if (problemCount <= MAX_STORED_PROBLEMS)
            problems.push({ importId: imp.id, line: item.line, reason: item.reason, raw: item.raw ?? null });
          if (problems.length >= CHUNK_ROWS) await flushProblems();
        }
      }
      await flush();
      const columns = profiler.result().fields.map(columnOf);
      await db
        .update(imports)
        .set({
          status: 'succeeded',
          detected: { ...detected },
          columns,
          bytesRead: imp.bytesTotal,
          finishedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(imports.id, imp.id));
      return { rowCount, problemCount };
    } catch (err) {
      if (signal.aborted) {
        await db.delete(importChunks).where(eq(importChunks.importId, imp.id));
        await db
          .update(imports)
          .set({ status: 'cancelled', finishedAt: new Date(), updatedAt: new Date() })
          .where(eq(imports.id, imp.id));
        throw err;
      }
      if (err instanceof UnreadableFileError) {
        await db.delete(importChunks).where(eq(importChunks.importId, imp.id));
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
