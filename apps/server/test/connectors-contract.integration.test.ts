import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { Ajv2020 } from 'ajv/dist/2020.js';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOutboundUrl, parseAllowlist } from '../src/lib/safe-fetch.ts';
import { connectorContext } from '../src/modules/connectors/context.ts';
import {
  type Connector,
  type ConnectorContext,
  ConnectorRuntimeError,
  ConnectorSettingsError,
  type ReadMessage,
  type Settings,
} from '../src/modules/connectors/contract.ts';
import { connectors } from '../src/modules/connectors/registry.ts';
import { createTestApp, createUser, type TestApp } from './helper.ts';

/*
 * One suite for every connector in the registry: its spec is a valid JSON Schema whose secret
 * fields exist; and for the ones this machine can host (PostgreSQL, MariaDB), check / discover /
 * read / write round trips, resumable reads, incremental bounds and errors naming the setting.
 */

/** The server's SSRF guard with loopback allowed (this machine's databases), as OUTBOUND_ALLOWLIST=127.0.0.1. */
const guarded = (allow: string[]): ConnectorContext => ({
  fetch,
  scratchDir: tmpdir(),
  log: () => {},
  checkOutbound: (url) => checkOutboundUrl(url, { allowlist: parseAllowlist(allow) }),
});
const ctx = guarded(['127.0.0.1']);
const signal = new AbortController().signal;

describe.each(connectors.map((c) => [c.spec.type, c] as const))('connector %s: spec', (_type, c) => {
  it('has a valid settings schema whose secret fields exist', () => {
    const ajv = new Ajv2020({ strict: false });
    ajv.addFormat('password', true);
    expect(() => ajv.compile(c.spec.settings)).not.toThrow();
    const props = (c.spec.settings.properties ?? {}) as Record<string, unknown>;
    for (const f of c.spec.secretFields) expect(Object.keys(props)).toContain(f);
    expect(c.spec.roles.length).toBeGreaterThan(0);
    if (c.spec.roles.includes('source')) expect(typeof c.read).toBe('function');
    if (c.spec.roles.includes('destination')) expect(typeof c.open).toBe('function');
  });
});

async function collect(it: AsyncIterable<ReadMessage>) {
  const records: Record<string, unknown>[] = [];
  const states: Record<string, unknown>[] = [];
  for await (const m of it) {
    if (m.type === 'record') records.push(m.data);
    if (m.type === 'state') states.push(m.state);
  }
  return { records, states };
}

interface Harness {
  type: string;
  settings: Settings;
  /** the stream name discovery gives table `t` */
  stream(t: string): string;
  exec(sql: string): Promise<void>;
  query(sql: string): Promise<Record<string, unknown>[]>;
  setup(): Promise<void>;
  teardown(): Promise<void>;
  wrong: Array<{ settings: Settings; field: string }>;
}

const suffix = randomBytes(4).toString('hex');
/** more than two source read batches, so reads checkpoint more than once */
const ROWS = 12_000;

function pgHarness(): Harness {
  const db = `mw_conn_${suffix}`;
  const admin = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
  let client: pg.Client;
  const settings = {
    host: '127.0.0.1',
    port: 5432,
    database: db,
    user: 'postgres',
    password: '',
    schema: 'public',
  };
  return {
    type: 'postgres',
    settings,
    stream: (t) => `public.${t}`,
    exec: async (sql) => void (await client.query(sql)),
    query: async (sql) => (await client.query(sql)).rows,
    async setup() {
      await admin.connect();
      await admin.query(`create database ${db}`);
      client = new pg.Client({ ...settings });
      await client.connect();
    },
    async teardown() {
      await client?.end();
      await admin.query(`drop database if exists ${db} with (force)`);
      await admin.end();
    },
    wrong: [
      { settings: { ...settings, database: 'mw_no_such_db' }, field: 'database' },
      { settings: { ...settings, port: 1 }, field: 'port' },
      { settings: { ...settings, user: 'mw_no_such_role' }, field: 'user' },
    ],
  };
}

function mysqlHarness(): Harness {
  const db = `mw_conn_${suffix}`;
  let conn: mysql.Connection;
  let admin: mysql.Connection;
  const settings = { host: '127.0.0.1', port: 3306, database: db, user: 'root', password: '' };
  return {
    type: 'mysql',
    settings,
    stream: (t) => t,
    exec: async (sql) => void (await conn.query(sql)),
    query: async (sql) => (await conn.query(sql))[0] as Record<string, unknown>[],
    async setup() {
      admin = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root' });
      await admin.query(`create database ${db}`);
      conn = await mysql.createConnection({ ...settings, dateStrings: true });
    },
    async teardown() {
      await conn?.end();
      await admin.query(`drop database if exists ${db}`);
      await admin.end();
    },
    wrong: [
      { settings: { ...settings, database: 'mw_no_such_db' }, field: 'database' },
      { settings: { ...settings, port: 1 }, field: 'port' },
      { settings: { ...settings, password: 'wrong-password' }, field: 'password' },
    ],
  };
}

