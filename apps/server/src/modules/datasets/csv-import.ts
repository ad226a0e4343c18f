import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createCsvLineScanner, type LineMap, lineOfRecord } from './csv-lines.ts';
import { type DatasetCtx, type DatasetFile, scratchPath, storeFile } from './dataset-files.ts';
import { insertDataset } from './datasets.repository.ts';
import { ident, lit, withDuckDb } from './duckdb.ts';
import { ROW_GROUP_ROWS } from './json-rows.ts';

/** Longest record accepted (as the streaming parser allowed). */
const MAX_RECORD_BYTES = 1_048_576;
/**
 * DuckDB's read buffer per piece: its default (16× the longest line) kept ~300 MiB in use while
 * a 64 MiB piece converted; 4 MiB keeps it near 120 MiB and measured faster.
 */
const READ_BUFFER_BYTES = 4 * MAX_RECORD_BYTES;
const RAW_LIMIT = 500;

export interface CsvDatasetInput {
  orgId: string;
  /** a UTF-8 file on this machine */
  path: string;
  names: string[];
  header: boolean;
  delimiter: string;
  quote: string;
  /** keep at most this many rejected rows with their text (all are counted) */
  maxProblems: number;
  /** bytes scanned since the last call and records seen so far (an estimate of the rows) */
  onProgress?: (bytes: number, records: number) => void;
  /** aborting interrupts the native parse */
  signal?: AbortSignal;
  /** the size of the pieces the file is cut into (default CSV_SEGMENT_BYTES; tests cut small) */
  segmentBytes?: number;
}

export interface CsvDatasetResult {
  datasetId: string;
  rowCount: number;
  problemCount: number;
  problems: { line: number; reason: string; raw: string | null }[];
}

const reasonOf = (type: string, message: string) =>
  type === 'TOO MANY COLUMNS' || type === 'MISSING COLUMNS'
    ? message.replace(/^Expected Number of Columns: (\d+) Found: (\d+)$/, 'expected $1 fields, found $2')
    : message;

/**
 * Bytes per piece the file is cut into: DuckDB converts one piece while the next is read, so
 * its memory is bounded by a piece, not the file (a 1 GiB file in one ordered copy grew the
 * process by ~400 MiB and spilled).
 */
export const CSV_SEGMENT_BYTES = 64 * 1024 * 1024;

interface Segment {
  path: string;
  /** R (see csv-lines.ts) of the piece's first record: DuckDB numbers records per piece */
  firstRecord: number;
  header: boolean;
}

type Rejected = { r: number; reason: string; raw: string | null };

/**
 * CSV to a Parquet dataset at native speed. One pass here reads the file, cutting it at record
 * boundaries into pieces of about CSV_SEGMENT_BYTES and finding blank lines and multi-line
 * records (so every row and problem keeps its exact source line); DuckDB turns each piece into
 * one Parquet file (all text, in the given dialect, bad rows set aside with their record
 * numbers) while the next piece is read.
 */
