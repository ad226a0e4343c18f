/** Test helper: built row groups as a real Parquet file, read back by DuckDB as text cells. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalBlobStore } from '../src/lib/blob-store.ts';
import {
  type BuiltRowGroup,
  createParquetWriter,
  type JsonColumn,
} from '../src/modules/datasets/datasets.service.ts';
import { ident, lit, withDuckDb } from '../src/modules/datasets/duckdb.ts';

/** A scratch data dir with a local blob store: what the dataset layer needs, without a database. */
export function scratchCtx() {
  const dir = mkdtempSync(join(tmpdir(), 'mw-parquet-'));
  const blobs = createLocalBlobStore(join(dir, 'blobs'));
  return {
    ctx: { db: null as never, blobs, config: { DATA_DIR: dir } },
    dir,
    done: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Writes the groups as one file; returns its local path and the stored file. */
export async function writeGroups(
  ctx: ReturnType<typeof scratchCtx>['ctx'],
  columns: JsonColumn[],
  groups: BuiltRowGroup[],
) {
  const writer = await createParquetWriter(ctx, columns);
  for (const g of groups) await writer.append(g);
  const file = await writer.finish();
  return { file, path: file ? await ctx.blobs.localPath!(file.sha256) : null };
}

/** Every row of the file, each cell as DuckDB casts it to text (null stays null). */
export async function cellsOf(dataDir: string, path: string, columns: JsonColumn[]) {
  return withDuckDb(dataDir, async (c) => {
    const r = await c.runAndReadAll(
      `SELECT ${columns.map((col) => `${ident(col.name)}::VARCHAR`).join(', ')}
       FROM read_parquet(${lit(path)}, file_row_number = true) ORDER BY file_row_number`,
    );
    return r.getRows().map((row) => row.map((v) => (v === null ? null : String(v))));
  });
}

export async function groupCells(columns: JsonColumn[], groups: BuiltRowGroup[]) {
  const s = scratchCtx();
  try {
    const { path } = await writeGroups(s.ctx, columns, groups);
    return path ? await cellsOf(s.dir, path, columns) : [];
  } finally {
    s.done();
  }
}