describe.each([pgHarness(), mysqlHarness()].map((h) => [h.type, h] as const))(
  'connector %s: round trips',
  (type, h) => {
    const c = connectors.find((x) => x.spec.type === type) as Required<Connector>;
    beforeAll(async () => {
      await h.setup();
      await h.exec(
        'create table people (id integer primary key, name varchar(50), score numeric(10,2), updated_at date, active boolean)',
      );
      const values = Array.from({ length: ROWS }, (_, i) => {
        const day = String((i % 28) + 1).padStart(2, '0');
        return `(${i + 1}, 'p${i + 1}', ${i}.5, '2024-01-${day}', ${i % 2 === 0 ? 'true' : 'false'})`;
      });
      await h.exec(`insert into people values ${values.join(', ')}`);
      await h.exec('create table nokey (a varchar(10))');
    });
    afterAll(() => h.teardown());

    it('checks good settings and names the field of bad ones', async () => {
      await c.check(h.settings, ctx);
      for (const w of h.wrong) {
        const err = await c.check(w.settings, ctx).catch((e) => e);
        expect(err, `${w.field}: ${err?.message}`).toBeInstanceOf(ConnectorSettingsError);
        expect(err.field).toBe(w.field);
      }
    });

    it('refuses a loopback or private host unless the deployment allows it, naming the host', async () => {
      const strict = guarded([]);
      for (const host of ['127.0.0.1', 'localhost', '10.1.2.3']) {
        const err = await c.check({ ...h.settings, host }, strict).catch((e) => e);
        expect(err, String(err?.message)).toBeInstanceOf(ConnectorSettingsError);
        expect(err.field).toBe('host');
        expect(err.message).toMatch(/private address/);
      }
      // reading and writing connect through the same guard
      const read = c.read(
        h.settings,
        { stream: h.stream('people'), syncMode: 'full_refresh', signal },
        strict,
      );
      await expect(read[Symbol.asyncIterator]().next()).rejects.toThrow(/private address/);
      await expect(
        c.open(
          h.settings,
          { stream: 'x', mode: 'append', jsonSchema: { properties: { a: {} } }, signal },
          strict,
        ),
      ).rejects.toThrow(/private address/);
    });

    it('discovers tables with schemas, keys and cursor candidates', async () => {
      const streams = await c.discover(h.settings, ctx);
      const people = streams.find((s) => s.name === h.stream('people'))!;
      expect(people.primaryKey).toEqual([['id']]);
      expect(people.syncModes).toEqual(['full_refresh', 'incremental']);
      expect(people.cursorFields).toContainEqual(['updated_at']);
      const props = people.jsonSchema.properties as Record<string, Record<string, unknown>>;
      expect(props.id!.type).toBe('integer');
      expect(props.active!.type).toEqual(['boolean', 'null']);
      expect(props.updated_at!.format).toBe('date');
      const nokey = streams.find((s) => s.name === h.stream('nokey'))!;
      expect(nokey.syncModes).toEqual(['full_refresh']);
    });

    it('reads a full refresh in key order and resumes after a checkpoint', async () => {
      const all = await collect(
        c.read(h.settings, { stream: h.stream('people'), syncMode: 'full_refresh', signal }, ctx),
      );
      expect(all.records).toHaveLength(ROWS);
      expect(all.records[0]).toMatchObject({
        id: 1,
        name: 'p1',
        score: '0.50',
        updated_at: '2024-01-01',
        active: true,
      });
      expect(all.states.length).toBeGreaterThan(1);
      const resumed = await collect(
        c.read(
          h.settings,
          { stream: h.stream('people'), syncMode: 'full_refresh', state: all.states[0], signal },
          ctx,
        ),
      );
      const covered = (all.states[0]!.key as number[])[0]!;
      expect(resumed.records[0]!.id).toBe(covered + 1);
      expect(resumed.records).toHaveLength(ROWS - covered);
    });

    it('reads incrementally by (cursor, key) up to the bound read at start', async () => {
      const req = {
        stream: h.stream('people'),
        syncMode: 'incremental' as const,
        cursorField: ['updated_at'],
        signal,
      };
      const first = await collect(c.read(h.settings, req, ctx));
      expect(first.records).toHaveLength(ROWS);
      const state = first.states.at(-1)!;
      expect(state).toMatchObject({ cursor: '2024-01-28' });
      await h.exec(
        `insert into people values (50001, 'late', 1, '2024-01-28', true), (50002, 'next', 1, '2024-02-01', true)`,
      );
      const second = await collect(c.read(h.settings, { ...req, state }, ctx));
      expect(second.records.map((r) => r.id)).toEqual([50001, 50002]);
      const third = await collect(c.read(h.settings, { ...req, state: second.states.at(-1) }, ctx));
      expect(third.records).toHaveLength(0);
    });

    it('refuses a stream or column name discovery did not return', async () => {
      const bad = [
        { stream: `${h.stream('people')}; drop table people` },
        { stream: h.stream('people'), cursorField: ['id) or (1=1'] },
      ];
      for (const b of bad) {
        const err = await collect(c.read(h.settings, { syncMode: 'incremental', signal, ...b }, ctx)).catch(
          (e) => e,
        );
        expect(err).toBeInstanceOf(ConnectorRuntimeError);
      }
      expect((await h.query('select count(*) as n from people'))[0]!.n).toBeTruthy();
    });

    const schema = {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        name: { type: ['string', 'null'] },
        at: { type: 'string', format: 'date-time' },
        tags: { type: 'array' },
      },
    };
    const rec = (id: number, name: string) => ({ id, name, at: '2024-03-01T10:00:00.000Z', tags: ['a', id] });

    it('writes append and upsert (idempotent on replay)', async () => {
      const open = (mode: 'append' | 'upsert') =>
        c.open(
          h.settings,
          { stream: 'out_upsert', mode, primaryKey: [['id']], jsonSchema: schema, signal },
          ctx,
        );
      const w = await open('upsert');
      await w.write([rec(1, 'a'), rec(2, 'b'), rec(2, 'b2')]);
      await w.write([rec(2, 'b3'), rec(3, 'c')]);
      // text that COPY's format escapes (tab, newline, backslash, its NULL marker) arrives as sent
      await w.write([rec(4, 'tab\there\nline \\ back \\N')]);
      await w.commit();
      const replay = await open('upsert');
      await replay.write([rec(2, 'b3'), rec(3, 'c')]);
      await replay.commit();
      const rows = await h.query('select id, name from out_upsert order by id');
      expect(rows.map((r) => [Number(r.id), r.name])).toEqual([
        [1, 'a'],
        [2, 'b3'],
        [3, 'c'],
        [4, 'tab\there\nline \\ back \\N'],
      ]);
      // a checkpoint stored with a batch (one transaction) is what a reopened writer resumes from
      const withRun = () =>
        c.open(
          h.settings,
          {
            stream: 'out_upsert',
            mode: 'upsert',
            primaryKey: [['id']],
            jsonSchema: schema,
            signal,
            runId: 'run-cp',
          },
          ctx,
        );
      const cp = await withRun();
      expect(await cp.resumeState?.()).toBeUndefined();
      await cp.write([rec(4, 'd')], { state: { key: [4] } });
      expect(await (await withRun()).resumeState?.()).toEqual({ state: { key: [4] } });
      await cp.commit();
      expect(await (await withRun()).resumeState?.()).toBeUndefined();
      const dup = await open('append');
      const err = await dup.write([rec(1, 'again')]).catch((e) => e);
      expect(err).toBeInstanceOf(ConnectorRuntimeError);
      await dup.abort();
    });

    it('overwrites through staging: the old table stays until commit, abort leaves it intact', async () => {
      const open = (runId: string) =>
        c.open(
          h.settings,
          { stream: 'out_over', mode: 'overwrite', primaryKey: [['id']], jsonSchema: schema, signal, runId },
          ctx,
        );
      const first = await open('run-1');
      await first.write([rec(1, 'old'), rec(2, 'old')]);
      await first.commit();
      const failing = await open('run-2');
      await failing.write([rec(9, 'new')]);
      expect(await h.query('select id from out_over order by id')).toHaveLength(2);
      await failing.abort();
      expect(await h.query('select id from out_over order by id')).toHaveLength(2);
      // a crashed run reopened with its id continues the same staging table
      const crashed = await open('run-3');
      await crashed.write([rec(7, 'n')]);
      const resumed = await open('run-3');
      await resumed.write([rec(8, 'n')]);
      await resumed.commit();
      const rows = await h.query('select id from out_over order by id');
      expect(rows.map((r) => Number(r.id))).toEqual([7, 8]);
      const tables = await h.query(
        type === 'postgres'
          ? "select table_name from information_schema.tables where table_name like '\\_mw\\_stage%'"
          : "select table_name from information_schema.tables where table_schema = database() and table_name like '\\_mw\\_stage%'",
      );
      expect(tables).toHaveLength(0); // run-2's staging was dropped, run-3's became the table
    });

    it('reports a table that disappeared', async () => {
      const err = await collect(
        c.read(h.settings, { stream: h.stream('gone'), syncMode: 'full_refresh', signal }, ctx),
      ).catch((e) => e);
      expect(err).toBeInstanceOf(ConnectorRuntimeError);
      expect(err.message).toMatch(/does not exist/);
    });
  },
);

