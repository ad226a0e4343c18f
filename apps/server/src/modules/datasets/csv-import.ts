import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createCsvLineScanner, type LineMap, lineOfRecord } from './csv-lines.ts';
import { type DatasetCtx, scratchPath, storeFile } from './dataset-files.ts';
import { insertDataset } from './datasets.repository.ts';
import { ident, lit, withDuckDb } from './duckdb.ts';
import { ROW_GROUP_ROWS } from './json-rows.ts';

/** Longest record accepted (as the streaming parser allowed). */
const MAX_RECORD_BYTES = 1_048_576;
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
 * CSV to a Parquet dataset at native speed: DuckDB parses (all text, in the given dialect, bad
 * rows set aside with their record numbers) and writes row groups straight to a file, while one
 * pass here over the same bytes finds blank lines and multi-line records so every row and every
 * problem keeps its exact source line.
 */
export async function importCsvDataset(ctx: DatasetCtx, input: CsvDatasetInput): Promise<CsvDatasetResult> {
  const out = await scratchPath(ctx, 'parquet');
  const tag = randomUUID().replaceAll('-', '');
  const scanner = createCsvLineScanner(input.delimiter, input.quote, input.header);
  let scan: Promise<void> = Promise.resolve();
  const scanFile = async () => {
    for await (const chunk of createReadStream(input.path, { highWaterMark: 1 << 20 })) {
      scanner.push(chunk as Buffer);
      input.onProgress?.((chunk as Buffer).length, scanner.records());
    }
  };
  try {
    const columns = input.names.map((n) => `${lit(n)}: 'VARCHAR'`).join(', ');
    const select = input.names.map((n) => `NULLIF(${ident(n)}, '') AS ${ident(n)}`).join(', ');
    const read = `read_csv(${lit(input.path)}, columns = {${columns}}, auto_detect = false,
      header = ${input.header}, delim = ${lit(input.delimiter)}, quote = ${lit(input.quote)},
      escape = ${lit(input.quote)}, strict_mode = true, store_rejects = true,
      rejects_table = 'rej_${tag}', rejects_scan = 'scan_${tag}', max_line_size = ${MAX_RECORD_BYTES},
      encoding = 'utf-8')`;
    const { rowCount, rejected } = await withDuckDb(ctx.config?.DATA_DIR, async (c) => {
      const interrupt = () => c.interrupt();
      input.signal?.addEventListener('abort', interrupt);
      try {
        const copied = await c.runAndReadAll(
          `COPY (SELECT ${select} FROM ${read}) TO ${lit(out)}
           (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE ${ROW_GROUP_ROWS})`,
        );
        const rowCount = Number(copied.getRows()[0]?.[0] ?? 0);
        // one problem per record: DuckDB may report several errors of one bad line
        const rej = await c.runAndReadAll(
          `SELECT line::BIGINT, first(error_type), first(error_message), first(csv_line)
           FROM rej_${tag} GROUP BY line ORDER BY line`,
        );
        const rejected = rej.getRows().map(([line, type, message, raw]) => ({
          r: Number(line),
          reason: reasonOf(String(type), String(message)),
          raw: raw == null ? null : String(raw).slice(0, RAW_LIMIT),
        }));
        await c.run(`DROP TABLE IF EXISTS rej_${tag}; DROP TABLE IF EXISTS scan_${tag}`);
        return { rowCount, rejected };
      } finally {
        input.signal?.removeEventListener('abort', interrupt);
      }
    });
    // after the parse, not beside it: the ordered parallel copy wants both cores
    scan = scanFile();
    await scan;
    input.signal?.throwIfAborted();
    const partial = scanner.end();
    const lines: LineMap = {
      ...partial,
      skipped: [...new Set([...partial.skipped, ...rejected.map((x) => x.r)])].sort((a, b) => a - b),
    };
    const file = await storeFile(ctx, out, rowCount);
    const dataset = await insertDataset(ctx.db, {
      organizationId: input.orgId,
      kind: 'import',
      layout: 'columns',
      columns: input.names.map((name) => ({ name, type: 'VARCHAR' })),
      rowCount,
      files: rowCount ? [file] : [],
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
    await scan.catch(() => {});
    await rm(out, { force: true });
  }
}
