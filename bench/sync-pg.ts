/**
 * A PostgreSQL → PostgreSQL sync of a 1M-row table (full refresh, append) through the product
 * (API, durable task, the connectors, checkpoints in the app's database), beside the reference
 * `psql -c "COPY … TO STDOUT" | psql -c "COPY … FROM STDIN"` between the same two databases in
 * the same run. Prints rows/s of both, the ratio (goal: within 3x of COPY) and the process's peak
 * RSS during the sync (with its growth over the baseline: memory must stay flat, not grow with
 * the table).
 *
 *   npm run bench:sync
 *   BENCH_SYNC_ROWS=200000 npm run bench:sync
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { taskDefinitions } from '../apps/server/src/jobs/registry.ts';
import { startWorker } from '../apps/server/src/jobs/worker.ts';
import { benchApp, openFresh } from './bench-app.ts';

const ROWS = Number(process.env.BENCH_SYNC_ROWS ?? 1_000_000);
const suffix = randomBytes(4).toString('hex');
const SRC = `mw_bench_sync_src_${suffix}`;
const DST = `mw_bench_sync_dst_${suffix}`;

async function sql(database: string, text: string) {
  const c = new pg.Client({ host: '127.0.0.1', user: 'postgres', database });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
const rate = (ms: number) => Math.round(ROWS / (ms / 1000));

async function main() {
  await sql('postgres', `create database ${SRC}`);
  await sql('postgres', `create database ${DST}`);
  const dir = mkdtempSync(join(tmpdir(), 'mw-bench-sync-'));
  try {
    console.log(`seeding ${ROWS.toLocaleString('en-US')} rows…`);
    await sql(
      SRC,
      `create table items (id integer primary key, label text not null, amount numeric(12,2), at timestamptz not null);
       insert into items select i, 'item number ' || i, i / 7.0, timestamptz '2024-01-01' + (i || ' seconds')::interval
         from generate_series(1, ${ROWS}) i;`,
    );
    await sql(SRC, 'vacuum analyze items');
    await sql(
      DST,
      'create table items_copy (id integer primary key, label text not null, amount numeric(12,2), at timestamptz not null)',
    );

    // the reference: COPY out of one database piped into COPY in to the other
    const t0 = performance.now();
    execFileSync('sh', [
      '-c',
      `psql -h 127.0.0.1 -U postgres -d ${SRC} -qc "COPY items TO STDOUT" | psql -h 127.0.0.1 -U postgres -d ${DST} -qc "COPY items_copy FROM STDIN"`,
    ]);
    const copyMs = performance.now() - t0;

    // the product: an API-created sync run by the worker, app database embedded
    const { database, drop } = await openFresh('embedded', dir);
    const { app, headers } = await benchApp(database, { DATA_DIR: dir, OUTBOUND_ALLOWLIST: '127.0.0.1' });
    const worker = startWorker(app.ctx, app.ctx.queue, taskDefinitions, { pollMs: 50 });
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    const settings = (database: string) => ({ host: '127.0.0.1', port: 5432, database, user: 'postgres' });
    const src = await call('POST', '/api/connections', {
      type: 'postgres',
      name: 's',
      role: 'source',
      settings: settings(SRC),
    });
    const dst = await call('POST', '/api/connections', {
      type: 'postgres',
      name: 'd',
      role: 'destination',
      settings: settings(DST),
    });
    const sync = await call('POST', '/api/syncs', {
      name: 'bench',
      sourceConnectionId: src.id,
      destinationConnectionId: dst.id,
      streams: [{ name: 'public.items', destination: 'items_sync' }],
      writeMode: 'append',
    });
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const t1 = performance.now();
    const cpu0 = process.cpuUsage();
    await call('POST', `/api/syncs/${sync.id}/runs`);
    let run: Record<string, unknown>;
    for (;;) {
      [run] = (await call('GET', `/api/syncs/${sync.id}/runs`)).items;
      if (['succeeded', 'failed', 'cancelled'].includes(run!.status as string)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const syncMs = performance.now() - t1;
    const cpu = process.cpuUsage(cpu0);
    clearInterval(sampler);
    await worker.stop();
    await app.close();
    await database.close();
    await drop();
    if (run!.status !== 'succeeded') throw new Error(`the sync ${run!.status}: ${run!.error}`);
    const [{ n }] = await sql(DST, 'select count(*)::int as n from items_sync');
    if (n !== ROWS) throw new Error(`the sync wrote ${n} rows, not ${ROWS}`);

    console.log(
      `\nPostgreSQL → PostgreSQL, ${ROWS.toLocaleString('en-US')} rows (id, text, numeric, timestamptz)`,
    );
    console.log(
      `  COPY … TO STDOUT | COPY … FROM STDIN: ${(copyMs / 1000).toFixed(1)} s, ${rate(copyMs).toLocaleString('en-US')} rows/s`,
    );
    console.log(
      `  Mapwright sync (full refresh, append): ${(syncMs / 1000).toFixed(1)} s, ${rate(syncMs).toLocaleString('en-US')} rows/s`,
    );
    console.log(
      `  this process's CPU during the sync: ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s (user ${(cpu.user / 1e6).toFixed(1)} s) — the databases' work is on top`,
    );
    console.log(
      `  load average at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
    console.log(`  ratio: ${(syncMs / copyMs).toFixed(2)}x the time of COPY (goal: within 3x)`);
    console.log(
      `  peak RSS during the sync: ${mb(peak)} (baseline ${mb(baseline)}, growth ${mb(peak - baseline)})`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await sql('postgres', `drop database if exists ${SRC} with (force)`);
    await sql('postgres', `drop database if exists ${DST} with (force)`);
  }
}

await main();
