/**
 * Import benchmark: a large CSV imported by Mapwright's import task (native parse into a Parquet
 * dataset in the blob store, exact line numbers, profiling, metadata in the embedded database)
 * against papaparse streaming the same file with no storage at all, and DuckDB's own
 * `read_csv` → Parquet of the same file. Each runs in its own process so peak RSS is its own.
 *
 *   npm run bench:import                 # 1 GiB file (the figure)
 *   BENCH_CSV_MB=100 npm run bench:import
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MB = Number(process.env.BENCH_CSV_MB ?? 1024);
const self = fileURLToPath(import.meta.url);

async function writeCsv(path: string, bytes: number) {
  const out = createWriteStream(path);
  out.write('id,name,email,amount,paid_on,status,note\n');
  let written = 0;
  let i = 0;
  const statuses = ['CLEARED', 'PENDING', 'DECLINED'];
  while (written < bytes) {
    let block = '';
    for (let k = 0; k < 1000; k++, i++) {
      block += `${i},Person ${i},person${i}@example.com,"$${(i % 9973) * 3}.${String(i % 100).padStart(2, '0')}",${String((i % 12) + 1).padStart(2, '0')}/${String((i % 28) + 1).padStart(2, '0')}/2024,${statuses[i % 3]},"says ""hi"", twice"\n`;
    }
    written += Buffer.byteLength(block);
    if (!out.write(block)) await new Promise((r) => out.once('drain', r));
  }
  await new Promise<void>((r) => out.end(r));
  return i;
}

/**
 * The highest RSS since the last call, sampled every 20 ms: the process's lifetime maximum would
 * include what setting up the run cost (e.g. storing the file), not what parsing it costs.
 */
let peak = 0;
let sampler: NodeJS.Timeout | null = null;
function startPeak() {
  peak = process.memoryUsage().rss;
  sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
}
function peakRss() {
  if (sampler) clearInterval(sampler);
  return Math.max(peak, process.memoryUsage().rss) / 1048576;
}

interface Measure {
  rows: number;
  seconds: number;
  maxRssMb: number;
  /** RSS just before parsing started (for Mapwright: with the embedded database open) */
  baseRssMb: number;
}

async function runPapaparse(path: string): Promise<Measure> {
  const Papa = (await import('papaparse')).default;
  const baseRssMb = process.memoryUsage().rss / 1048576;
  startPeak();
  const start = performance.now();
  let rows = 0;
  await new Promise<void>((resolve, reject) => {
    Papa.parse(createReadStream(path), {
      header: true,
      skipEmptyLines: true,
      step: () => void rows++,
      complete: () => resolve(),
      error: reject,
    });
  });
  return {
    rows,
    seconds: (performance.now() - start) / 1000,
    maxRssMb: peakRss(),
    baseRssMb,
  };
}

