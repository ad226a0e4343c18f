import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { DuckDBConnection } from '@duckdb/node-api';
import { setOwn } from '../imports/parsers/types.ts';
import { ROW_GROUP_ROWS } from './csv-import.ts';
import { type LineMap, linesOfRows } from './csv-lines.ts';
import { type DatasetCtx, type DatasetFile, localFile, scratchPath, storeFile } from './dataset-files.ts';
import { type DatasetRow, findDataset, insertDataset, removeDataset } from './datasets.repository.ts';
import { ident, lit, withDuckDb } from './duckdb.ts';

export { importCsvDataset } from './csv-import.ts';
export { DatasetCorruptError, type DatasetCtx, forgetVerifiedFiles, scratchPath } from './dataset-files.ts';
export type { DatasetRow } from './datasets.repository.ts';
export { findDataset } from './datasets.repository.ts';

export interface DatasetRecord {
  index: number;
  line: number;
  record: Record<string, unknown>;
}

/** Longest JSON record a `records` dataset holds. */
const MAX_RECORD_BYTES = 64 * 1024 * 1024;

/**
 * Writes records (with their source line) as a `records` dataset: JSON lines to a scratch file
 * as they come (memory stays flat), then one native pass turns them into Parquet row groups.
 */
export async function createRecordWriter(ctx: DatasetCtx, opts: { orgId: string; kind: string }) {
  const tsv = await scratchPath(ctx, 'tsv');
  const out = createWriteStream(tsv);
  let rows = 0;
  let buffer = '';
  const flush = async () => {
    if (!buffer) return;
    const ok = out.write(buffer);
    buffer = '';
    if (!ok) await new Promise<void>((r) => out.once('drain', () => r()));
  };
  const cleanup = async () => {
    if (!out.closed) await new Promise((r) => out.end(r));
    await rm(tsv, { force: true });
  };
  return {
    get rows() {
      return rows;
    },
    /** JSON.stringify escapes tabs and newlines, so one record is one line */
    async append(line: number, record: unknown) {
      buffer += `${line}\t${JSON.stringify(record)}\n`;
      rows++;
      if (buffer.length > 1 << 20) await flush();
    },
    async finish(): Promise<DatasetRow> {
      await flush();
      await new Promise((r) => out.end(r));
      const parquet = await scratchPath(ctx, 'parquet');
      try {
        const files: DatasetFile[] = [];
        if (rows) {
          await withDuckDb(ctx.config?.DATA_DIR, (c) =>
            c.run(
              `COPY (SELECT line, record FROM read_csv(${lit(tsv)}, columns = {'line': 'BIGINT', 'record': 'VARCHAR'},
                 auto_detect = false, header = false, delim = '\t', quote = '', escape = '',
                 max_line_size = ${MAX_RECORD_BYTES}, buffer_size = ${MAX_RECORD_BYTES * 2}))
               TO ${lit(parquet)} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE ${ROW_GROUP_ROWS})`,
            ),
          );
          files.push(await storeFile(ctx, parquet, rows));
        }
        return await insertDataset(ctx.db, {
          organizationId: opts.orgId,
          kind: opts.kind,
          layout: 'records',
          columns: [
            { name: 'line', type: 'BIGINT' },
            { name: 'record', type: 'JSON' },
          ],
          rowCount: rows,
          files,
        });
      } finally {
        await rm(parquet, { force: true });
        await cleanup();
      }
    },
    abort: cleanup,
  };
}

/** The files overlapping rows [from, to), each with the row range to read from it. */
function slicesOf(ds: DatasetRow, from: number, to: number) {
  const out: { file: DatasetFile; offset: number; count: number; first: number }[] = [];
  let first = 0;
  for (const file of ds.files) {
    const end = first + file.rows;
    if (end > from && first < to) {
      const start = Math.max(from, first);
      out.push({ file, offset: start - first, count: Math.min(to, end) - start, first: start });
    }
    first = end;
  }
  return out;
}

async function readSlice(
  c: DuckDBConnection,
  ds: DatasetRow,
  path: string,
  offset: number,
  count: number,
): Promise<{ line: number | null; record: Record<string, unknown> }[]> {
  if (ds.layout === 'records') {
    // one string per slice: a single JSON.parse is far cheaper than a value per row through N-API
    const r = await c.runAndReadAll(
      `SELECT '[' || string_agg(record, ',' ORDER BY n) || ']', list(line ORDER BY n)::BIGINT[]::VARCHAR
       FROM (SELECT file_row_number AS n, line, record FROM read_parquet(${lit(path)}, file_row_number = true)
             WHERE file_row_number >= ${offset} AND file_row_number < ${offset + count})`,
    );
    const [json, lines] = r.getRows()[0] ?? [];
    if (json == null) return [];
    const records = JSON.parse(String(json)) as Record<string, unknown>[];
    const lineList = JSON.parse(String(lines)) as number[];
    return records.map((record, i) => ({ line: lineList[i] ?? null, record }));
  }
  const names = ds.columns.map((col) => col.name);
  const r = await c.runAndReadAll(
    `SELECT ${names.map(ident).join(', ')} FROM read_parquet(${lit(path)}, file_row_number = true)
     WHERE file_row_number >= ${offset} AND file_row_number < ${offset + count} ORDER BY file_row_number`,
  );
  return r.getRows().map((values) => {
    const record: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) setOwn(record, names[i]!, values[i] ?? null);
    return { line: null, record };
  });
}

