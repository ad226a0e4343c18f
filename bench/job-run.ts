/**
 * Job throughput end to end — queue → parts → engine (map + validate) → Parquet result — on the embedded
 * database, beside the engine's raw throughput on the same records and mapper in memory.
 *
 *   npm run bench:jobs             # 100k records
 *   BENCH_JOB_RECORDS=20000 npm run bench:jobs
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPglite } from '../apps/server/src/db/client.ts';
import { seed } from '../apps/server/src/db/seed.ts';
import { taskDefinitions } from '../apps/server/src/jobs/registry.ts';
import { startWorker } from '../apps/server/src/jobs/worker.ts';
import {
  compileSpec,
  createValidator,
  type JsonSchema,
  type MappingSpec,
} from '../packages/engine/src/index.ts';

const N = Number(process.env.BENCH_JOB_RECORDS ?? 100_000);
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

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'mw-bench-jobs-'));
  const database = await openPglite(dir);
  try {
    await database.migrate();
    await seed(database.db, {
      adminEmail: 'demo@mapwright.dev',
      adminPassword: 'mapwright-demo',
      staffEmail: 'staff@mapwright.dev',
    });
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
    const app = await buildApp({
      config,
      database,
      jwtSecret: new TextEncoder().encode('bench-secret-bench-secret-bench-secret'),
      demoOrgId: null,
      logger: false,
    });
    const worker = startWorker(app.ctx, app.ctx.queue, taskDefinitions, { pollMs: 10 });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/jwt/login',
      payload: 'username=demo%40mapwright.dev&password=mapwright-demo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const headers = { authorization: `Bearer ${login.json().access_token}` };
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
      (await app.inject({ method, url: `/api${url}`, payload, headers })).json();
    const data = Array.from({ length: N }, (_, i) => record(i));

    const pipeline = await call('POST', '/pipelines', { name: 'Bench', target_schema: SCHEMA });
    const job = await call('POST', `/pipelines/${pipeline.id}/jobs`, { data });
    // the engine's proposal is the mapper under test (both sides use the same one)
    const t0 = performance.now();
    const result = await call('POST', `/jobs/${job.id}/run?immediate_return=false`);
    const endToEnd = (performance.now() - t0) / 1000;
    if (result.processed !== N) throw new Error(`processed ${result.processed} of ${N}`);
    const apiSpec = await call('GET', `/results/${result.id}/spec`);
    const [row] = await database.db.query.results.findMany({ where: (r, { eq }) => eq(r.id, result.id) });
    const spec = row!.spec as unknown as MappingSpec;

    const mapper = compileSpec(spec);
    const validator = createValidator(SCHEMA as JsonSchema);
    const t1 = performance.now();
    for (let i = 0; i < N; i += 1000) validator.validateRecords(mapper.mapMany(data.slice(i, i + 1000)));
    const raw = (performance.now() - t1) / 1000;

    await worker.stop();
    await app.close();
    const rate = (s: number) =>
      Math.round(N / s)
        .toLocaleString('en-US')
        .padStart(10);
    process.stdout.write(
      `\nJob run, ${N.toLocaleString('en-US')} records, ${Object.keys(apiSpec).length} mapped fields (${result.succeeded} valid, ${result.failed} with errors)\n`,
    );
    process.stdout.write(`  engine only (map + validate, in memory)        ${rate(raw)} records/s\n`);
    process.stdout.write(
      `  end to end (queue → engine → stored result)    ${rate(endToEnd)} records/s  (${endToEnd.toFixed(1)} s)\n`,
    );
    process.stdout.write(
      `  end to end / engine: ${(raw / endToEnd).toFixed(2)}x — the rest is reading the job's input dataset and writing the result's Parquet parts\n`,
    );
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
