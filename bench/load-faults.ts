/**
 * Load and faults: a fresh PostgreSQL database, two API processes (ROLE=web) and two workers
 * (ROLE=worker, ENGINE_THREADS=1), a fixed rate of mixed reads and writes spread over the API
 * processes as a load balancer would, while one worker and then one API process are SIGKILLed
 * and restarted. At the end every job run must be finished with each posted record mapped
 * exactly once (the results' Parquet files read with DuckDB). Exits non-zero otherwise.
 *
 *   npm run bench:load                                  # 500 req/s for 60 s
 *   BENCH_LOAD_RATE=200 BENCH_LOAD_SECONDS=20 npm run bench:load
 *
 * A request refused (or cut) because its process was just killed is retried once on the other
 * process, as a balancer's health check would route it; those are counted apart from errors.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import pg from 'pg';
import {
  type Call,
  createCluster,
  kill,
  loginTo,
  type ServerProcess,
} from '../apps/server/test/processes.ts';

const RATE = Number(process.env.BENCH_LOAD_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
/** share of the scheduled requests that create a job (each job's run is one more request) */
const WRITE_SHARE = Number(process.env.BENCH_LOAD_WRITE_SHARE ?? 0.05);
const RECORDS_PER_JOB = 100;
/** how soon a killed worker's tasks are taken over (the default 30 s would only stretch the wait) */
const LEASE_MS = process.env.BENCH_LOAD_LEASE_MS ?? '5000';
/** a balancer notices a dead process after its health check: requests sent before are refused */
const HEALTH_CHECK_MS = 500;
/** open loop, but bounded: past this many in flight a slot is dropped (and counted) */
const MAX_IN_FLIGHT = 2000;