/*
 * The connectors of the organization's own data (Mapwright datasets, uploaded files) run the same
 * contract against an app: their context is bound to one organization by context.ts.
 */
describe('connectors dataset, dataset_out and file: round trips', () => {
  const source = connectors.find((x) => x.spec.type === 'dataset') as Required<Connector>;
  const dest = connectors.find((x) => x.spec.type === 'dataset_out') as Required<Connector>;
  const file = connectors.find((x) => x.spec.type === 'file') as Required<Connector>;
  let t: TestApp;
  let octx: ConnectorContext;
  let datasetId: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    const u = await createUser(t);
    octx = connectorContext(t.app.ctx, undefined, u.orgId);
  });
  afterAll(() => t.close());
  const rec = (id: number) => ({ id, name: `p${id}`, score: id / 2, active: id % 2 === 0 });
  const named = async (name: string) => (await octx.datasets!.list()).find((d) => d.name === name)!;

  it('writes append batches into a named dataset and reads them back in row order, resumably', async () => {
    const w = await dest.open(
      { prefix: 'contract ' },
      { stream: 'people', mode: 'append', jsonSchema: {}, signal },
      octx,
    );
    for (let i = 0; i < ROWS; i += 5000)
      await w.write(Array.from({ length: Math.min(5000, ROWS - i) }, (_, j) => rec(i + j + 1)));
    await w.commit();
    const ds = await named('contract people');
    expect(ds.rowCount).toBe(ROWS);
    datasetId = ds.id;

    await source.check({ dataset: datasetId }, octx);
    const [stream] = await source.discover({ dataset: datasetId }, octx);
    expect(stream).toMatchObject({
      name: 'contract_people',
      primaryKey: [['_row']],
      syncModes: ['full_refresh'],
    });
    const props = stream!.jsonSchema.properties as Record<string, Record<string, unknown>>;
    expect(props.id!.type).toBe('integer');
    expect(props._row!.type).toBe('integer');
    const all = await collect(
      source.read({ dataset: datasetId }, { stream: stream!.name, syncMode: 'full_refresh', signal }, octx),
    );
    expect(all.records).toHaveLength(ROWS);
    expect(all.records[0]).toEqual({ ...rec(1), _row: 0 });
    expect(all.states.length).toBeGreaterThan(1);
    const resumed = await collect(
      source.read(
        { dataset: datasetId },
        { stream: stream!.name, syncMode: 'full_refresh', state: all.states[0], signal },
        octx,
      ),
    );
    const covered = all.states[0]!.next_row as number;
    expect(resumed.records[0]!._row).toBe(covered);
    expect(resumed.records).toHaveLength(ROWS - covered);
  });

  it('overwrites through staged files: the old rows stay until commit, abort leaves them', async () => {
    const open = (runId: string) =>
      dest.open(
        { prefix: 'contract ' },
        { stream: 'people', mode: 'overwrite', jsonSchema: {}, signal, runId },
        octx,
      );
    const failing = await open('over-1');
    await failing.write([rec(1)]);
    expect((await named('contract people')).rowCount).toBe(ROWS);
    await failing.abort();
    expect((await named('contract people')).rowCount).toBe(ROWS);
    const crashed = await open('over-2');
    await crashed.write([rec(7)], { state: { next_row: 1 } });
    const resumed = await open('over-2');
    expect(await resumed.resumeState!()).toEqual({ state: { next_row: 1 } });
    await resumed.write([rec(8)]);
    await resumed.commit();
    const [stream] = await source.discover({ dataset: datasetId }, octx);
    const all = await collect(
      source.read({ dataset: datasetId }, { stream: stream!.name, syncMode: 'full_refresh', signal }, octx),
    );
    expect(all.records.map((r) => r.id)).toEqual([7, 8]);
    await expect(
      dest.open({}, { stream: 'x', mode: 'upsert', primaryKey: [['id']], jsonSchema: {}, signal }, octx),
    ).rejects.toBeInstanceOf(ConnectorSettingsError);
  });

  it('names the setting of a dataset or file that is not there, and needs an organization', async () => {
    for (const dataset of ['', 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const err = await source.check({ dataset }, octx).catch((e) => e);
      expect(err).toBeInstanceOf(ConnectorSettingsError);
      expect(err.field).toBe('dataset');
    }
    const err = await file.check({ file: '00000000-0000-4000-8000-000000000000' }, octx).catch((e) => e);
    expect(err).toBeInstanceOf(ConnectorSettingsError);
    expect(err.field).toBe('file');
    // a context without an organization reaches nobody's data
    await expect(source.check({ dataset: datasetId }, ctx)).rejects.toBeInstanceOf(ConnectorRuntimeError);
    await expect(file.check({ file: datasetId }, ctx)).rejects.toBeInstanceOf(ConnectorRuntimeError);
  });
});
