import { rm } from 'node:fs/promises';
import type { DuckDBConnection } from '@duckdb/node-api';
import { type DatasetCtx, localFile, scratchPath, storeFile } from './dataset-files.ts';
import { type DatasetRow, insertDataset } from './datasets.repository.ts';
import { lit, withDuckDb } from './duckdb.ts';
import { ROW_GROUP_ROWS } from './json-rows.ts';

/**
 * A caller's own SQL over datasets (aggregates no fixed reader offers, e.g. golden records).
 * `from(i)` is the i-th dataset's rows as a table with its columns plus `file_index` and
 * `file_row_number`; the SQL is the caller's constant text with values quoted by `lit`.
 */
export type DatasetSql = (from: (i: number) => string) => string;

async function sourcesOf(ctx: DatasetCtx, inputs: DatasetRow[]) {
  const paths = await Promise.all(inputs.map((ds) => Promise.all(ds.files.map((f) => localFile(ctx, f)))));
  return (i: number) => {
    const p = paths[i] ?? [];
    // an empty dataset has no file: a records layout's columns, no rows
    if (!p.length)
      return `(SELECT NULL::BIGINT AS line, NULL::VARCHAR AS record, 0::BIGINT AS file_index, 0::BIGINT AS file_row_number WHERE false)`;
    return `read_parquet([${p.map(lit).join(', ')}], file_row_number = true)`;
  };
}

/** Runs statements (temp tables) and a query over datasets, returning the query's rows. */
export async function queryDatasets(
  ctx: DatasetCtx,
  inputs: DatasetRow[],
  sql: DatasetSql,
  setup?: (c: DuckDBConnection, from: (i: number) => string) => Promise<void>,
): Promise<unknown[][]> {
  const from = await sourcesOf(ctx, inputs);
  return withDuckDb(ctx.config?.DATA_DIR, async (c) => {
    await setup?.(c, from);
    return (await c.runAndReadAll(sql(from))).getRows() as unknown[][];
  });
}

/**
 * A `records` dataset (line, record JSON) written natively from a query over datasets that
 * yields `line` (BIGINT) and `record` (JSON text), in row order: no row passes through
 * JavaScript, and DuckDB spills past its memory cap, so memory does not grow with the rows.
 */
export async function writeRecordsFromSql(
  ctx: DatasetCtx,
  opts: { orgId: string; kind: string },
  inputs: DatasetRow[],
  sql: DatasetSql,
  setup?: (c: DuckDBConnection, from: (i: number) => string) => Promise<void>,
): Promise<DatasetRow> {
  const from = await sourcesOf(ctx, inputs);
  const parquet = await scratchPath(ctx, 'parquet');
  try {
    const rows = await withDuckDb(ctx.config?.DATA_DIR, async (c) => {
      await setup?.(c, from);
      await c.run(
        `COPY (SELECT line::BIGINT AS line, record::VARCHAR AS record FROM (${sql(from)}))
         TO ${lit(parquet)} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE ${ROW_GROUP_ROWS})`,
      );
      const n = await c.runAndReadAll(`SELECT num_rows::BIGINT FROM parquet_file_metadata(${lit(parquet)})`);
      return Number(n.getRows()[0]?.[0] ?? 0);
    });
    const file = rows ? await storeFile(ctx, parquet, rows) : null;
    return insertDataset(ctx.db, {
      organizationId: opts.orgId,
      kind: opts.kind,
      layout: 'records',
      columns: [
        { name: 'line', type: 'BIGINT' },
        { name: 'record', type: 'JSON' },
      ],
      rowCount: rows,
      files: file ? [file] : [],
    });
  } finally {
    await rm(parquet, { force: true });
  }
}
