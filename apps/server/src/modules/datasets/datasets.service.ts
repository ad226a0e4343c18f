import type { DuckDBBlobValue, DuckDBConnection } from '@duckdb/node-api';
import type { Db } from '../../db/client.ts';
import { setOwn } from '../imports/parsers/types.ts';
import { type LineMap, linesOfRows } from './csv-lines.ts';
import { DatasetCorruptError, type DatasetCtx, type DatasetFile, localFile } from './dataset-files.ts';
import { type DatasetRow, insertDataset, removeDataset, updateFiles } from './datasets.repository.ts';
import { ident, lit, withDuckDb } from './duckdb.ts';
import { countJsonRows, createFileWriter, type JsonColumn, readJsonRows } from './json-rows.ts';
import { plainTextColumn, type RecordGroup, readFooter } from './parquet-pages.ts';

export { importCsvDataset } from './csv-import.ts';
export {
  cachedFiles,
  DatasetCorruptError,
  type DatasetCtx,
  type DatasetFile,
  forgetFiles,
  forgetVerifiedFiles,
  scratchPath,
} from './dataset-files.ts';
export { datasetKinds, datasetsByIds, listDatasets } from './dataset-list.ts';
export type { DatasetRow } from './datasets.repository.ts';
export { findDataset } from './datasets.repository.ts';

export interface DatasetRecord {
  index: number;
  line: number;
  record: Record<string, unknown>;
}

export const RECORD_COLUMNS: JsonColumn[] = [
  { name: 'line', type: 'BIGINT' },
  { name: 'record', type: 'JSON' },
];

/**
 * A file of RECORD_COLUMNS rows, Snappy-compressed: an engine thread reads its records straight
 * from the pages (parquet-pages.ts), and JavaScript has no zstd fast enough for that (measured:
 * 3.6 µs a record to inflate, against 0.1 for Snappy in WebAssembly: parquet-pages.ts).
 */
export const createRecordFileWriter = (ctx: DatasetCtx) =>
  createFileWriter(ctx, RECORD_COLUMNS, { compression: 'snappy' });

/** Writes records (with their source line) as a `records` dataset of one file. */
export async function createRecordWriter(ctx: DatasetCtx, opts: { orgId: string; kind: string }) {
  const writer = await createRecordFileWriter(ctx);
  return {
    get rows() {
      return writer.rows;
    },
    append: (line: number, record: unknown) => writer.append([line, record]),
    async finish(): Promise<DatasetRow> {
      const file = await writer.finish();
      return insertDataset(ctx.db, {
        organizationId: opts.orgId,
        kind: opts.kind,
        layout: 'records',
        columns: RECORD_COLUMNS,
        rowCount: file?.rows ?? 0,
        files: file ? [file] : [],
      });
    },
    abort: writer.abort,
  };
}

/** An empty `records` dataset that files of RECORD_COLUMNS are added to (a sync writing into it). */
export async function createRecordsDataset(ctx: DatasetCtx, opts: { orgId: string; kind: string }) {
  return insertDataset(ctx.db, {
    organizationId: opts.orgId,
    kind: opts.kind,
    layout: 'records',
    columns: RECORD_COLUMNS,
    rowCount: 0,
    files: [],
  });
}

/** An empty `json` dataset that files are appended to, in row order, as parts of it are written. */
export async function createJsonDataset(
  ctx: DatasetCtx,
  opts: { orgId: string; kind: string; columns: JsonColumn[] },
) {
  return insertDataset(ctx.db, {
    organizationId: opts.orgId,
    kind: opts.kind,
    layout: 'json',
    columns: opts.columns,
    rowCount: 0,
    files: [],
  });
}

/** Sets the files of a dataset being written (in row order); `db` may be a transaction. */
export async function setDatasetFiles(
  db: Db,
  ds: Pick<DatasetRow, 'organizationId' | 'id'>,
  files: DatasetFile[],
) {
  return updateFiles(db, ds.organizationId, ds.id, files);
}

/** Adds a finished file after the dataset's last row. */
export async function appendDatasetFile(ctx: DatasetCtx, ds: DatasetRow, file: DatasetFile) {
  return updateFiles(ctx.db, ds.organizationId, ds.id, [...ds.files, file]);
}

export { createFileWriter, type JsonColumn, ROW_GROUP_ROWS } from './json-rows.ts';
export { type BuiltRowGroup, RowGroupBuilder } from './parquet-build.ts';
export type { RecordGroup } from './parquet-pages.ts';
export { createParquetWriter } from './parquet-write.ts';

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
    const rows = await readJsonRows(c, [path], RECORD_COLUMNS, {
      where: `n >= ${offset} AND n < ${offset + count}`,
      offset: 0,
      limit: count,
    });
    return rows.map(([line, record]) => ({
      line: line as number,
      record: record as Record<string, unknown>,
    }));
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

