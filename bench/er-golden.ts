/**
 * Golden records of a large entity resolution, through the function the server runs
 * (`writeGolden`: one DuckDB query over the output dataset, written as Parquet row groups),
 * beside the in-memory way it replaced (every record read into JavaScript, `goldenRecords` of
 * golden.ts; read in slices here, as the old single read fails at 1M records), run in a child
 * process so each peak RSS is its own.
 *
 * The output dataset (N records in clusters of 1–4, six fields, spellings that differ) is
 * generated natively. Printed: wall time, CPU time (all threads: DuckDB's included) and peak
 * RSS of each, and the ratios.
 *
 *   npm run bench:er-golden                          # 1M records
 *   BENCH_GOLDEN_ROWS=200000 npm run bench:er-golden # a quick run
 *   BENCH_GOLDEN_BASELINE=0 npm run bench:er-golden  # skip the in-memory reference
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '../apps/server/src/db/client.ts';
import { organizations, resolutions } from '../apps/server/src/db/schema.ts';
import { createLocalBlobStore } from '../apps/server/src/lib/blob-store.ts';
import {
  type DatasetRow,
  readDatasetRows,
  writeRecordsFromSql,
} from '../apps/server/src/modules/datasets/datasets.service.ts';
import { recordKeys, writeGolden } from '../apps/server/src/modules/resolution/golden.service.ts';
import { goldenRecords, type Resolved } from '../apps/server/src/modules/resolution/golden.ts';

const ROWS = Number(process.env.BENCH_GOLDEN_ROWS ?? 1_000_000);
const RULES = {
  first_name: 'most_frequent',
  last_name: 'longest',
  email: 'latest',
  city: 'source_priority',
} as const;

const status = (field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;
/** Peak resident set of this process since the last reset (the kernel's high-water mark), in MB. */
const peakMb = () => status('VmHWM');
/** Starts the high-water mark again from the current RSS (Linux: clear_refs 5), so setup is not counted. */
const resetPeak = () => writeFileSync('/proc/self/clear_refs', '5');

/** The output of a dedupe: record i in cluster c = i / 3 (about), its spellings varying within. */
const OUTPUT_SQL = `SELECT i + 1 AS line, json_object(
    'cluster_id', 'C' || (i // 3 + (i % 7 = 0)::INT), 'customer_id', 'C' || i,
    'first_name', CASE WHEN i % 3 = 1 THEN upper('name' || (i // 3)) ELSE 'name' || (i // 3) END,
    'last_name', 'family' || (i // 3) || CASE WHEN i % 3 = 2 THEN 'son' ELSE '' END,
    'email', CASE WHEN i % 5 = 0 THEN NULL ELSE 'c' || (i // 3) || '@example.com' END,
    'city', ['berlin', 'paris', 'madrid', 'rome', 'oslo'][1 + i % 5],
    'birth_date', '19' || (50 + i % 45) || '-0' || (1 + i % 9) || '-1' || (i % 10))::VARCHAR AS record
  FROM range(${ROWS}) t(i)`;

async function run(mode: 'sql' | 'memory') {
  const dir = mkdtempSync(join(tmpdir(), 'mw-bench-golden-'));
  const database = await openPglite(join(dir, 'pg'));
  try {
    await database.migrate();
    const ctx = {
      db: database.db,
      blobs: createLocalBlobStore(join(dir, 'blobs')),
      config: { DATA_DIR: dir },
    };
    const [org] = await database.db.insert(organizations).values({ name: 'bench' }).returning();
    const orgId = org!.id;
    const output: DatasetRow = await writeRecordsFromSql(
      ctx,
      { orgId, kind: 'resolution' },
      [],
      () => OUTPUT_SQL,
    );
    const [row] = await database.db
      .insert(resolutions)
      .values({
        organizationId: orgId,
        name: 'bench',
        config: { idColumn: 'customer_id', survivorship: RULES },
        status: 'succeeded',
        outputDatasetId: output.id,
      })
      .returning();
    resetPeak();
    const before = status('VmRSS');
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    let clusters: number;
    if (mode === 'sql') clusters = (await writeGolden(ctx, orgId, row!)).rowCount;
    else {
      // read in slices of ten row groups (the code before read it in one call, which at 1M
      // records fails: DuckDB cannot build the one 1M-record JSON text under its memory cap)
      const records: Resolved[] = [];
      for (let from = 0; from < output.rowCount; from += 102_400)
        for (const r of await readDatasetRows(ctx, output, from, from + 102_400))
          records.push(r.record as Resolved);
      const keys = recordKeys(records, 'customer_id');
      clusters = goldenRecords(records, RULES, [], (_, i) => keys[i] as string).items.length;
    }
    const wall = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    return { wall, cpu: (cpu.user + cpu.system) / 1e6, peak: peakMb(), before, clusters };
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

type Result = Awaited<ReturnType<typeof run>>;

async function main() {
  const child = process.argv[2];
  if (child === 'sql' || child === 'memory') {
    process.stdout.write(JSON.stringify(await run(child)));
    return;
  }
  const measure = (mode: string): Result =>
    JSON.parse(
      execFileSync(process.execPath, [...process.execArgv, process.argv[1]!, mode], {
        encoding: 'utf8',
        maxBuffer: 1 << 20,
        env: process.env,
      }),
    );
  const fmt = (r: Result) =>
    `${r.wall.toFixed(1)} s wall, ${r.cpu.toFixed(1)} s CPU, peak RSS ${Math.round(r.peak)} MB (${Math.round(r.before)} MB when it started)`;
  console.log(
    `golden records of ${ROWS.toLocaleString('en')} records (load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );
  const sql = measure('sql');
  console.log(`  DuckDB query (writeGolden):  ${sql.clusters.toLocaleString('en')} clusters, ${fmt(sql)}`);
  if (process.env.BENCH_GOLDEN_BASELINE === '0') return;
  try {
    const mem = measure('memory');
    console.log(
      `  in memory (before, golden.ts): ${mem.clusters.toLocaleString('en')} clusters, ${fmt(mem)}`,
    );
    console.log(
      `  ratio in memory / DuckDB: ${(mem.wall / sql.wall).toFixed(2)}x wall, ${(mem.cpu / sql.cpu).toFixed(2)}x CPU, ${(mem.peak / sql.peak).toFixed(2)}x peak RSS`,
    );
  } catch (e) {
    // the reason is the child's error line (the way before reads every record in one call)
    const why =
      String((e as { stderr?: string }).stderr ?? '').match(/Error: [^\n]*/)?.[0] ?? (e as Error).message;
    console.log(`  in memory (before, golden.ts): failed: ${why}`);
  }
}

await main();
