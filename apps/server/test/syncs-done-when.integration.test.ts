import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Connector,
  ConnectorRuntimeError,
  type SourceConnector,
} from '../src/modules/connectors/contract.ts';
import { postgresConnector } from '../src/modules/connectors/postgres/postgres.connector.ts';
import { connectors } from '../src/modules/connectors/registry.ts';
import { createTestApp, createUser, DATABASES, eventually, type TestApp, type TestUser } from './helper.ts';

/*
 * The "done when" for syncs, in process against the machine's PostgreSQL: rows arriving
 * with the last cursor value during an incremental sync are neither lost nor repeated; an
 * overwrite whose source fails halfway leaves the destination as it was; a 100k-row full
 * refresh keeps the server's memory flat (loosely: the 1M-row figure is in bench/sync-pg.ts).
 * The SIGKILL resume is sync-durability.integration.test.ts (separate processes).
 */

const suffix = randomBytes(4).toString('hex');
const SRC = `mw_dw_src_${suffix}`;
const DST = `mw_dw_dst_${suffix}`;
const settings = (database: string) => ({
  host: '127.0.0.1',
  port: 5432,
  database,
  user: 'postgres',
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

/** The PostgreSQL source with a hook after its n-th checkpoint: what happens "during the sync". */
function hooked(type: string, afterStates: number, hook: () => Promise<void>): Connector {
  const pgSource = postgresConnector as SourceConnector;
  return {
    ...postgresConnector,
    spec: { ...postgresConnector.spec, type, title: type },
    async *read(s, req, ctx) {
      let states = 0;
      for await (const m of pgSource.read(s, req, ctx)) {
        yield m;
        if (m.type === 'state' && ++states === afterStates) await hook();
      }
    },
  };
}

let arrivals = 0;
connectors.push(
  // rows sharing the last cursor value (and later ones) arrive while the first sync reads
  hooked('pg-arrivals', 1, async () => {
    arrivals++;
    const base = 100_000 + arrivals * 10;
    await sql(
      SRC,
      `insert into events values (${base}, (select max(at) from events)), (${base + 1}, (select max(at) from events)),
         (${base + 2}, (select max(at) from events) + interval '1 hour')`,
    );
  }),
  hooked('pg-failing', 2, async () => {
    throw new ConnectorRuntimeError('the source went away halfway');
  }),
  // a destination durable only at commit (as S3 is) whose commit fails: every write was
  // "acknowledged" as spooled, none made it
  {
    spec: {
      type: 'spool-failing',
      title: 'spool-failing',
      description: 'test',
      roles: ['destination'],
      settings: { type: 'object' },
      secretFields: [],
      writeModes: ['append'],
      acknowledgesOnCommit: true,
    },
    async check() {},
    async open() {
      return {
        async write() {},
        async commit() {
          throw new ConnectorRuntimeError('the upload failed');
        },
        async abort() {},
      };
    },
  },
);

beforeAll(async () => {
  await sql('postgres', `create database ${SRC}`);
  await sql('postgres', `create database ${DST}`);
  await sql(
    SRC,
    `create table events (id integer primary key, at timestamptz not null);
     insert into events select i, timestamptz '2024-01-01' + ((i / 7) || ' minutes')::interval from generate_series(1, 9000) i;
     create table big (id integer primary key, label text not null, amount numeric(12,2), at timestamptz not null);
     insert into big select i, 'row ' || i, i / 3.0, timestamptz '2024-01-01' + (i || ' seconds')::interval
       from generate_series(1, 100000) i;`,
  );
});
afterAll(async () => {
  await sql('postgres', `drop database if exists ${SRC} with (force)`);
  await sql('postgres', `drop database if exists ${DST} with (force)`);
});

describe.each(DATABASES)('syncs: done when (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind, { OUTBOUND_ALLOWLIST: '127.0.0.1' }, { worker: true });
    u = await createUser(t);
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
  const connection = (type: string, role: string, database: string) =>
    call('POST', '/api/connections', { type, name: `${type} ${role}`, role, settings: settings(database) });
  const runToEnd = async (syncId: string) => {
    await call('POST', `/api/syncs/${syncId}/runs`);
    return eventually(async () => {
      const [run] = (await call('GET', `/api/syncs/${syncId}/runs`)).items;
      return run && ['succeeded', 'failed', 'cancelled'].includes(run.status) ? run : null;
    }, 120_000);
  };

  it('loses and repeats no row when rows with the last cursor value arrive during an incremental sync', async () => {
    const table = `events_${kind}`;
    // no primary key at the destination: a repeated row would show as a duplicate id
    await sql(DST, `create table ${table} (id integer, at timestamptz)`);
    const src = await connection('pg-arrivals', 'source', SRC);
    const dst = await connection('postgres', 'destination', DST);
    const sync = await call('POST', '/api/syncs', {
      name: 'events',
      sourceConnectionId: src.id,
      destinationConnectionId: dst.id,
      streams: [{ name: 'public.events', destination: table, syncMode: 'incremental', cursorField: ['at'] }],
      writeMode: 'append',
    });
    expect(await runToEnd(sync.id)).toMatchObject({ status: 'succeeded' });
    expect(await runToEnd(sync.id)).toMatchObject({ status: 'succeeded' });
    // the second run's arrivals are picked up by a third
    expect(await runToEnd(sync.id)).toMatchObject({ status: 'succeeded' });
    const [dest] = await sql(DST, `select count(*)::int as n, count(distinct id)::int as d from ${table}`);
    expect(dest.d).toBe(dest.n);
    // every source row is at the destination, except the ones that arrived during the last run
    // (they wait for the next one): none lost, none repeated
    const lastBase = 100_000 + arrivals * 10;
    const ids = (rows: Record<string, unknown>[]) => rows.map((r) => Number(r.id));
    const sourceIds = ids(await sql(SRC, 'select id from events order by id'));
    const destIds = new Set(ids(await sql(DST, `select id from ${table}`)));
    expect(sourceIds.filter((id) => !destIds.has(id))).toEqual([lastBase, lastBase + 1, lastBase + 2]);
    expect(dest.n).toBe(sourceIds.length - 3);
    expect(arrivals).toBeGreaterThanOrEqual(3);
  });

  it('an overwrite whose source fails halfway leaves the destination as it was', async () => {
    const table = `over_${kind}`;
    const good = await connection('postgres', 'source', SRC);
    const bad = await connection('pg-failing', 'source', SRC);
    const dst = await connection('postgres', 'destination', DST);
    const stream = [{ name: 'public.big', destination: table }];
    const first = await call('POST', '/api/syncs', {
      name: 'big ok',
      sourceConnectionId: good.id,
      destinationConnectionId: dst.id,
      streams: stream,
      writeMode: 'overwrite',
    });
    expect(await runToEnd(first.id)).toMatchObject({ status: 'succeeded', rowsWritten: 100_000 });
    await sql(DST, `delete from ${table} where id > 90000`);
    const failing = await call('POST', '/api/syncs', {
      name: 'big failing',
      sourceConnectionId: bad.id,
      destinationConnectionId: dst.id,
      streams: stream,
      writeMode: 'overwrite',
    });
    const run = await runToEnd(failing.id);
    expect(run).toMatchObject({ status: 'failed', error: 'the source went away halfway' });
    expect((await sql(DST, `select count(*)::int as n from ${table}`))[0].n).toBe(90_000);
    expect(
      await sql(
        DST,
        "select table_name from information_schema.tables where table_name like '\\_mw\\_stage%'",
      ),
    ).toEqual([]);
  });

  it('a destination that acknowledges on commit: no state is saved when its commit fails', async () => {
    const src = await connection('postgres', 'source', SRC);
    const dst = await call('POST', '/api/connections', {
      type: 'spool-failing',
      name: 'spool',
      role: 'destination',
      settings: {},
    });
    const sync = await call('POST', '/api/syncs', {
      name: 'spooled',
      sourceConnectionId: src.id,
      destinationConnectionId: dst.id,
      streams: [
        { name: 'public.events', destination: 'events', syncMode: 'incremental', cursorField: ['at'] },
      ],
      writeMode: 'append',
    });
    const run = await runToEnd(sync.id);
    expect(run).toMatchObject({ status: 'failed', error: 'the upload failed' });
    // the next run must read everything again: nothing reached the destination
    expect((await call('GET', `/api/syncs/${sync.id}`)).state).toEqual({});
    expect(run.state).toEqual({});
  });

  it('a 100k-row full refresh keeps memory flat and writes every row once (upsert replay idempotent)', async () => {
    const table = `big_${kind}`;
    const src = await connection('postgres', 'source', SRC);
    const dst = await connection('postgres', 'destination', DST);
    const sync = await call('POST', '/api/syncs', {
      name: 'big',
      sourceConnectionId: src.id,
      destinationConnectionId: dst.id,
      streams: [{ name: 'public.big', destination: table }],
      writeMode: 'upsert',
    });
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const run = await runToEnd(sync.id);
    clearInterval(sampler);
    expect(run).toMatchObject({ status: 'succeeded', rowsRead: 100_000, rowsWritten: 100_000 });
    // loose: the rows (~10 MB as JSON) never sit in memory at once; batches of 5,000 do
    expect(peak - before).toBeLessThan(250 * 1024 * 1024);
    expect(await runToEnd(sync.id)).toMatchObject({ status: 'succeeded', rowsWritten: 100_000 });
    const [dest] = await sql(
      DST,
      `select count(*)::int as n, count(distinct id)::int as d, sum(amount)::text as s from ${table}`,
    );
    const [source] = await sql(SRC, 'select sum(amount)::text as s from big');
    expect(dest).toEqual({ n: 100_000, d: 100_000, s: source.s });
  });
});