/** Rows [from, to) of a `json` dataset as arrays of values in column order. */
export async function readJsonDatasetRows(ctx: DatasetCtx, ds: DatasetRow, from: number, to: number) {
  to = Math.min(to, ds.rowCount);
  if (from >= to) return [];
  const slices = slicesOf(ds, from, to);
  const paths = await Promise.all(slices.map((s) => localFile(ctx, s.file)));
  const columns = ds.columns as JsonColumn[];
  return withDuckDb(ctx.config?.DATA_DIR, async (c) => {
    const out: unknown[][] = [];
    for (let i = 0; i < slices.length; i++) {
      const { offset, count } = slices[i]!;
      // the row range as a filter on the row number lets DuckDB skip whole row groups
      const rows = await readJsonRows(c, [paths[i]!], columns, {
        where: `n >= ${offset} AND n < ${offset + count}`,
        offset: 0,
        limit: count,
      });
      for (const r of rows) out.push(r);
    }
    return out;
  });
}

/**
 * Rows of a `json` dataset that match a SQL condition on its columns (the caller's own
 * constant text, never user input), paged, with the number of matches.
 */
export async function queryJsonDataset(
  ctx: DatasetCtx,
  ds: DatasetRow,
  where: string,
  page: { offset: number; limit: number },
) {
  if (!ds.files.length) return { rows: [] as unknown[][], total: 0 };
  const paths = await Promise.all(ds.files.map((f) => localFile(ctx, f)));
  return withDuckDb(ctx.config?.DATA_DIR, async (c) => ({
    rows: await readJsonRows(c, paths, ds.columns as JsonColumn[], { where, ...page }),
    total: await countJsonRows(c, paths, where),
  }));
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

/**
 * Records [from, to) of a dataset as the text of one JSON array, built natively: a job hands it
 * to an engine thread as it is, so the process's main thread never parses the rows it maps.
 */
export async function readDatasetRecordsJson(ctx: DatasetCtx, ds: DatasetRow, from: number, to: number) {
  return (await recordsJson(ctx, ds, from, to, false)) as string;
}

/**
 * The same JSON text as UTF-8 bytes. A job hands its input straight on to an engine thread: as
 * bytes it never becomes a string on the main thread (measured: a 2 MB string per batch in and
 * out kept the main thread's garbage collector busier than the rest of its work).
 */
export async function readDatasetRecordsJsonBytes(ctx: DatasetCtx, ds: DatasetRow, from: number, to: number) {
  return (await recordsJson(ctx, ds, from, to, true)) as Uint8Array;
}

async function recordsJson(ctx: DatasetCtx, ds: DatasetRow, from: number, to: number, bytes: boolean) {
  to = Math.min(to, ds.rowCount);
  if (from >= to) return bytes ? Buffer.from('[]') : '[]';
  const slices = slicesOf(ds, from, to);
  const paths = await Promise.all(slices.map((s) => localFile(ctx, s.file)));
  // records are stored as JSON text; a CSV row becomes an object of its text columns
  const value =
    ds.layout === 'columns'
      ? `to_json({${ds.columns.map((col) => `${lit(col.name)}: ${ident(col.name)}`).join(', ')}})::VARCHAR`
      : 'record::VARCHAR';
  return withDuckDb(ctx.config?.DATA_DIR, async (c) => {
    const parts: (string | Uint8Array)[] = [];
    for (let i = 0; i < slices.length; i++) {
      const { offset, count } = slices[i]!;
      // encode(): the text's UTF-8 bytes as a BLOB, as they are (a ::BLOB cast would read escapes)
      const agg = `coalesce(string_agg(${value}, ',' ORDER BY file_row_number), '')`;
      // one slice (a job's batch is one row group): the array whole from DuckDB, used as it
      // comes; each batch-sized buffer less is a garbage collection of the worker's heap less
      const whole = bytes && slices.length === 1;
      const r = await c.runAndReadAll(
        `SELECT ${whole ? `encode('[' || ${agg} || ']')` : bytes ? `encode(${agg})` : agg}
         FROM read_parquet(${lit(paths[i]!)}, file_row_number = true)
         WHERE file_row_number >= ${offset} AND file_row_number < ${offset + count}`,
      );
      const v = r.getRows()[0]?.[0];
      if (whole) return (v as DuckDBBlobValue).bytes;
      const part = bytes ? ((v as DuckDBBlobValue | null)?.bytes ?? new Uint8Array()) : String(v ?? '');
      if (part.length) parts.push(part);
    }
    if (!bytes) return `[${parts.join(',')}]`;
    const comma = Buffer.from(',');
    return Buffer.concat([
      Buffer.from('['),
      ...parts.flatMap((p, i) => (i ? [comma, p as Uint8Array] : [p as Uint8Array])),
      Buffer.from(']'),
    ]);
  });
}

/**
 * Where rows [from, to) of a `records` dataset are, row group by row group, when every file
 * holding them stores its records as plain text (parquet-pages.ts): an engine thread then reads
 * them itself, with its first row's index in the dataset. Null when one is not (another layout,
 * zstd or dictionary pages, files from before): read those with readDatasetRecordsJsonBytes.
 */
export async function plainRecordGroups(
  ctx: DatasetCtx,
  ds: DatasetRow,
  from: number,
  to: number,
): Promise<(RecordGroup & { first: number })[] | null> {
  if (ds.layout !== 'records') return null;
  const out: (RecordGroup & { first: number })[] = [];
  for (const s of slicesOf(ds, from, Math.min(to, ds.rowCount))) {
    const path = await localFile(ctx, s.file);
    let meta: ReturnType<typeof readFooter>;
    try {
      meta = readFooter(path);
    } catch (err) {
      throw new DatasetCorruptError(s.file, (err as Error).message);
    }
    if (!plainTextColumn(meta, 'record')) return null;
    let start = 0;
    meta.row_groups.forEach((rg, rowGroup) => {
      const end = start + Number(rg.num_rows);
      const a = Math.max(s.offset, start);
      const b = Math.min(s.offset + s.count, end);
      if (a < b) out.push({ path, rowGroup, from: a - start, to: b - start, first: s.first + a - s.offset });
      start = end;
    });
  }
  return out;
}

/**
 * Drops the metadata; the files (content-addressed, possibly shared) go with the next blob
 * sweep once no row names them (modules/storage).
 */
export async function deleteDataset(ctx: DatasetCtx, orgId: string, id: string) {
  await removeDataset(ctx.db, orgId, id);
}

/**
 * A uniform sample of a dataset's records (for profiling: formats and examples need a few
 * thousand values, not millions), and per column the exact null count and an estimate of
 * the distinct count over every row, computed natively.
 */
/** Up to this many rows the profile counts distinct values exactly. */
const EXACT_DISTINCT_ROWS = 1_000_000;

export async function profileInputs(ctx: DatasetCtx, ds: DatasetRow, sampleSize = 20_000) {
  if (!ds.files.length || ds.layout !== 'columns') return { sample: [], stats: [] };
  const paths = await Promise.all(ds.files.map((f) => localFile(ctx, f)));
  const source = `read_parquet([${paths.map(lit).join(', ')}], file_row_number = true)`;
  const names = ds.columns.map((c) => c.name);
  // every k-th row: an even spread over the file, in the same single pass as the counts
  const step = Math.max(1, Math.ceil(ds.rowCount / sampleSize));
  const columns = names.map(ident).join(', ');
  // exact distinct counts while they are cheap; HyperLogLog (within a few percent) beyond
  const distinct = ds.rowCount <= EXACT_DISTINCT_ROWS ? 'count(DISTINCT %)' : 'approx_count_distinct(%)';
  const aggregates = names
    .map((n) => `count(${ident(n)})::BIGINT, ${distinct.replace('%', ident(n))}::BIGINT`)
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
    // never more than the values there are
    const stats = names.map((name, i) => ({
      name,
      nulls: ds.rowCount - Number(a[2 * i] ?? 0),
      distinct: Math.min(Number(a[2 * i + 1] ?? 0), Number(a[2 * i] ?? 0)),
    }));
    return { sample, stats };
  });
}
export {
  type CellEditRow,
  cellEditLog,
  cellOverlay,
  recordCellEdits,
  undoLastCellEdit,
} from './cell-edits.ts';
export { columnValueCounts, duplicateRows } from './column-stats.ts';
export { type CsvField, inertText, writeJsonFieldsCsv } from './csv-export.ts';
export { type DatasetSql, queryDatasets, writeRecordsFromSql } from './dataset-sql.ts';
export {
  type CellOverlay,
  type CellType,
  cellProblem,
  eachGridChunk,
  type GridColumn,
  type GridQuery,
  type GridRow,
  gridPage,
} from './grid.ts';
export { type NativeExactJoin, NativeJoinLimitError, nativeExactJoin } from './join-exec.ts';
export { type ErrorRuleCount, errorRuleCounts, failedWith } from './json-errors.ts';
export { fieldsOfRecords, recordFields } from './record-fields.ts';