export async function importCsvDataset(ctx: DatasetCtx, input: CsvDatasetInput): Promise<CsvDatasetResult> {
  const scanner = createCsvLineScanner(input.delimiter, input.quote, input.header);
  const segmentBytes = input.segmentBytes ?? CSV_SEGMENT_BYTES;
  const files: DatasetFile[] = [];
  const rejected: Rejected[] = [];
  const scratch: string[] = [];
  let rowCount = 0;
  let converting: Promise<void> = Promise.resolve();
  const convert = (seg: Segment) => {
    // one piece at a time, in order: files and record numbers stay in file order
    converting = converting.then(async () => {
      const out = await scratchPath(ctx, 'parquet');
      scratch.push(out);
      const r = await convertSegment(ctx, input, seg, out);
      await rm(seg.path, { force: true });
      for (const x of r.rejected) rejected.push(x);
      rowCount += r.rows;
      if (r.rows) files.push(await storeFile(ctx, out, r.rows));
      await rm(out, { force: true });
    });
    return converting;
  };
  try {
    let seg: Segment = { path: await scratchPath(ctx, 'csv'), firstRecord: 1, header: input.header };
    scratch.push(seg.path);
    let out = createWriteStream(seg.path);
    let bytes = 0;
    for await (const chunk of createReadStream(input.path, {
      highWaterMark: Math.min(1 << 20, segmentBytes),
    })) {
      input.signal?.throwIfAborted();
      const buf = chunk as Buffer;
      const { cut, record } = scanner.push(buf);
      input.onProgress?.(buf.length, scanner.records());
      if (bytes + buf.length < segmentBytes || cut < 0) {
        bytes += buf.length;
        await write(out, buf);
        continue;
      }
      await write(out, buf.subarray(0, cut));
      await close(out);
      // the previous piece must be done before this one starts: at most one converts at a time
      await converting;
      void convert(seg).catch(() => {});
      seg = { path: await scratchPath(ctx, 'csv'), firstRecord: record, header: false };
      scratch.push(seg.path);
      out = createWriteStream(seg.path);
      bytes = buf.length - cut;
      await write(out, buf.subarray(cut));
    }
    await close(out);
    await converting;
    if (bytes > 0 || !files.length) await convert(seg);
    input.signal?.throwIfAborted();
    const partial = scanner.end();
    const lines: LineMap = {
      ...partial,
      skipped: [...new Set([...partial.skipped, ...rejected.map((x) => x.r)])].sort((a, b) => a - b),
    };
    const dataset = await insertDataset(ctx.db, {
      organizationId: input.orgId,
      kind: 'import',
      layout: 'columns',
      columns: input.names.map((name) => ({ name, type: 'VARCHAR' })),
      rowCount,
      files,
      lines: lines as unknown as Record<string, unknown>,
    });
    return {
      datasetId: dataset.id,
      rowCount,
      problemCount: rejected.length,
      problems: rejected
        .slice(0, input.maxProblems)
        .map((x) => ({ line: lineOfRecord(lines, x.r), reason: x.reason, raw: x.raw })),
    };
  } finally {
    await converting.catch(() => {});
    await Promise.all(scratch.map((p) => rm(p, { force: true })));
  }
}

async function write(out: WriteStream, buf: Uint8Array) {
  if (!out.write(buf)) await new Promise<void>((r) => out.once('drain', () => r()));
}
const close = (out: WriteStream) => new Promise<void>((r) => out.end(r));

/** One piece of the file to one Parquet file; rejected records by their number in the whole file. */
async function convertSegment(ctx: DatasetCtx, input: CsvDatasetInput, seg: Segment, out: string) {
  const tag = randomUUID().replaceAll('-', '');
  const columns = input.names.map((n) => `${lit(n)}: 'VARCHAR'`).join(', ');
  const select = input.names.map((n) => `NULLIF(${ident(n)}, '') AS ${ident(n)}`).join(', ');
  const read = `read_csv(${lit(seg.path)}, columns = {${columns}}, auto_detect = false,
    header = ${seg.header}, delim = ${lit(input.delimiter)}, quote = ${lit(input.quote)},
    escape = ${lit(input.quote)}, strict_mode = true, store_rejects = true,
    rejects_table = 'rej_${tag}', rejects_scan = 'scan_${tag}', max_line_size = ${MAX_RECORD_BYTES},
    buffer_size = ${READ_BUFFER_BYTES},
    encoding = 'utf-8')`;
  return withDuckDb(ctx.config?.DATA_DIR, async (c) => {
    const interrupt = () => c.interrupt();
    input.signal?.addEventListener('abort', interrupt);
    try {
      input.signal?.throwIfAborted();
      const copied = await c.runAndReadAll(
        `COPY (SELECT ${select} FROM ${read}) TO ${lit(out)}
         (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE ${ROW_GROUP_ROWS})`,
      );
      // one problem per record: DuckDB may report several errors of one bad line
      const rej = await c.runAndReadAll(
        `SELECT line::BIGINT, first(error_type), first(error_message), first(csv_line)
         FROM rej_${tag} GROUP BY line ORDER BY line`,
      );
      await c.run(`DROP TABLE IF EXISTS rej_${tag}; DROP TABLE IF EXISTS scan_${tag}`);
      return {
        rows: Number(copied.getRows()[0]?.[0] ?? 0),
        rejected: rej.getRows().map(([line, type, message, raw]) => ({
          r: seg.firstRecord + Number(line) - 1,
          reason: reasonOf(String(type), String(message)),
          raw: raw == null ? null : String(raw).slice(0, RAW_LIMIT),
        })),
      };
    } finally {
      input.signal?.removeEventListener('abort', interrupt);
    }
  });
}
