import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Connector,
  ConnectorRuntimeError,
  type DestinationConnector,
} from '../src/modules/connectors/contract.ts';
import { postgresConnector } from '../src/modules/connectors/postgres/postgres.connector.ts';
import { connectors } from '../src/modules/connectors/registry.ts';
import { createTestApp, createUser, DATABASES, eventually, type TestApp, type TestUser } from './helper.ts';

/*
 * Issue 15, point 4: every record a sync's pipeline rejects is kept (not only a sample of 100),
 * paged and downloadable, exactly once even when the run fails between batches and resumes from
 * its checkpoint: once before the destination got a batch (its rejects are dropped and made
 * again), once after the destination committed a batch but before the run did (the destination's
 * checkpoint wins and the batch's rejects stay). Another organization's ids are 404.
 */

const ROWS = 50_000; // three destination batches (WRITE_BATCH is 20 000)
const suffix = randomBytes(4).toString('hex');
const SRC = `mw_quar_src_${suffix}`;
const DST = `mw_quar_dst_${suffix}`;
const settings = (database: string) => ({ host: '127.0.0.1', port: 5432, database, user: 'postgres' });

async function sql(database: string, text: string) {
  const c = new pg.Client({ host: '127.0.0.1', user: 'postgres', database });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}

/** The PostgreSQL destination failing (retryably) on its 2nd write before it, on its 3rd after it. */
let writes = 0;
const pgDest = postgresConnector as DestinationConnector;
const flaky: Connector = {
  ...postgresConnector,
  spec: { ...postgresConnector.spec, type: 'pg-flaky', title: 'pg-flaky' },
  async open(s, req, ctx) {
    const w = await pgDest.open(s, req, ctx);
    return {
      ...w,
      async write(records, checkpoint) {
        const n = ++writes;
        if (n === 2) throw new ConnectorRuntimeError('lost before the write', true);
        await w.write(records, checkpoint);
        if (n === 3) throw new ConnectorRuntimeError('lost after the write', true);
      },
    };
  },
};
connectors.push(flaky);

beforeAll(async () => {
  await sql('postgres', `create database ${SRC}`);
  await sql('postgres', `create database ${DST}`);
  await sql(
    SRC,
    `create table customers (id integer primary key, name text not null, email text);
     insert into customers select i, 'name ' || i, case when i % 10 = 0 then null else 'c' || i || '@example.com' end
       from generate_series(1, ${ROWS}) i;`,
  );
});
afterAll(async () => {
  await sql('postgres', `drop database if exists ${SRC} with (force)`);
  await sql('postgres', `drop database if exists ${DST} with (force)`);
});

