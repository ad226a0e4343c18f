import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connections } from '../src/db/schema.ts';
import { createTestApp, createUser, DATABASES, eventually, type TestApp, type TestUser } from './helper.ts';

/*
 * Connections and syncs through the API, against the machine's PostgreSQL as source and
 * destination: secrets never returned, settings validated against the connector's schema,
 * errors naming the field, discovery with samples, full refresh, incremental, pipeline mapping
 * with rejects counted, cancel, another organization's ids 404.
 */

const suffix = randomBytes(4).toString('hex');
const SRC_DB = `mw_sync_src_${suffix}`;
const DST_DB = `mw_sync_dst_${suffix}`;
const pgSettings = (database: string) => ({
  host: '127.0.0.1',
  port: 5432,
  database,
  user: 'postgres',
  password: 'never-shown-again',
  schema: 'public',
});

async function sql(database: string, text: string) {
  const c = new pg.Client({ host: '127.0.0.1', user: 'postgres', database });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}

const MY_DB = `mw_sync_my_${suffix}`;
async function mysqlExec(text: string, database?: string) {
  const c = await mysql.createConnection({
    host: '127.0.0.1',
    user: 'root',
    database,
    multipleStatements: true,
  });
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  await mysqlExec(`create database ${MY_DB}`);
  await mysqlExec(
    "create table orders (id int primary key, note varchar(40), paid tinyint(1), placed datetime); insert into orders values (1, 'a', 1, '2024-01-01 10:00:00'), (2, null, 0, '2024-01-02 11:30:00'), (3, 'c', 1, '2024-01-03 12:00:00')",
    MY_DB,
  );
  await sql('postgres', `create database ${SRC_DB}`);
  await sql('postgres', `create database ${DST_DB}`);
  await sql(
    SRC_DB,
    `create table customers (id integer primary key, name text not null, email text, updated_at timestamptz not null);
     insert into customers select i, 'name ' || i, case when i % 10 = 0 then null else 'c' || i || '@example.com' end,
       timestamptz '2024-01-01' + (i || ' minutes')::interval from generate_series(1, 3000) i;`,
  );
});
afterAll(async () => {
  await mysqlExec(`drop database if exists ${MY_DB}`);
  await sql('postgres', `drop database if exists ${SRC_DB} with (force)`);
  await sql('postgres', `drop database if exists ${DST_DB} with (force)`);
});