const out = (s: string) => process.stdout.write(`${s}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SCHEMA = {
  type: 'object',
  properties: { n: { type: 'integer' }, label: { type: 'string' } },
  required: ['n'],
};

interface Target {
  proc: ServerProcess;
  /** in the balancer's rotation */
  alive: boolean;
}
/** processes this benchmark killed: a request they refused or cut is the kill's doing */
const killed = new WeakSet<ServerProcess>();

const stats = {
  sent: 0,
  ok: 0,
  /** non-2xx answers from live processes, and failures a kill does not explain */
  errors: 0,
  errorSamples: [] as string[],
  /** refused or cut by a kill, sent again to the other process */
  retries: 0,
  dropped: 0,
  latencies: [] as number[],
};
const noteError = (what: string) => {
  stats.errors++;
  if (stats.errorSamples.length < 5) stats.errorSamples.push(what);
};

const cluster = await createCluster({ WORKER_LEASE_MS: LEASE_MS });
let exitCode = 1;
try {
  exitCode = await main();
} finally {
  await cluster.destroy();
}
process.exit(exitCode);

async function main() {
  out(`\nLoad and faults: ${RATE} req/s for ${SECONDS} s, 2 API processes, 2 workers (PostgreSQL)`);
  const webs: Target[] = [];
  for (let i = 0; i < 2; i++) webs.push({ proc: await cluster.start({ ROLE: 'web' }), alive: true });
  const workers: ServerProcess[] = [];
  for (let i = 0; i < 2; i++) workers.push(await cluster.start({ ROLE: 'worker', ENGINE_THREADS: '1' }));
  const { token, call } = await loginTo(webs[0]!.proc.url);

  // a pipeline with a mapper (its first job proposes it) and a finished result to read
  const pipeline = await call('POST', '/pipelines', { name: 'Load', target_schema: SCHEMA });
  let jobNo = 0;
  const records = () => {
    const k = jobNo++;
    return Array.from({ length: RECORDS_PER_JOB }, (_, n) => ({ n, label: `job ${k} row ${n}` }));
  };
  const warm = await call('POST', `/pipelines/${pipeline.id}/jobs`, { data: records() });
  const warmResult = await call('POST', `/jobs/${warm.id}/run?immediate_return=false`);
  const jobIds: string[] = [warm.id as string];
  const resultIds: string[] = [warmResult.id as string];
  /** jobs whose run was asked for (the ones checked at the end) */
  const ran = new Set<string>([warm.id as string]);

  let rr = 0;
  const pick = (not?: Target) => {
    const live = webs.filter((w) => w.alive && w !== not);
    return live.length ? live[rr++ % live.length]! : null;
  };

  /** one request through the "balancer": the JSON body, or null on an error */
  async function send(method: string, path: string, body?: unknown) {
    const t0 = performance.now();
    stats.sent++;
    let target = pick()!;
    for (let attempt = 0; ; attempt++) {
      const proc = target.proc;
      try {
        const res = await fetch(`${proc.url}/api${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        });
        const text = await res.text();
        stats.latencies.push(performance.now() - t0);
        if (res.ok) {
          stats.ok++;
          return JSON.parse(text) as Record<string, unknown>;
        }
        noteError(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
        return null;
      } catch (err) {
        const other = killed.has(proc) && attempt === 0 ? pick(target) : null;
        if (other) {
          stats.retries++;
          target = other;
          continue;
        }
        stats.latencies.push(performance.now() - t0);
        noteError(`${method} ${path}: ${String((err as Error).cause ?? err)}`);
        return null;
      }
    }
  }

  const runJob = async (jobId: string) => {
    ran.add(jobId);
    const r = await send('POST', `/jobs/${jobId}/run?immediate_return=true`);
    if (r) resultIds.push(r.id as string);
  };
  const runsToDo: string[] = [];
  const randomOf = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
  const reads = [
    () => '/pipelines?size=10',
    () => `/pipelines/${pipeline.id}`,
    () => `/pipelines/${pipeline.id}/jobs?size=10`,
    () => `/jobs/${randomOf(jobIds)}`,
    () => '/results?size=10',
    () => `/results/${randomOf(resultIds)}`,
  ];
  /** one scheduled request: a created job's run if one waits, a new job, or one of the reads */
  async function slot() {
    const waiting = runsToDo.shift();
    if (waiting) return runJob(waiting);
    if (Math.random() < WRITE_SHARE) {
      const job = await send('POST', `/pipelines/${pipeline.id}/jobs`, { data: records() });
      if (job) {
        jobIds.push(job.id as string);
        runsToDo.push(job.id as string);
      }
      return;
    }
    await send('GET', randomOf(reads)());
  }

  // the faults, at fixed points of the run
  const t0 = performance.now();
  const at = (fraction: number, fn: () => Promise<void>) => sleep(SECONDS * 1000 * fraction).then(fn);
  const clock = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
  const faults = Promise.all([
    at(0.3, async () => {
      out(`  ${clock()}: SIGKILL worker 1`);
      killed.add(workers[0]!);
      await kill(workers[0]!);
      await sleep(5000);
      workers[0] = await cluster.start({ ROLE: 'worker', ENGINE_THREADS: '1' });
      out(`  ${clock()}: worker 1 restarted`);
    }),
    at(0.55, async () => {
      out(`  ${clock()}: SIGKILL API process 2`);
      const t = webs[1]!;
      killed.add(t.proc);
      setTimeout(() => {
        t.alive = false;
      }, HEALTH_CHECK_MS);
      await kill(t.proc);
      const proc = await cluster.start({ ROLE: 'web' });
      Object.assign(t, { proc, alive: true });
      out(`  ${clock()}: API process 2 restarted and back behind the balancer`);
    }),
  ]);

  // open loop: request k is due at k / RATE seconds, whatever the answers do
  const pending = new Set<Promise<unknown>>();
  let scheduled = 0;
  while (performance.now() - t0 < SECONDS * 1000) {
    const due = Math.floor(((performance.now() - t0) / 1000) * RATE);
    for (; scheduled < due; scheduled++) {
      if (pending.size >= MAX_IN_FLIGHT) {
        stats.dropped++;
        continue;
      }
      const p = slot();
      pending.add(p);
      void p.finally(() => pending.delete(p));
    }
    await sleep(2);
  }
  await Promise.all(pending);
  const loadSeconds = (performance.now() - t0) / 1000;
  // jobs created in the last moments are run now (outside the timed window, not in its figures)
  const sentInWindow = stats.sent;
  await Promise.all(runsToDo.splice(0).map(runJob));
  await faults;

  out(`  waiting for every job run to finish...`);
  const waitStart = performance.now();
  // a run that makes no progress for a minute is reported (and fails the check), not waited for
  let last = -1;
  let lastChange = performance.now();
  let stuck = 0;
  for (;;) {
    const open = await call<{ total: number }>('GET', '/results?size=1&status=created,queued,running');
    if (open.total === 0) break;
    if (open.total !== last) [last, lastChange] = [open.total, performance.now()];
    if (performance.now() - lastChange > 60_000) {
      stuck = open.total;
      break;
    }
    await sleep(1000);
  }
  const drained = (performance.now() - waitStart) / 1000;
  const check = await verify(call, [...ran]);
  // tasks claimed more than once: the ones the killed worker held, finished by another
  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  const { rows: takenOver } = await db.query(
    'select kind, count(*)::int as n from tasks where attempts > 1 group by kind order by kind',
  );
  await db.end();

  const sorted = stats.latencies.slice().sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  out('');
  out(
    `  requests            ${sentInWindow} in ${loadSeconds.toFixed(1)} s (+${stats.sent - sentInWindow} runs after the window)`,
  );
  out(
    `  achieved rate       ${(sentInWindow / loadSeconds).toFixed(0)} req/s (target ${RATE}; ${stats.dropped} slots dropped at ${MAX_IN_FLIGHT} in flight)`,
  );
  out(
    `  errors              ${stats.errors}${stats.errorSamples.length ? `  e.g. ${stats.errorSamples.join(' | ')}` : ''}`,
  );
  out(`  latency             p50 ${ms(q(0.5))}  p99 ${ms(q(0.99))}  max ${ms(sorted.at(-1) ?? 0)}`);
  out(`  retries due to kill ${stats.retries}`);
  out(
    `  tasks taken over    ${takenOver.map((r) => `${r.n} ${r.kind}`).join(', ') || 'none'} (claimed again after the worker's kill)`,
  );
  out(
    `  job runs            ${check.results} results of ${ran.size} jobs (${check.unfinished} not finished${check.why ? `: ${check.why}` : ''}), all done ${drained.toFixed(0)} s after the load`,
  );
  out(
    `  records             posted ${check.posted}  mapped ${check.mapped}${check.runTwice ? ` (${check.runTwice} jobs run twice: a run request cut by the kill and sent again)` : ''}`,
  );
  out(`  results miscounted  ${check.miscounted}  (processed ≠ the job's records)`);
  out(`  rows not their own  ${check.wrong}`);
  out(`  lost                ${check.lost}`);
  out(`  duplicated          ${check.duplicated}`);
  const bad =
    stats.errors + check.lost + check.duplicated + check.unfinished + check.miscounted + check.wrong + stuck;
  out(bad === 0 ? '  OK' : '  FAILED');
  return bad === 0 ? 0 : 1;
}

