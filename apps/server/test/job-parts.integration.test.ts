import { DuckDBInstance } from '@duckdb/node-api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultParts, tasks } from '../src/db/schema.ts';
import { taskDefinitions } from '../src/jobs/registry.ts';
import { startWorker } from '../src/jobs/worker.ts';
import { partPlan } from '../src/modules/pipelines/run.task.ts';
import { createTestApp, createUser, DATABASES, eventually, type TestApp, type TestUser } from './helper.ts';

const SCHEMA = { type: 'object', properties: { email: { type: 'string', format: 'email' } } };
const N = 45_000;
// every 5,000th record fails validation, so failures live in every part
const data = Array.from({ length: N }, (_, i) => ({
  email_address: i % 5000 === 7 ? 'not-an-email' : `p${i}@example.com`,
}));

/** index → mapped email of every row in the result's Parquet files, read directly. */
async function rowsOf(files: { location: string }[]) {
  const instance = await DuckDBInstance.create(':memory:');
  const c = await instance.connect();
  const list = files.map((f) => `'${f.location}'`).join(', ');
  const rows = (
    await c.runAndReadAll(`SELECT "index"::INTEGER, mapped_record FROM read_parquet([${list}]) ORDER BY 1`)
  ).getRows();
  c.closeSync();
  return rows.map(([i, m]) => [i as number, (JSON.parse(String(m)) as { email: string }).email] as const);
}

describe('the part plan', () => {
  it('covers every record once, starting small and doubling to a cap', () => {
    expect(partPlan(0)).toEqual([]);
    expect(partPlan(5000).map((p) => p.count)).toEqual([5000]);
    expect(partPlan(50_000).map((p) => p.count)).toEqual([10_240, 20_480, 19_280]);
    const big = partPlan(1_000_000);
    expect(big.reduce((n, p) => n + p.count, 0)).toBe(1_000_000);
    for (let i = 1; i < big.length; i++) expect(big[i]!.first).toBe(big[i - 1]!.first + big[i - 1]!.count);
    expect(Math.max(...big.map((p) => p.count))).toBe(102_400);
    // the tail shrinks to single row groups so workers sharing the job end together
    expect(big.slice(-3).map((p) => p.count)).toEqual([10_240, 10_240, 6_720]);
    for (const p of big.slice(0, -1)) expect(p.count % 10_240).toBe(0);
  });
});

describe.each(DATABASES)('a job split into parts (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind);
    u = await createUser(t);
  });
  afterAll(() => t.close());
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    (await t.as(u.token, { method, url, payload: payload as object })).json();

  it('two workers share the parts; every record is in the result exactly once, failures found in every part', async () => {
    const pipeline = await call('POST', '/api/pipelines', { name: 'Parts', target_schema: SCHEMA });
    const job = await call('POST', `/api/pipelines/${pipeline.id}/jobs`, { data });
    const run = await call('POST', `/api/jobs/${job.id}/run`);
    const workers = [1, 2].map((n) =>
      startWorker(t.app.ctx, t.app.ctx.queue, taskDefinitions, {
        pollMs: 10,
        concurrency: 1,
        workerId: `w${n}`,
      }),
    );
    try {
      const end = await eventually(async () => {
        const r = await call('GET', `/api/results/${run.id}`);
        return !['queued', 'running'].includes(r.status) && r;
      }, 60_000);
      expect(end).toMatchObject({ status: 'needs review', processed: N, succeeded: N - 9, failed: 9 });
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    const parts = await t.database.db.select().from(tasks).where(eq(tasks.kind, 'job.part'));
    const mine = parts.filter((p) => (p.payload as { resultId: string }).resultId === run.id);
    expect(mine).toHaveLength(partPlan(N).length);
    expect(mine.every((p) => p.status === 'succeeded')).toBe(true);
    // each part knows its own task (a cancel stops the parts through them)
    const partRows = await t.database.db.select().from(resultParts).where(eq(resultParts.resultId, run.id));
    expect(partRows).toHaveLength(mine.length);
    for (const row of partRows)
      expect(mine.find((task) => task.id === row.taskId)?.payload).toEqual({
        resultId: run.id,
        partIndex: row.partIndex,
      });

    const files = await call('GET', `/api/results/${run.id}/files`);
    expect(files.row_count).toBe(N);
    // another organization's result is not found; a malformed id names the field
    const other = await createUser(t);
    const foreign = await t.as(other.token, { method: 'GET', url: `/api/results/${run.id}/files` });
    expect(foreign.statusCode).toBe(404);
    const bad = await t.as(u.token, { method: 'GET', url: '/api/results/not-a-uuid/files' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['path', 'id']);
    const rows = await rowsOf(files.files);
    expect(rows.map(([i]) => i)).toEqual(Array.from({ length: N }, (_, i) => i));
    expect(rows[40_500]).toEqual([40_500, 'p40500@example.com']);

    const failed = await call('GET', `/api/results/${run.id}/mappings?only_errors=true&size=50`);
    expect(failed.total).toBe(9);
    expect(failed.items.map((m: { index: number }) => m.index)).toEqual(
      [0, 1, 2, 3, 4, 5, 6, 7, 8].map((k) => k * 5000 + 7),
    );
    expect(failed.items[3].source_record).toEqual({ email_address: 'not-an-email' });
  });

  it('a part handed back by a stopping worker runs again and replaces only its own output', async () => {
    const pipeline = await call('POST', '/api/pipelines', { name: 'Handback', target_schema: SCHEMA });
    const job = await call('POST', `/api/pipelines/${pipeline.id}/jobs`, { data: data.slice(0, 25_000) });
    const run = await call('POST', `/api/jobs/${job.id}/run`);
    // a worker that stops at once, in the middle of the first part it claims
    const quitter = startWorker(t.app.ctx, t.app.ctx.queue, taskDefinitions, { pollMs: 5, concurrency: 1 });
    await eventually(async () => {
      const r = await call('GET', `/api/results/${run.id}`);
      return r.status === 'running' && r;
    });
    await quitter.stop();
    const mid = await call('GET', `/api/results/${run.id}`);
    expect(['running', 'needs review']).toContain(mid.status);
    const worker = startWorker(t.app.ctx, t.app.ctx.queue, taskDefinitions, { pollMs: 10 });
    try {
      const end = await eventually(async () => {
        const r = await call('GET', `/api/results/${run.id}`);
        return !['queued', 'running'].includes(r.status) && r;
      }, 60_000);
      expect(end).toMatchObject({ processed: 25_000, failed: 5 });
    } finally {
      await worker.stop();
    }
    const rows = await rowsOf((await call('GET', `/api/results/${run.id}/files`)).files);
    expect(rows.map(([i]) => i)).toEqual(Array.from({ length: 25_000 }, (_, i) => i));
  });
});