/** Rows [from, to) of a dataset with their index and source line (as stored by the import). */
export async function readDatasetRows(
  ctx: DatasetCtx,
  ds: DatasetRow,
  from: number,
  to: number,
): Promise<DatasetRecord[]> {
  to = Math.min(to, ds.rowCount);
  if (from >= to) return [];
  const slices = slicesOf(ds, from, to);
  const paths = await Promise.all(slices.map((s) => localFile(ctx, s.file)));
  const rows = await withDuckDb(ctx.config?.DATA_DIR, async (c) => {
    const out: { line: number | null; record: Record<string, unknown> }[] = [];
    for (let i = 0; i < slices.length; i++)
      out.push(...(await readSlice(c, ds, paths[i]!, slices[i]!.offset, slices[i]!.count)));
    return out;
  });
  const lines = ds.lines ? linesOfRows(ds.lines as unknown as LineMap, from, rows.length) : null;
  return rows.map((r, i) => ({
    index: from + i,
    line: r.line ?? lines?.[i] ?? from + i + 1,
    record: r.record,
  }));
}

/** Batches of a dataset's rows in order, one batch in memory at a time. */
export async function* datasetBatches(
  ctx: DatasetCtx,
  ds: DatasetRow,
  opts: { from?: number; to?: number; size?: number } = {},
): AsyncGenerator<DatasetRecord[]> {
  const size = opts.size ?? 10_000;
  const to = Math.min(opts.to ?? ds.rowCount, ds.rowCount);
  for (let first = opts.from ?? 0; first < to; first += size)
    yield await readDatasetRows(ctx, ds, first, Math.min(to, first + size));
}

/** Loads the dataset row, scoped to the organization. */
export async function getDataset(ctx: DatasetCtx, orgId: string, id: string) {
  return findDataset(ctx.db, orgId, id);
}

/** Drops the metadata; the files stay in the blob store (content-addressed, possibly shared). */
export async function deleteDataset(ctx: DatasetCtx, orgId: string, id: string) {
  await removeDataset(ctx.db, orgId, id);
}

/**
 * A uniform sample of a dataset's records (for profiling: formats and examples need a few
 * thousand values, not millions), and per column the exact null count and an estimate of
 * the distinct count over every row, computed natively.
 */
export async function profileInputs(ctx: DatasetCtx, ds: DatasetRow, sampleSize = 20_000) {
  if (!ds.files.length || ds.layout !== 'columns') return { sample: [], stats: [] };
  const paths = await Promise.all(ds.files.map((f) => localFile(ctx, f)));
  const source = `read_parquet([${paths.map(lit).join(', ')}], file_row_number = true)`;
  const names = ds.columns.map((c) => c.name);
  // every k-th row: an even spread over the file, in the same single pass as the counts
  const step = Math.max(1, Math.ceil(ds.rowCount / sampleSize));
  const columns = names.map(ident).join(', ');
  const aggregates = names
    .map((n) => `count(${ident(n)})::BIGINT, approx_count_distinct(${ident(n)})::BIGINT`)
    .join(', ');
  return withDuckDb(ctx.config?.DATA_DIR, async (c) => {
    const r = await c.runAndReadAll(
      `SELECT ${aggregates}, to_json(list([${columns}]) FILTER (WHERE file_row_number % ${step} = 0))::VARCHAR
       FROM ${source}`,
    );
    const a = r.getRows()[0] ?? [];
    const sample = (JSON.parse(String(a[2 * names.length] ?? '[]')) as (string | null)[][]).map((values) => {
      const record: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) setOwn(record, names[i]!, values[i] ?? null);
      return record;
    });
    // HyperLogLog: exact for small counts, within a few percent for large ones (3× cheaper
    // than an exact count); never more than the values there are
    const stats = names.map((name, i) => ({
      name,
      nulls: ds.rowCount - Number(a[2 * i] ?? 0),
      distinct: Math.min(Number(a[2 * i + 1] ?? 0), Number(a[2 * i] ?? 0)),
    }));
    return { sample, stats };
  });
}