/** A fresh PostgreSQL database for one run, dropped after. */
async function freshPostgres() {
  const pg = (await import('pg')).default;
  const admin = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `mw_bench_${Date.now()}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

async function runMapwright(path: string, onPostgres = false): Promise<Measure> {
  const { openPglite, openPostgres } = await import('../apps/server/src/db/client.ts');
  const { fileVersions, files, imports, organizations } = await import('../apps/server/src/db/schema.ts');
  const { createLocalBlobStore } = await import('../apps/server/src/lib/blob-store.ts');
  const { importTask } = await import('../apps/server/src/modules/imports/imports.task.ts');
  const dir = mkdtempSync(join(tmpdir(), 'mw-bench-'));
  try {
    const pgdb = onPostgres ? await freshPostgres() : null;
    const database = pgdb ? await openPostgres(pgdb.url) : await openPglite(dir);
    await database.migrate();
    const db = database.db;
    const blobs = createLocalBlobStore(join(dir, 'blobs'));
    const blob = await blobs.put(createReadStream(path));
    const [org] = await db.insert(organizations).values({ name: 'bench' }).returning();
    const [file] = await db.insert(files).values({ organizationId: org!.id, name: 'bench.csv' }).returning();
    const [version] = await db
      .insert(fileVersions)
      .values({
        fileId: file!.id,
        organizationId: org!.id,
        number: 1,
        filename: 'bench.csv',
        contentType: 'text/csv',
        size: blob.size,
        sha256: blob.sha256,
      })
      .returning();
    const [imp] = await db
      .insert(imports)
      .values({
        organizationId: org!.id,
        fileId: file!.id,
        fileVersionId: version!.id,
        name: 'bench',
        format: 'csv',
        bytesTotal: blob.size,
      })
      .returning();
    const baseRssMb = process.memoryUsage().rss / 1048576;
    startPeak();
    const start = performance.now();
    const app = { db, blobs, config: { DATA_DIR: dir } } as never;
    const result = (await importTask.handler({
      app,
      task: {} as never,
      payload: { importId: imp!.id },
      signal: new AbortController().signal,
      progress: () => {},
    })) as { rowCount: number };
    const seconds = (performance.now() - start) / 1000;
    await database.close();
    await pgdb?.drop();
    return { rows: result.rowCount, seconds, maxRssMb: peakRss(), baseRssMb };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function runDuckDb(path: string): Promise<Measure> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const dir = mkdtempSync(join(tmpdir(), 'mw-bench-duck-'));
  try {
    const db = await DuckDBInstance.create(':memory:');
    const c = await db.connect();
    const baseRssMb = process.memoryUsage().rss / 1048576;
    startPeak();
    const start = performance.now();
    const r = await c.runAndReadAll(
      `COPY (SELECT * FROM read_csv('${path}')) TO '${join(dir, 'out.parquet')}' (FORMAT parquet)`,
    );
    const rows = Number(r.getRows()[0]?.[0] ?? 0);
    return {
      rows,
      seconds: (performance.now() - start) / 1000,
      maxRssMb: peakRss(),
      baseRssMb,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function child(kind: string, path: string) {
  const m =
    kind === 'papaparse'
      ? await runPapaparse(path)
      : kind === 'duckdb'
        ? await runDuckDb(path)
        : await runMapwright(path, kind === 'mapwright-pg');
  process.stdout.write(`${JSON.stringify(m)}\n`);
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'mw-csv-'));
  const path = join(dir, 'bench.csv');
  try {
    process.stdout.write(`writing a ${MB} MiB CSV...\n`);
    const rows = await writeCsv(path, MB * 1024 * 1024);
    const size = statSync(path).size;
    const results: Record<string, Measure> = {};
    for (const kind of ['papaparse', 'duckdb', 'mapwright', 'mapwright-pg']) {
      const r = spawnSync(process.execPath, ['--import', 'tsx', self, kind, path], {
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      });
      if (r.status !== 0) throw new Error(`${kind} failed: ${r.stderr}`);
      results[kind] = JSON.parse(r.stdout.trim().split('\n').pop()!) as Measure;
    }
    const fmt = (m: Measure) =>
      `${Math.round(m.rows / m.seconds)
        .toLocaleString('en-US')
        .padStart(
          10,
        )} rows/s  ${m.seconds.toFixed(1).padStart(7)} s  peak RSS ${Math.round(m.maxRssMb).toString().padStart(5)} MiB (+${Math.round(m.maxRssMb - m.baseRssMb)} MiB while parsing)`;
    process.stdout.write(
      `\nCSV import, ${(size / 1024 ** 2).toFixed(0)} MiB, ${rows.toLocaleString('en-US')} rows\n`,
    );
    process.stdout.write(`  papaparse (parse only, no storage)      ${fmt(results.papaparse!)}\n`);
    process.stdout.write(`  DuckDB read_csv → Parquet (no profile)  ${fmt(results.duckdb!)}\n`);
    process.stdout.write(`  Mapwright import, embedded database     ${fmt(results.mapwright!)}\n`);
    process.stdout.write(`  Mapwright import, PostgreSQL            ${fmt(results['mapwright-pg']!)}\n`);
    const ratio =
      results.mapwright!.rows /
      results.mapwright!.seconds /
      (results.papaparse!.rows / results.papaparse!.seconds);
    process.stdout.write(`  throughput ratio Mapwright / papaparse: ${ratio.toFixed(2)}x\n`);
    process.stdout.write(
      `  throughput ratio Mapwright / DuckDB: ${(results.mapwright!.rows / results.mapwright!.seconds / (results.duckdb!.rows / results.duckdb!.seconds)).toFixed(2)}x\n`,
    );
    process.stdout.write(
      "  (Mapwright's base RSS is the embedded PostgreSQL (PGlite) held in memory; growth during parsing is what the file costs)\n",
    );
    if (results.mapwright!.rows !== rows)
      throw new Error(`Mapwright imported ${results.mapwright!.rows} of ${rows} rows`);
  } finally {
    if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] && process.argv[3]) await child(process.argv[2], process.argv[3]);
else await main();
