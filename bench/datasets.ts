/**
 * Dataset reads: a page of 100 rows anywhere in a large result (the mappings grid) and a
 * result downloaded as CSV, through the same functions the API uses. The result's Parquet
 * files are generated natively (DuckDB) in the shape the job runner writes, in 100k-row parts.
 *
 *   npm run bench:datasets                      # 10M-row result for pages, 1M rows for the CSV
 *   BENCH_PAGE_ROWS=2000000 npm run bench:datasets
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { openPglite } from '../apps/server/src/db/client.ts';
import { organizations } from '../apps/server/src/db/schema.ts';
import { createLocalBlobStore } from '../apps/server/src/lib/blob-store.ts';
import {
  appendDatasetFile,
  createJsonDataset,
  ROW_GROUP_ROWS,
  readJsonDatasetRows,
  scratchPath,
} from '../apps/server/src/modules/datasets/datasets.service.ts';
import { withDuckDb } from '../apps/server/src/modules/datasets/duckdb.ts';
import { writeResult } from '../apps/server/src/modules/pipelines/downloads.ts';
import { RESULT_COLUMNS } from '../apps/server/src/modules/pipelines/result-rows.ts';

const PAGE_ROWS = Number(process.env.BENCH_PAGE_ROWS ?? 10_000_000);
const CSV_ROWS = Number(process.env.BENCH_CSV_ROWS ?? 1_000_000);
const PART = 100_000;
const SCHEMA = {
  type: 'object',
  properties: {
    customer_id: { type: 'integer' },
    full_name: { type: 'string' },
    email: { type: 'string' },
    amount: { type: 'number' },
    paid_on: { type: 'string' },
    status: { type: 'string' },
  },
};

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'mw-bench-ds-'));
  const database = await openPglite(join(dir, 'pg'));
  try {
    await database.migrate();
    const ctx = {
      db: database.db,
      blobs: createLocalBlobStore(join(dir, 'blobs')),
      config: { DATA_DIR: dir },
    };
    const [org] = await database.db.insert(organizations).values({ name: 'bench' }).returning();
    const build = async (rows: number) => {
      let ds = await createJsonDataset(ctx, { orgId: org!.id, kind: 'result', columns: RESULT_COLUMNS });
      for (let first = 0; first < rows; first += PART) {
        const n = Math.min(PART, rows - first);
        const path = await scratchPath(ctx, 'parquet');
        await withDuckDb(dir, (c) =>
          c.run(`COPY (SELECT (${first} + i)::BIGINT AS "index", true AS valid,
                   json_object('customer_id', ${first} + i, 'full_name', 'Customer ' || (${first} + i),
                     'email', 'c' || (${first} + i) || '@example.com', 'amount', ((${first} + i) % 997) * 7.25,
                     'paid_on', '2024-03-04', 'status', 'CLEARED')::VARCHAR AS mapped_record,
                   '"success"' AS message, 'null' AS dropped
                 FROM range(${n}) t(i)) TO '${path}' (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE ${ROW_GROUP_ROWS})`),
        );
        const blob = await ctx.blobs.put((await import('node:fs')).createReadStream(path));
        rmSync(path);
        ds = await appendDatasetFile(ctx, ds, { sha256: blob.sha256, rows: n, bytes: blob.size });
      }
      return ds;
    };

    process.stdout.write(`building a ${PAGE_ROWS.toLocaleString('en-US')}-row result...\n`);
    const big = await build(PAGE_ROWS);
    await readJsonDatasetRows(ctx, big, 0, 100); // first read of each file checks it; count it apart
    const times: number[] = [];
    let seed = 12345;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    // the first read of a file verifies it (hash + footer): warm every file once, as a server does
    for (let first = 0; first < PAGE_ROWS; first += PART)
      await readJsonDatasetRows(ctx, big, first, first + 1);
    for (let i = 0; i < 200; i++) {
      const from = Math.floor(next() * (PAGE_ROWS - 100));
      const t = performance.now();
      const rows = await readJsonDatasetRows(ctx, big, from, from + 100);
      times.push(performance.now() - t);
      if (rows.length !== 100 || (rows[0]![0] as number) !== from) throw new Error(`bad page at ${from}`);
    }
    times.sort((a, b) => a - b);
    const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);

    const small = await build(CSV_ROWS);
    const result = { datasetId: small.id, organizationId: org!.id, targetSchema: SCHEMA } as never;
    let bytes = 0;
    const sink = new Writable({
      write(chunk, _enc, cb) {
        bytes += chunk.length;
        cb();
      },
    });
    const done = new Promise((r) => sink.on('finish', r));
    const t0 = performance.now();
    await writeResult(ctx as never, result, 'csv', 'all', sink);
    await done;
    const csvSeconds = (performance.now() - t0) / 1000;

    process.stdout.write(
      `\nResult pages (100 rows at random offsets, ${PAGE_ROWS.toLocaleString('en-US')} rows)\n`,
    );
    process.stdout.write(
      `  p50 ${pct(0.5)} ms   p95 ${pct(0.95)} ms   max ${pct(1)} ms   (goal: p95 < 50 ms)\n`,
    );
    process.stdout.write(
      `CSV download of ${CSV_ROWS.toLocaleString('en-US')} rows: ${Math.round(CSV_ROWS / csvSeconds).toLocaleString('en-US')} rows/s, ${(bytes / 1048576).toFixed(0)} MiB in ${csvSeconds.toFixed(1)} s (goal: ≥ 200,000 rows/s)\n`,
    );
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
