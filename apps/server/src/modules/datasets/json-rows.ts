import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { DuckDBConnection } from '@duckdb/node-api';
import { type DatasetCtx, type DatasetFile, scratchPath, storeFile } from './dataset-files.ts';
import { ident, lit, withDuckDb } from './duckdb.ts';

import { type JsonColumn, rowEncoder } from './row-text.ts';

export type { JsonColumn };

/** Rows a Parquet row group holds: big enough to compress well, small enough to read a page fast. */
export const ROW_GROUP_ROWS = 10_240;
/** Longest row accepted. */
const MAX_ROW_BYTES = 64 * 1024 * 1024;

/**
 * Writes one Parquet file of rows: tab-separated lines to a scratch file as rows come (memory
 * stays flat; JSON.stringify escapes tabs and newlines, so a row is one line), then one native
 * pass turns them into row groups. zstd by default; Snappy where the file is read back in bulk
 * by JavaScript (a `records` file, a job's input: parquet-pages.ts), which has no fast zstd.
 */
export async function createFileWriter(
  ctx: DatasetCtx,
  columns: JsonColumn[],
  { compression = 'zstd' }: { compression?: 'zstd' | 'snappy' } = {},
) {
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
  const encode = rowEncoder(columns);
  return {
    get rows() {
      return rows;
    },
    /** Adds a row; the returned promise (wait for it) is only pending while the file catches up. */
    append(values: unknown[]): Promise<void> | undefined {
      buffer += encode(values);
      rows++;
      return buffer.length > 1 << 20 ? flush() : undefined;
    },
    /** Adds `count` rows already encoded by `rowEncoder` (an engine thread's output, as text or UTF-8). */
    async appendText(text: string | Uint8Array, count: number) {
      await flush();
      rows += count;
      if (!out.write(text)) await new Promise<void>((r) => out.once('drain', () => r()));
    },
    /** The file in the blob store, or null when no row was written. */
    async finish(): Promise<DatasetFile | null> {
      await flush();
      await new Promise((r) => out.end(r));
      if (!rows) {
        await cleanup();
        return null;
      }
      const parquet = await scratchPath(ctx, 'parquet');
      try {
        const types = columns.map((c) => `${lit(c.name)}: '${c.type === 'JSON' ? 'VARCHAR' : c.type}'`);
        await withDuckDb(ctx.config?.DATA_DIR, (c) =>
          c.run(
            `COPY (SELECT * FROM read_csv(${lit(tsv)}, columns = {${types.join(', ')}},
               auto_detect = false, header = false, delim = '\t', quote = '', escape = '',
               max_line_size = ${MAX_ROW_BYTES}, buffer_size = ${MAX_ROW_BYTES * 2}))
             TO ${lit(parquet)} (FORMAT parquet, COMPRESSION ${compression}, ROW_GROUP_SIZE ${ROW_GROUP_ROWS})`,
          ),
        );
        return await storeFile(ctx, parquet, rows);
      } finally {
        await rm(parquet, { force: true });
        await cleanup();
      }
    },
    abort: cleanup,
  };
}

/**
 * Rows of JSON-rows files as arrays of values. One JSON text per query: a single JSON.parse is
 * far cheaper than handing every value through N-API.
 */
export async function readJsonRows(
  c: DuckDBConnection,
  paths: string[],
  columns: JsonColumn[],
  opts: { where?: string; offset: number; limit: number },
): Promise<unknown[][]> {
  const cells = columns.map((col) => `${ident(col.name)}::VARCHAR`).join(", ',', ");
  const r = await c.runAndReadAll(
    `SELECT '[' || coalesce(string_agg(concat('[', ${cells}, ']'), ',' ORDER BY f, n), '') || ']'
     FROM (SELECT * FROM (SELECT file_index AS f, file_row_number AS n, *
                          FROM read_parquet([${paths.map(lit).join(', ')}], file_row_number = true))
           ${opts.where ? `WHERE ${opts.where}` : ''} ORDER BY f, n LIMIT ${opts.limit} OFFSET ${opts.offset})`,
  );
  return JSON.parse(String(r.getRows()[0]?.[0] ?? '[]')) as unknown[][];
}

/** How many rows of the files match `where`. */
export async function countJsonRows(c: DuckDBConnection, paths: string[], where: string) {
  const r = await c.runAndReadAll(
    `SELECT count(*)::BIGINT FROM read_parquet([${paths.map(lit).join(', ')}]) WHERE ${where}`,
  );
  return Number(r.getRows()[0]?.[0] ?? 0);
}
