/**
 * Job throughput end to end — queue → parts → engine threads (map + validate) → Parquet result —
 * beside the engine's raw single-thread throughput on the same records and mapper in memory:
 *   1. the embedded database, one worker (in this process, ENGINE_THREADS default: one per core);
 *   2. PostgreSQL, one worker process, same;
 *   3. PostgreSQL, one worker process vs two, each given ONE engine thread and pinned to a core of
 *      its own (taskset): this machine may have only two cores, and unpinned workers would measure
 *      the machine, not how a job spreads over workers (on separate machines each has its own).
 * Each line prints the CPU per record of every process and thread involved beside the engine's:
 * on a busy machine wall-clock rates say little, CPU per record still compares.
 *
 *   npm run bench:jobs                      # 1M records
 *   BENCH_JOB_RECORDS=200000 npm run bench:jobs
 *   BENCH_JOB_SCENARIOS=embedded npm run bench:jobs
 *   BENCH_WORKER_PROF=/tmp/prof BENCH_JOB_SCENARIOS=postgres npm run bench:jobs   # where the time goes
 *   BENCH_THREADS=1 BENCH_JOB_SCENARIOS=postgres npm run bench:jobs   # CPU of each worker thread
 *   BENCH_WORKER_FLAGS=--trace-gc BENCH_JOB_SCENARIOS=postgres npm run bench:jobs   # node flags
 *   BENCH_PARTS=1 BENCH_JOB_SCENARIOS=scaling npm run bench:jobs   # when each part was queued and done
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, like } from 'drizzle-orm';
import { jobs, tasks } from '../apps/server/src/db/schema.ts';
import { taskDefinitions } from '../apps/server/src/jobs/registry.ts';
import { startWorker } from '../apps/server/src/jobs/worker.ts';
import { ROW_GROUP_ROWS } from '../apps/server/src/modules/datasets/datasets.service.ts';
import { RowGroupBuilder } from '../apps/server/src/modules/datasets/parquet-build.ts';
import { enginePool } from '../apps/server/src/modules/pipelines/engine-pool.ts';
import { storeInlineRecords } from '../apps/server/src/modules/pipelines/records.ts';
import { appendResultRows, RESULT_COLUMNS } from '../apps/server/src/modules/pipelines/result-columns.ts';
import {
  compileSpec,
  createValidator,
  type JsonSchema,
  type MappingSpec,
} from '../packages/engine/src/index.ts';
import { benchApp, openFresh } from './bench-app.ts';

const N = Number(process.env.BENCH_JOB_RECORDS ?? 1_000_000);
const SCENARIOS = (process.env.BENCH_JOB_SCENARIOS ?? 'embedded,postgres,scaling').split(',');
const CLI = join(import.meta.dirname, '../apps/server/src/cli.ts');
const SCHEMA = {
  type: 'object',
  properties: {
    customer_id: { type: 'integer' },
    full_name: { type: 'string' },
    email: { type: 'string', format: 'email' },
    amount: { type: 'number' },
    currency: { type: 'string' },
    paid_on: { type: 'string', format: 'date' },
    status: { type: 'string', enum: ['CLEARED', 'PENDING', 'DECLINED'] },
    city: { type: 'string' },
    item_count: { type: 'integer' },
    items_total: { type: 'number' },
  },
  required: ['customer_id', 'full_name', 'amount'],
};
const statuses = ['Cleared', 'Pending', 'Declined'];
const record = (i: number) => ({
  id: String(i),
  name: `Customer ${i}`,
  email_address: `c${i}@example.com`,
  total: `$${(i % 997) * 7}.25`,
  ccy: 'USD',
  date: `${String((i % 12) + 1).padStart(2, '0')}/${String((i % 28) + 1).padStart(2, '0')}/2024`,
  state: statuses[i % 3],
  address: { city: `City ${i % 50}` },
  items: [{ price: 1.5 }, { price: i % 10 }],
});
/**
 * The input, generated as it is stored: a server never holds a job's input in memory, and 1M
 * live records in the worker's process (the embedded scenario) made every full collection of
 * its heap mark them all.
 */