/**
 * Every result of every job that was run: finished, processed == the job's records, and its
 * Parquet rows each present once (read with DuckDB). A run whose request was cut by the kill and
 * sent again may have made two results of one job: each is checked on its own.
 */
async function verify(call: Call, jobIds: string[]) {
  type Result = { id: string; jobId: string; status: string; processed: number; error: string | null };
  const all: Result[] = [];
  for (let i = 0; i < jobIds.length; i += 20)
    await Promise.all(
      jobIds.slice(i, i + 20).map(async (jobId) => {
        const page = await call<{ items: Omit<Result, 'jobId'>[] }>('GET', `/jobs/${jobId}/results?size=100`);
        for (const r of page.items) all.push({ ...r, jobId });
      }),
    );
  const fileOf = new Map<string, string>();
  for (let i = 0; i < all.length; i += 20)
    await Promise.all(
      all.slice(i, i + 20).map(async (r) => {
        const files = await call<{ files: { location: string }[] }>('GET', `/results/${r.id}/files`);
        for (const f of files.files) fileOf.set(f.location, r.id);
      }),
    );
  const seen = new Map<string, Map<number, number>>(all.map((r) => [r.id, new Map()]));
  let wrong = 0;
  if (fileOf.size) {
    const duck = await (await DuckDBInstance.create(':memory:')).connect();
    const list = [...fileOf.keys()].map((l) => `'${l}'`).join(', ');
    const rows = (
      await duck.runAndReadAll(
        `SELECT filename, "index"::INTEGER, mapped_record FROM read_parquet([${list}], filename = true)`,
      )
    ).getRows();
    duck.closeSync();
    for (const [file, index, mapped] of rows) {
      const counts = seen.get(fileOf.get(String(file))!)!;
      counts.set(index as number, (counts.get(index as number) ?? 0) + 1);
      if ((JSON.parse(String(mapped)) as { n: number }).n !== index) wrong++;
    }
  }
  let lost = 0;
  let duplicated = 0;
  for (const r of all) {
    const counts = seen.get(r.id)!;
    for (let n = 0; n < RECORDS_PER_JOB; n++) {
      const c = counts.get(n) ?? 0;
      if (c === 0) lost++;
      if (c > 1) duplicated += c - 1;
    }
  }
  const jobsWithResults = new Set(all.map((r) => r.jobId));
  const notFinished = all.filter((r) => r.status !== 'finished');
  const why = new Map<string, number>();
  for (const r of notFinished) {
    const key = `${r.status}: ${r.error ?? 'no error'}`;
    why.set(key, (why.get(key) ?? 0) + 1);
  }
  return {
    results: all.length,
    unfinished: notFinished.length,
    why: [...why].map(([k, n]) => `${n} × ${k}`).join('; '),
    /** results whose processed count is not the job's record count */
    miscounted: all.filter((r) => r.processed !== RECORDS_PER_JOB).length,
    /** jobs with more than one result: a run request cut by the kill and sent again */
    runTwice: all.length - jobsWithResults.size,
    posted: jobIds.length * RECORDS_PER_JOB,
    mapped: all.reduce((n, r) => n + r.processed, 0),
    /** rows whose mapped record is not their own source record */
    wrong,
    lost,
    duplicated,
  };
}
