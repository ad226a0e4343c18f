import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DATABASES, multipart, type TestApp, type TestUser } from './helper.ts';
import { type Cluster, createCluster, kill, loginTo, until } from './processes.ts';

describe.skipIf(!DATABASES.includes('postgres'))(
  'a worker killed mid-job (PostgreSQL, separate processes)',
  () => {
    let cluster: Cluster;
    beforeAll(async () => {
      cluster = await createCluster({ WORKER_LEASE_MS: '1500' });
    });
    afterAll(() => cluster?.destroy());

    it('loses no record and writes none twice after SIGKILL and restart', async () => {
      const web = await cluster.start({ ROLE: 'web' });
      const { call } = await loginTo(web.url);
      const schema = {
        type: 'object',
        properties: { n: { type: 'integer' }, label: { type: 'string' } },
        required: ['n'],
      };
      const pipeline = await call('POST', '/pipelines', { name: 'Durable', target_schema: schema });
      const total = 150_000;
      const job = await call('POST', `/pipelines/${pipeline.id}/jobs`, {
        data: Array.from({ length: total }, (_, i) => ({ n: i, label: `row ${i}` })),
      });
      const result = await call('POST', `/jobs/${job.id}/run?immediate_return=true`);

      const first = await cluster.start({ ROLE: 'worker' });
      await until(
        async () => ((await call('GET', `/results/${result.id}`)).processed as number) > 0,
        60_000,
        20,
      );
      await kill(first);
      const midway = (await call('GET', `/results/${result.id}`)).processed as number;
      expect(midway).toBeLessThan(total);

      await cluster.start({ ROLE: 'worker' });
      const end = await until(async () => {
        const r = await call('GET', `/results/${result.id}`);
        return ['finished', 'failed'].includes(r.status as string) && r;
      });
      expect(end).toMatchObject({ status: 'finished', processed: total, succeeded: total, failed: 0 });

      // the result's own Parquet files, read directly as a user would (DuckDB), not through the API
      const files = await call('GET', `/results/${result.id}/files`);
      expect(files.row_count).toBe(total);
      const instance = await DuckDBInstance.create(':memory:');
      const duck = await instance.connect();
      const list = (files.files as { location: string }[]).map((f) => `'${f.location}'`).join(', ');
      const rows = (
        await duck.runAndReadAll(
          `SELECT "index"::INTEGER, mapped_record FROM read_parquet([${list}]) ORDER BY 1`,
        )
      ).getRows();
      duck.closeSync();
      const seen = new Set<number>();
      for (const [index, mapped] of rows) {
        expect(JSON.parse(String(mapped))).toEqual({ n: index, label: `row ${index}` });
        seen.add(index as number);
      }
      expect(rows.length).toBe(total);
      expect(seen.size).toBe(total);
    }, 180_000);
  },
);

describe.each(DATABASES)('a run request cut between its result and its task (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind);
    u = await createUser(t);
  });
  afterAll(() => t.close());

  it('leaves no result waiting for a task that was never queued', async () => {
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.as(u.token, { method, url: `/api${url}`, ...(payload ? { payload } : {}) });
    const pipeline = (
      await call('POST', '/pipelines', {
        name: 'Cut',
        target_schema: { type: 'object', properties: { n: { type: 'integer' } } },
      })
    ).json();
    const job = (await call('POST', `/pipelines/${pipeline.id}/jobs`, { data: [{ n: 1 }, { n: 2 }] })).json();
    // the process dies (here: the enqueue fails) after the result row was written
    const queue = t.app.ctx.queue;
    const enqueue = queue.enqueue;
    queue.enqueue = async () => {
      throw new Error('killed');
    };
    try {
      expect((await call('POST', `/jobs/${job.id}/run?immediate_return=true`)).statusCode).toBe(500);
    } finally {
      queue.enqueue = enqueue;
    }
    expect((await call('GET', `/jobs/${job.id}/results`)).json().items).toEqual([]);
    // sent again (as a balancer would), the run is queued once, with its task
    const again = await call('POST', `/jobs/${job.id}/run?immediate_return=true`);
    expect(again.statusCode).toBe(200);
    const items = (await call('GET', `/jobs/${job.id}/results`)).json().items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: again.json().id, status: 'queued' });
  });

  it('leaves no import waiting for a task that was never queued', async () => {
    const upload = multipart('people.csv', 'id,name\n1,Ada\n', 'text/csv');
    const file = (await t.as(u.token, { method: 'POST', url: '/api/files', ...upload })).json();
    const imports = async () =>
      (await t.as(u.token, { method: 'GET', url: '/api/imports?size=100' })).json().items as { id: string }[];
    const before = await imports();
    const queue = t.app.ctx.queue;
    const enqueue = queue.enqueue;
    queue.enqueue = async () => {
      throw new Error('killed');
    };
    try {
      const cut = await t.as(u.token, { method: 'POST', url: '/api/imports', payload: { file_id: file.id } });
      expect(cut.statusCode).toBe(500);
    } finally {
      queue.enqueue = enqueue;
    }
    expect(await imports()).toEqual(before);
  });
});