describe.each(DATABASES)('connections and syncs (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind, { OUTBOUND_ALLOWLIST: '127.0.0.1' }, { worker: true });
    u = await createUser(t);
    other = await createUser(t);
  });
  afterAll(() => t.close());
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, user = u) =>
    t.as(user.token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  const waitRun = (syncId: string) =>
    eventually(async () => {
      const runs = (await call('GET', `/api/syncs/${syncId}/runs`)).json().items;
      return runs[0] && ['succeeded', 'failed', 'cancelled'].includes(runs[0].status) ? runs[0] : null;
    }, 60_000);

  let source: { id: string };
  let dest: { id: string };

  it('lists the catalogue with settings schemas', async () => {
    const res = await call('GET', '/api/connectors');
    expect(res.statusCode).toBe(200);
    const pgSpec = res.json().items.find((c: { type: string }) => c.type === 'postgres');
    expect(pgSpec).toMatchObject({
      icon: 'database',
      roles: ['source', 'destination'],
      secretFields: ['password'],
    });
    expect(pgSpec.settings.required).toContain('host');
  });

  it('validates settings against the connector schema, naming the field', async () => {
    const missing = await call('POST', '/api/connections', {
      type: 'postgres',
      name: 'x',
      role: 'source',
      settings: { port: 5432, database: 'd', user: 'u' },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail[0].loc).toEqual(['body', 'settings', 'host']);
    const wrongType = await call('POST', '/api/connections', {
      type: 'postgres',
      name: 'x',
      role: 'source',
      settings: { ...pgSettings(SRC_DB), port: 'five' },
    });
    expect(wrongType.json().detail[0].loc).toEqual(['body', 'settings', 'port']);
    const unknown = await call('POST', '/api/connections', {
      type: 'oracle',
      name: 'x',
      role: 'source',
      settings: {},
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail[0].loc).toEqual(['body', 'type']);
    const extra = await call('POST', '/api/connections', {
      type: 'postgres',
      name: 'x',
      role: 'source',
      settings: { ...pgSettings(SRC_DB), sneaky: 1 },
    });
    expect(extra.json().detail[0].loc).toEqual(['body', 'settings', 'sneaky']);
  });

  it('stores secrets encrypted and never returns them', async () => {
    const res = await call('POST', '/api/connections', {
      type: 'postgres',
      name: 'Shop DB',
      role: 'source',
      settings: pgSettings(SRC_DB),
    });
    expect(res.statusCode).toBe(201);
    source = res.json();
    expect(res.body).not.toContain('never-shown-again');
    expect(res.json().secretFieldsSet).toEqual(['password']);
    expect(res.json().settings).not.toHaveProperty('password');
    const rows = await t.database.db.select().from(connections);
    expect(JSON.stringify(rows)).not.toContain('never-shown-again');
    const list = await call('GET', '/api/connections?role=source');
    expect(list.body).not.toContain('never-shown-again');
    expect(list.json().items.map((c: { id: string }) => c.id)).toContain(source.id);
    // an edit without the password keeps it
    const renamed = await call('PATCH', `/api/connections/${source.id}`, {
      settings: { ...pgSettings(SRC_DB), password: undefined },
    });
    expect(renamed.json().secretFieldsSet).toEqual(['password']);
  });

  it('tests settings: a bad one is named, never a 500', async () => {
    const ok = await call('POST', '/api/connections/test', {
      type: 'postgres',
      settings: pgSettings(SRC_DB),
    });
    expect(ok.json()).toEqual({ ok: true, field: null, message: null });
    const badDb = await call('POST', '/api/connections/test', {
      type: 'postgres',
      settings: pgSettings('mw_nope'),
    });
    expect(badDb.statusCode).toBe(200);
    expect(badDb.json()).toMatchObject({ ok: false, field: 'database' });
    const badPort = await call('POST', '/api/connections/test', {
      type: 'postgres',
      settings: { ...pgSettings(SRC_DB), port: 1 },
    });
    expect(badPort.json()).toMatchObject({ ok: false, field: 'port' });
    const badHost = await call('POST', '/api/connections/test', {
      type: 'postgres',
      settings: { ...pgSettings(SRC_DB), host: 'no-such-host.invalid' },
    });
    expect(badHost.json()).toMatchObject({ ok: false, field: 'host' });
    const check = await call('POST', `/api/connections/${source.id}/check`);
    expect(check.json().ok).toBe(true);
    expect((await call('GET', `/api/connections/${source.id}`)).json().lastCheck.ok).toBe(true);
  });

  it('discovers streams with schemas and sample rows', async () => {
    const res = await call('GET', `/api/connections/${source.id}/streams`);
    expect(res.statusCode).toBe(200);
    const s = res.json().items.find((x: { name: string }) => x.name === 'public.customers');
    expect(s.primaryKey).toEqual([['id']]);
    expect(s.cursorFields).toContainEqual(['updated_at']);
    expect(s.sample).toHaveLength(5);
    expect(s.sample[0]).toMatchObject({ id: 1, name: 'name 1' });
  });

  it('uses a stream as a pipeline input: an import of every row, read like any upload', async () => {
    const res = await call('POST', `/api/connections/${source.id}/streams/import`, {
      stream: 'public.customers',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ format: 'jsonl', name: expect.stringContaining('public.customers') });
    const imp = await eventually(async () => {
      const i = (await call('GET', `/api/imports/${res.json().id}`)).json();
      return ['succeeded', 'failed'].includes(i.status) ? i : null;
    }, 60_000);
    expect(imp).toMatchObject({ status: 'succeeded', row_count: 3000, problem_count: 0 });
    const rows = (await call('GET', `/api/imports/${imp.id}/rows?page=1&size=2`)).json();
    expect(JSON.stringify(rows)).toContain('c1@example.com');
    // a stream discovery did not return, and another organization's connection
    const unknown = await call('POST', `/api/connections/${source.id}/streams/import`, {
      stream: 'public.nope',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail[0].loc).toEqual(['body', 'stream']);
    const foreign = await call(
      'POST',
      `/api/connections/${source.id}/streams/import`,
      { stream: 'public.customers' },
      other,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it("answers 404 for another organization's connection", async () => {
    for (const [m, url] of [
      ['GET', `/api/connections/${source.id}`],
      ['POST', `/api/connections/${source.id}/check`],
      ['GET', `/api/connections/${source.id}/streams`],
      ['DELETE', `/api/connections/${source.id}`],
    ] as const) {
      expect((await call(m, url, undefined, other)).statusCode).toBe(404);
    }
    const borrowed = await call(
      'POST',
      '/api/syncs',
      {
        name: 's',
        sourceConnectionId: source.id,
        destinationConnectionId: source.id,
        streams: [{ name: 'public.customers', destination: 'c' }],
      },
      other,
    );
    expect(borrowed.statusCode).toBe(422);
    expect(borrowed.json().detail[0].loc).toEqual(['body', 'sourceConnectionId']);
  });

  it('runs a full refresh (overwrite) and an incremental upsert sync', async () => {
    dest = (
      await call('POST', '/api/connections', {
        type: 'postgres',
        name: 'Warehouse',
        role: 'destination',
        settings: pgSettings(DST_DB),
      })
    ).json();
    const badStream = await call('POST', '/api/syncs', {
      name: 'bad',
      sourceConnectionId: source.id,
      destinationConnectionId: dest.id,
      streams: [{ name: 'public.customers; drop table customers', destination: 'c' }],
    });
    expect(badStream.statusCode).toBe(422);
    expect(badStream.json().detail[0].loc).toEqual(['body', 'streams', 0, 'name']);

    const table = `full_${kind}`;
    const full = (
      await call('POST', '/api/syncs', {
        name: 'Customers copy',
        sourceConnectionId: source.id,
        destinationConnectionId: dest.id,
        streams: [{ name: 'public.customers', destination: table }],
        writeMode: 'overwrite',
      })
    ).json();
    expect((await call('POST', `/api/syncs/${full.id}/runs`)).statusCode).toBe(202);
    const run = await waitRun(full.id);
    expect(run).toMatchObject({ status: 'succeeded', rowsRead: 3000, rowsWritten: 3000, rowsRejected: 0 });
    expect(run.bytes).toBeGreaterThan(0);
    expect((await sql(DST_DB, `select count(*)::int as n from ${table}`))[0].n).toBe(3000);
    const conns = (await call('GET', '/api/connections')).json().items;
    expect(conns.find((c: { id: string }) => c.id === dest.id).lastSync).toMatchObject({
      status: 'succeeded',
    });

    const inc = (
      await call('POST', '/api/syncs', {
        name: 'Customers incremental',
        sourceConnectionId: source.id,
        destinationConnectionId: dest.id,
        streams: [
          {
            name: 'public.customers',
            destination: `inc_${kind}`,
            syncMode: 'incremental',
            cursorField: ['updated_at'],
          },
        ],
        writeMode: 'upsert',
      })
    ).json();
    await call('POST', `/api/syncs/${inc.id}/runs`);
    expect(await waitRun(inc.id)).toMatchObject({ status: 'succeeded', rowsWritten: 3000 });
    await call('POST', `/api/syncs/${inc.id}/runs`);
    expect(await waitRun(inc.id)).toMatchObject({ status: 'succeeded', rowsRead: 0 });
    expect((await call('GET', `/api/syncs/${inc.id}`)).json().state['public.customers']).toMatchObject({
      key: [3000],
    });
  });

  it('maps through a pipeline: rejected records are counted and sampled, not written', async () => {
    const schema = {
      type: 'object',
      properties: { id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' } },
      required: ['id', 'name', 'email'],
    };
    const pipeline = (
      await call('POST', '/api/pipelines', { name: 'Customers', target_schema: schema })
    ).json();
    await call('POST', `/api/pipelines/${pipeline.id}/jobs`, {
      data: [
        { id: 1, name: 'a', email: 'a@example.com' },
        { id: 2, name: 'b', email: 'b@example.com' },
      ],
    });
    const w = (await call('POST', `/api/pipelines/${pipeline.id}/workshops`)).json();
    expect((await call('POST', `/api/workshops/${w.id}/deploy`)).statusCode).toBe(200);
    const table = `mapped_${kind}`;
    const sync = (
      await call('POST', '/api/syncs', {
        name: 'Mapped',
        sourceConnectionId: source.id,
        destinationConnectionId: dest.id,
        streams: [{ name: 'public.customers', destination: table }],
        pipelineId: pipeline.id,
      })
    ).json();
    await call('POST', `/api/syncs/${sync.id}/runs`);
    const run = await waitRun(sync.id);
    expect(run).toMatchObject({ status: 'succeeded', rowsRead: 3000, rowsWritten: 2700, rowsRejected: 300 });
    expect(run.rejectedSample[0].record.email).toBeNull();
    expect((await sql(DST_DB, `select count(*)::int as n from ${table}`))[0].n).toBe(2700);
  });

  it('syncs a MariaDB table into PostgreSQL', async () => {
    const my = (
      await call('POST', '/api/connections', {
        type: 'mysql',
        name: 'Orders (MariaDB)',
        role: 'source',
        settings: { host: '127.0.0.1', port: 3306, database: MY_DB, user: 'root' },
      })
    ).json();
    const table = `from_mysql_${kind}`;
    const sync = (
      await call('POST', '/api/syncs', {
        name: 'From MariaDB',
        sourceConnectionId: my.id,
        destinationConnectionId: dest.id,
        streams: [{ name: 'orders', destination: table }],
        writeMode: 'upsert',
      })
    ).json();
    await call('POST', `/api/syncs/${sync.id}/runs`);
    expect(await waitRun(sync.id)).toMatchObject({ status: 'succeeded', rowsWritten: 3 });
    const rows = await sql(DST_DB, `select id, note, paid, placed::text as placed from ${table} order by id`);
    expect(rows[1]).toEqual({ id: '2', note: null, paid: false, placed: '2024-01-02 11:30:00' });
  });

  it('a connection that stops working fails the run with the setting at fault', async () => {
    const src = (
      await call('POST', '/api/connections', {
        type: 'postgres',
        name: 'Flaky',
        role: 'source',
        settings: pgSettings(SRC_DB),
      })
    ).json();
    const sync = (
      await call('POST', '/api/syncs', {
        name: 'Flaky',
        sourceConnectionId: src.id,
        destinationConnectionId: dest.id,
        streams: [{ name: 'public.customers', destination: `flaky_${kind}` }],
      })
    ).json();
    await call('PATCH', `/api/connections/${src.id}`, { settings: { ...pgSettings(SRC_DB), port: 1 } });
    await call('POST', `/api/syncs/${sync.id}/runs`);
    const run = await waitRun(sync.id);
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/^port: connection refused/);
    const check = (await call('POST', `/api/connections/${src.id}/check`)).json();
    expect(check).toMatchObject({ ok: false, field: 'port' });
  });

  it('fails a run clearly when the source table disappears, and refuses deleting a used connection', async () => {
    await sql(SRC_DB, `create table doomed_${kind} (id integer primary key)`);
    const sync = (
      await call('POST', '/api/syncs', {
        name: 'Doomed',
        sourceConnectionId: source.id,
        destinationConnectionId: dest.id,
        streams: [{ name: `public.doomed_${kind}`, destination: `doomed_${kind}` }],
      })
    ).json();
    await sql(SRC_DB, `drop table doomed_${kind}`);
    await call('POST', `/api/syncs/${sync.id}/runs`);
    const run = await waitRun(sync.id);
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/doomed/);
    const del = await call('DELETE', `/api/connections/${source.id}`);
    expect(del.statusCode).toBe(409);
  });
});