function* records(from = 0, to = N) {
  for (let i = from; i < to; i++) yield record(i);
}
const rate = (s: number) =>
  Math.round(N / s)
    .toLocaleString('en-US')
    .padStart(10);

function hasTaskset() {
  return spawnSync('taskset', ['-c', '0', 'true']).status === 0;
}

/** BENCH_THREADS=1: each thread of a worker process with its CPU seconds (where a job's CPU goes). */
function threadsOf(pid: number) {
  return readdirSync(`/proc/${pid}/task`).map((t) => {
    const st = readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8');
    const fields = st.slice(st.lastIndexOf(') ') + 2).split(' ');
    const cpu = (Number(fields[11]) + Number(fields[12])) / 100;
    return { t, comm: st.slice(st.indexOf('(') + 1, st.lastIndexOf(')')), cpu };
  });
}

/**
 * CPU seconds (user + system, every thread) a process has used: /proc/<pid>/stat fields 14 and
 * 15 in clock ticks (100 a second on Linux). The worker processes' CPU is what a job costs.
 */
function processCpu(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A worker process on the shared database and data dir; resolves once it is up and warm. */
function startWorkerProcess(env: Record<string, string>, core?: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    // BENCH_WORKER_PROF=<dir>: each worker process writes a CPU profile per thread there
    const prof = process.env.BENCH_WORKER_PROF;
    const flags = prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [];
    // BENCH_WORKER_FLAGS='--trace-gc --heapsnapshot-signal=SIGUSR2': node flags for each worker process
    flags.push(...(process.env.BENCH_WORKER_FLAGS?.split(' ').filter(Boolean) ?? []));
    const node = [process.execPath, ...flags, '--import', 'tsx', CLI];
    // taskset execs node in place: the child's pid is the worker's
    const argv = core === undefined ? node : ['taskset', '-c', String(core), ...node];
    const child = spawn(argv[0]!, argv.slice(1), {
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: '0',
        ROLE: 'worker',
        SEED_SAMPLE_DATA: 'false',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (d) => {
      // with node flags (--trace-gc prints to stdout): the worker's output goes on to stderr
      if (process.env.BENCH_WORKER_FLAGS) process.stderr.write(d);
      out += d;
      // up, and its engine threads booted and warmed (server.ts): what a worker is between jobs
      if (out.includes('Engine threads ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`worker exited (${code}): ${out}`)));
  });
}

/**
 * Runs the job once; `workers` = 'here' runs a worker in this process, a number starts that many
 * worker processes (ENGINE_THREADS each) and waits for them to be up before the clock starts.
 */
async function runJob(
  kind: 'embedded' | 'postgres',
  workers: 'here' | number,
  engineThreads?: number,
  /** worker i runs on core i only (as if each were a one-core machine of its own) */
  pinned = false,
) {
  const dir = mkdtempSync(join(tmpdir(), 'mw-bench-jobs-'));
  const { database, url, drop } = await openFresh(kind, dir);
  const children: ChildProcess[] = [];
  try {
    const { app, headers } = await benchApp(database, {
      DATA_DIR: dir,
      ...(engineThreads ? { ENGINE_THREADS: String(engineThreads) } : {}),
    });
    const call = async (method: 'GET' | 'POST', path: string, payload?: object) =>
      (await app.inject({ method, url: `/api${path}`, payload, headers })).json();
    const pipeline = await call('POST', '/pipelines', { name: 'Bench', target_schema: SCHEMA });
    // a job made from a sample (the API profiles it and the engine proposes the mapper), then
    // given the whole input: 1M inline records are more than an inline job's 256 MiB body
    const job = await call('POST', `/pipelines/${pipeline.id}/jobs`, { data: [...records(0, 1000)] });
    const [jobRow] = await database.db.select().from(jobs).where(eq(jobs.id, job.id));
    const datasetId = await storeInlineRecords(app.ctx, jobRow!.organizationId, records());
    await database.db.update(jobs).set({ datasetId, recordCount: N }).where(eq(jobs.id, job.id));

    const worker =
      workers === 'here' ? startWorker(app.ctx, app.ctx.queue, taskDefinitions, { pollMs: 10 }) : null;
    if (typeof workers === 'number')
      for (let i = 0; i < workers; i++)
        children.push(
          await startWorkerProcess(
            {
              DATABASE_URL: url!,
              DATA_DIR: dir,
              ENGINE_THREADS: String(engineThreads ?? 2),
              JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
            },
            pinned ? i : undefined,
          ),
        );
    if (workers === 'here') await enginePool(app.ctx.config.ENGINE_THREADS).warm();
    const cpu0 = process.cpuUsage();
    const workersCpu0 = children.map((c) => processCpu(c.pid!));
    const threads0 = new Map(children.flatMap((c) => threadsOf(c.pid!).map((r) => [r.t, r.cpu] as const)));
    const t0 = performance.now();
    const result = await call('POST', `/jobs/${job.id}/run?immediate_return=false`);
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const workersCpu = children.reduce((s, c, i) => s + processCpu(c.pid!) - workersCpu0[i]!, 0);
    if (process.env.BENCH_THREADS)
      for (const c of children) {
        const rows = threadsOf(c.pid!).map((r) => ({ ...r, cpu: r.cpu - (threads0.get(r.t) ?? 0) }));
        out(
          `    threads of ${c.pid}: ${rows
            .filter((r) => r.cpu > 0.05)
            .map((r) => `${r.comm}#${r.t}=${r.cpu.toFixed(2)}s`)
            .join(' ')}`,
        );
      }
    if (result.processed !== N)
      throw new Error(`processed ${result.processed} of ${N}: ${JSON.stringify(result)}`);
    const [row] = await database.db.query.results.findMany({ where: (r, { eq }) => eq(r.id, result.id) });
    // BENCH_PARTS=1: when each task (the run, its parts) was queued and finished, from the run call
    if (process.env.BENCH_PARTS) {
      const wall0 = Date.now() - seconds * 1000;
      const ran = await database.db
        .select()
        .from(tasks)
        .where(like(tasks.kind, 'job.%'))
        .orderBy(asc(tasks.finishedAt));
      // finishedAt is null only for a task still running (none, once the run answered)
      for (const t of ran)
        out(
          `    ${t.kind} ${t.payload.partIndex ?? ''}: created at ${((t.createdAt.getTime() - wall0) / 1000).toFixed(2)} s, done at ${(((t.finishedAt?.getTime() ?? Number.NaN) - wall0) / 1000).toFixed(2)} s (${JSON.stringify(t.result)})`,
        );
    }
    await worker?.stop();
    await app.close();
    // this process (the API, and the worker when it runs here) and the worker processes
    const here = (cpu.user + cpu.system) / 1e6;
    return {
      seconds,
      cpu: here + workersCpu,
      // PostgreSQL runs: this process only serves the API (it waits for the run, polling)
      apiCpu: children.length ? here : undefined,
      spec: row!.spec as unknown as MappingSpec,
      result,
    };
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(
      children.map((c) => new Promise((r) => (c.exitCode !== null ? r(0) : c.once('exit', r)))),
    );
    await database.close();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The engine alone, best of three passes (one pass on a shared machine is mostly its neighbours),
 * on records of its own built here and dropped on return, after the job runs.
 */
function engineOnly(spec: MappingSpec) {
  const data = [...records()];
  const mapper = compileSpec(spec);
  const validator = createValidator(SCHEMA as JsonSchema);
  let best = Number.POSITIVE_INFINITY;
  for (let pass = 0; pass < 3; pass++) {
    const t = performance.now();
    const c = process.cpuUsage();
    for (let i = 0; i < N; i += 1000) validator.validateRecords(mapper.mapMany(data.slice(i, i + 1000)));
    const used = process.cpuUsage(c);
    const seconds = (performance.now() - t) / 1000;
    if (seconds < best) {
      best = seconds;
      rawCpu = (used.user + used.system) / 1e6;
    }
  }
  return best;
}

/**
 * What an engine thread must do per record besides the engine, measured the same way: parse the
 * records' JSON (a slice of 512 at a time, as the thread does), map them with the drop report,
 * validate, and build the result's row group (the mapped record's JSON text) — CPU seconds of
 * one thread, best of three. Records are JSON and a result stores them as JSON, so this is the
 * least a job does per record besides reading the input's pages: it bounds the job's rate at
 * `cores × engine CPU / this` (printed beside it).
 */
function threadWork(spec: MappingSpec, n = N) {
  const mapper = compileSpec(spec);
  const validator = createValidator(SCHEMA as JsonSchema);
  const slices: string[] = [];
  for (let i = 0; i < n; i += 512) slices.push(JSON.stringify([...records(i, Math.min(n, i + 512))]));
  const group = new RowGroupBuilder(RESULT_COLUMNS);
  let best = Number.POSITIVE_INFINITY;
  for (let pass = 0; pass < 3; pass++) {
    const c = process.cpuUsage();
    let rows = 0;
    slices.forEach((text, b) => {
      const report = mapper.mapManyReport(JSON.parse(text) as unknown[]);
      const v = validator.validateRecords(report.records, report.dropped);
      appendResultRows(group, b * 512, report.records, v.messages, report.dropped);
      rows += report.records.length;
      if (rows >= ROW_GROUP_ROWS) {
        group.finish(rows);
        rows = 0;
      }
    });
    group.finish(rows);
    const used = process.cpuUsage(c);
    best = Math.min(best, (used.user + used.system) / 1e6);
  }
  return best;
}

/** records of each scaling probe (a 200k-record run is long enough to measure, short to wait for) */
const PROBE_RECORDS = 200_000;
/**
 * BENCH_JOB_CHILD=<spec>: this process is one of the machine's own scaling probes (below): it
 * does an engine thread's work on its own records and prints its CPU seconds (best of three).
 */
if (process.env.BENCH_JOB_CHILD) {
  process.stdout.write(
    `${threadWork(JSON.parse(process.env.BENCH_JOB_CHILD) as MappingSpec, PROBE_RECORDS)}\n`,
  );
  process.exit(0);
}

/**
 * What this machine lets two pinned processes do at all: an engine thread's work (threadWork)
 * in one process on core 0, then in two at once on cores 0 and 1. No database, no queue, no
 * files: if two of these already use more CPU per record each than one alone (cores that share
 * a physical core or its memory path, as a VM's two vCPUs may), two workers cannot scale past
 * `2 × alone / paired` either, whatever the job path does.
 */
async function machineScaling(spec: MappingSpec) {
  const probe = (core: number) =>
    new Promise<number>((resolve, reject) => {
      const child = spawn(
        'taskset',
        ['-c', String(core), process.execPath, '--import', 'tsx', import.meta.filename],
        {
          env: { ...process.env, BENCH_JOB_CHILD: JSON.stringify(spec) },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      let text = '';
      child.stdout!.on('data', (d) => (text += d));
      child.once('exit', (code) => (code === 0 ? resolve(Number(text.trim())) : reject(new Error(text))));
    });
  const alone = await probe(0);
  const paired = await Promise.all([probe(0), probe(1)]);
  const each = Math.max(...paired);
  return { alone, each, ceiling: (2 * alone) / each };
}
const out = (s: string) => process.stdout.write(`${s}\n`);
let raw = 0;
/** the engine-only pass's CPU seconds: on a busy machine its wall time is inflated, its CPU less so */
let rawCpu = 0;
const line = (label: string, seconds: number) =>
  out(
    `  ${label.padEnd(52)}${rate(seconds)} records/s  (${seconds.toFixed(1)} s)${raw ? `  ${(raw / seconds).toFixed(2)}x engine` : ''}`,
  );

/** CPU per record beside the engine's: the measure that holds on a busy machine (wall time does not). */
const perRecord = (s: number) => ((s * 1e6) / N).toFixed(1);
const cpuLine = (cpu: number, seconds: number, apiCpu?: number) =>
  out(
    `    CPU ${perRecord(cpu)} µs per record${apiCpu === undefined ? '' : ` (API process ${perRecord(apiCpu)})`} over ${(cpu / seconds).toFixed(1)} busy cores; the engine alone needs ${perRecord(rawCpu)} µs (${(cpu / rawCpu).toFixed(1)}x)`,
  );
/** The engine alone, then the thread's share and the ceiling it puts on a job on this machine. */
function engineLines(spec: MappingSpec) {
  raw = engineOnly(spec);
  out(`  ${'engine only (map + validate, in memory, one thread)'.padEnd(52)}${rate(raw)} records/s`);
  const work = threadWork(spec);
  const cores = availableParallelism();
  out(
    `    an engine thread's share alone (parse, map with the drop report, validate, build the result's row group): ${perRecord(work)} µs per record, ${(work / rawCpu).toFixed(1)}x the engine's CPU; so on ${cores} cores a job stays under ${((cores * rawCpu) / work).toFixed(2)}x the engine even if reading and writing Parquet cost nothing`,
  );
}
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`;

out(`\nJob run, ${N.toLocaleString('en-US')} records (nested JSON, 10 target fields); ${load()}`);
if (SCENARIOS.includes('embedded')) {
  const r = await runJob('embedded', 'here');
  engineLines(r.spec);
  line('embedded database, one worker', r.seconds);
  // all threads of this process: the main one, the engine threads and DuckDB's
  cpuLine(r.cpu, r.seconds, r.apiCpu);
}
if (SCENARIOS.includes('postgres')) {
  const r = await runJob('postgres', 1);
  if (!raw) engineLines(r.spec);
  line('PostgreSQL, one worker process', r.seconds);
  cpuLine(r.cpu, r.seconds, r.apiCpu);
}
/**
 * Scale-out: on one small machine, two unpinned workers share its cores with each other, the
 * API, PostgreSQL and everyone else, and measure the machine. Pinned (taskset), each worker gets
 * a core of its own, as on separate one-core machines, so the ratio shows what the queue, the
 * parts and the database let two workers do (BENCH_JOB_PIN=0: unpinned).
 */
if (SCENARIOS.includes('scaling')) {
  const pin = process.env.BENCH_JOB_PIN !== '0' && availableParallelism() >= 2 && hasTaskset();
  const how = pin ? 'pinned to its own core' : '1 engine thread';
  const one = await runJob('postgres', 1, 1, pin);
  if (!raw) engineLines(one.spec);
  line(`PostgreSQL, 1 worker process, ${how}`, one.seconds);
  cpuLine(one.cpu, one.seconds, one.apiCpu);
  const two = await runJob('postgres', 2, 1, pin);
  line(`PostgreSQL, 2 worker processes, each ${how}`, two.seconds);
  cpuLine(two.cpu, two.seconds, two.apiCpu);
  out(`  two workers / one: ${(one.seconds / two.seconds).toFixed(2)}x`);
  if (pin) {
    const m = await machineScaling(one.spec);
    const us = (s: number) => ((s * 1e6) / PROBE_RECORDS).toFixed(2);
    out(
      `    this machine's own ceiling for two pinned processes: an engine thread's work takes ${us(m.alone)} µs a record alone on one core, ${us(m.each)} with a second copy on the other core, so two can do at most ${m.ceiling.toFixed(2)}x one`,
    );
  }
}
out(`  ${load()} (this machine: ${availableParallelism()} cores; wall-clock ratios need a quiet one)`);