describe.each(DATABASES)('sync quarantine (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind, { OUTBOUND_ALLOWLIST: '127.0.0.1' }, { worker: true });
    u = await createUser(t);
    other = await createUser(t);
  });
  afterAll(() => t.close());
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await t.as(u.token, {
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };

  /** A sync of the source through a pipeline requiring an email, run to its end. */
  const syncThroughPipeline = async (writeMode: 'append' | 'overwrite', table: string) => {
    writes = 0;
    const schema = {
      type: 'object',
      properties: { id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' } },
      required: ['id', 'name', 'email'],
    };
    const pipeline = await call('POST', '/api/pipelines', { name: 'Customers', target_schema: schema });
    await call('POST', `/api/pipelines/${pipeline.id}/jobs`, {
      data: [
        { id: 1, name: 'a', email: 'a@example.com' },
        { id: 2, name: 'b', email: 'b@example.com' },
      ],
    });
    const w = await call('POST', `/api/pipelines/${pipeline.id}/workshops`);
    await call('POST', `/api/workshops/${w.id}/deploy`);
    const src = await call('POST', '/api/connections', {
      type: 'postgres',
      name: 'src',
      role: 'source',
      settings: settings(SRC),
    });
    const dst = await call('POST', '/api/connections', {
      type: 'pg-flaky',
      name: 'dst',
      role: 'destination',
      settings: settings(DST),
    });
    const sync = await call('POST', '/api/syncs', {
      name: 'Mapped',
      sourceConnectionId: src.id,
      destinationConnectionId: dst.id,
      streams: [{ name: 'public.customers', destination: table }],
      pipelineId: pipeline.id,
      writeMode,
    });
    await call('POST', `/api/syncs/${sync.id}/runs`);
    const run = await eventually(async () => {
      const [r] = (await call('GET', `/api/syncs/${sync.id}/runs`)).items;
      return r && ['succeeded', 'failed', 'cancelled'].includes(r.status) ? r : null;
    }, 180_000);
    return { sync, run };
  };

  it('keeps every rejected record exactly once across resumed attempts, paged and downloadable', async () => {
    const table = `customers_${kind}`;
    const { sync, run } = await syncThroughPipeline('append', table);
    // both failures happened, and the run still wrote every valid row once
    expect(writes).toBeGreaterThanOrEqual(4);
    expect(run).toMatchObject({ status: 'succeeded', rowsRead: ROWS, rowsWritten: ROWS * 0.9 });
    expect(run.rowsRejected).toBe(run.rowsRead - run.rowsWritten);
    expect(run.rejectedSample).toHaveLength(100); // the sample stays as it was
    expect(run.rejectedDatasetId).toEqual(expect.any(String));
    const [dest] = await sql(DST, `select count(*)::int as n, count(distinct id)::int as d from ${table}`);
    expect(dest).toEqual({ n: ROWS * 0.9, d: ROWS * 0.9 });

    const base = `/api/syncs/${sync.id}/runs/${run.id}/rejected`;
    const page1 = await call('GET', `${base}?page=1&size=100`);
    expect(page1).toMatchObject({ total: ROWS / 10, page: 1, size: 100, pages: ROWS / 10 / 100 });
    expect(page1.items).toHaveLength(100);
    expect(page1.items[0].record).toMatchObject({ id: 10, email: null });
    expect(page1.items[0].errors.length).toBeGreaterThan(0);
    const last = await call('GET', `${base}?page=${ROWS / 10 / 100}&size=100`);
    expect(last.items.at(-1).record.id).toBe(ROWS);
    const bad = await t.as(u.token, { method: 'GET', url: `${base}?size=1000` });
    expect(bad.statusCode).toBe(422);

    const download = await t.as(u.token, { method: 'GET', url: `${base}.jsonl` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    const ids = download.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).record.id as number);
    // every rejected record once, none of them lost or repeated by the resumed attempts
    expect(ids).toHaveLength(ROWS / 10);
    expect(new Set(ids).size).toBe(ROWS / 10);
    expect(ids.every((id) => id % 10 === 0)).toBe(true);

    // another organization sees none of it
    for (const url of [`${base}?page=1`, `${base}.jsonl`]) {
      const res = await t.as(other.token, { method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  }, 240_000);

  it('an overwrite that starts over after a failure counts and keeps each rejected record once', async () => {
    const table = `customers_over_${kind}`;
    const { sync, run } = await syncThroughPipeline('overwrite', table);
    expect(writes).toBeGreaterThanOrEqual(4);
    expect(run).toMatchObject({
      status: 'succeeded',
      rowsRead: ROWS,
      rowsWritten: ROWS * 0.9,
      rowsRejected: ROWS / 10,
    });
    const [dest] = await sql(DST, `select count(*)::int as n, count(distinct id)::int as d from ${table}`);
    expect(dest).toEqual({ n: ROWS * 0.9, d: ROWS * 0.9 });
    const download = await t.as(u.token, {
      method: 'GET',
      url: `/api/syncs/${sync.id}/runs/${run.id}/rejected.jsonl`,
    });
    const ids = download.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).record.id as number);
    expect(ids).toHaveLength(ROWS / 10);
    expect(new Set(ids).size).toBe(ROWS / 10);
  }, 240_000);
});
