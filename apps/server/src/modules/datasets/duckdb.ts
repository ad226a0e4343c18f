import { mkdirSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';

/**
 * One in-memory DuckDB per process: it parses CSV and writes and reads Parquet for the dataset
 * layer. Nothing is stored in it (datasets live as Parquet files in the blob store); its memory
 * is capped so a 1 GiB file costs the process a bounded amount, spilling to `tmp/duckdb`.
 */
let instance: Promise<DuckDBInstance> | null = null;

/**
 * The buffer manager's cap (imports convert 64 MiB pieces, well inside it; at 128 MB a piece ran
 * out of memory). What the process really grows by is set by read buffers: see csv-import.ts.
 */
export const DUCKDB_MEMORY_LIMIT = '512MB';

function open(dataDir?: string) {
  const spill = join(dataDir ?? tmpdir(), 'tmp', 'duckdb');
  mkdirSync(spill, { recursive: true });
  return DuckDBInstance.create(':memory:', {
    threads: String(Math.max(1, Math.min(4, availableParallelism()))),
    memory_limit: DUCKDB_MEMORY_LIMIT,
    temp_directory: spill,
    // the dataset layer reads only files it wrote or was given; no network, no extensions
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
  });
}

/** Runs `fn` on a fresh connection (connections are cheap; a statement's state stays its own). */
export async function withDuckDb<T>(dataDir: string | undefined, fn: (c: DuckDBConnection) => Promise<T>) {
  instance ??= open(dataDir);
  const db = await instance;
  const c = await db.connect();
  try {
    return await fn(c);
  } finally {
    c.closeSync();
  }
}

/** A SQL string literal (paths and names are ours or the user's: always quoted, never spliced raw). */
export const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;
/** A SQL identifier. */
export const ident = (s: string) => `"${s.replaceAll('"', '""')}"`;
