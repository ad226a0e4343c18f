import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connections } from '../src/db/schema.ts';
import { connectorContext } from '../src/modules/connectors/context.ts';
import {
  type Connector,
  ConnectorRuntimeError,
  type SourceConnector,
} from '../src/modules/connectors/contract.ts';
import { datasetDestinationConnector } from '../src/modules/connectors/dataset/dataset-destination.ts';
import { postgresConnector } from '../src/modules/connectors/postgres/postgres.connector.ts';
import { connectors } from '../src/modules/connectors/registry.ts';
import {
  createTestApp,
  createUser,
  DATABASES,
  eventually,
  multipart,
  type TestApp,
  type TestUser,
} from './helper.ts';

/*
 * Issue 15's Mapwright dataset source and destination and the uploaded-file source, through the
 * API against the machine's PostgreSQL: an import synced to a table, a table synced into a
 * dataset (rows, types, exact count) and used as a pipeline input, an overwrite that fails
 * halfway leaving the dataset as it was, a resumed write holding every row once, another
 * organization's dataset not found, and a file that is not tabular named as the bad setting.
 */

const suffix = randomBytes(4).toString('hex');
const DB = `mw_dsconn_${suffix}`;
const pgSettings = { host: '127.0.0.1', port: 5432, database: DB, user: 'postgres', schema: 'public' };

async function sql(database: string, text: string) {
  const c = new pg.Client({ host: '127.0.0.1', user: 'postgres', database });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}

// a PostgreSQL source that fails after its second checkpoint (an overwrite stopped halfway)
connectors.push({
  ...postgresConnector,
  spec: { ...postgresConnector.spec, type: 'pg-failing-ds', title: 'pg-failing-ds' },
  async *read(s, req, ctx) {
    let states = 0;
    for await (const m of (postgresConnector as SourceConnector).read(s, req, ctx)) {
      yield m;
      if (m.type === 'state' && ++states === 2)
        throw new ConnectorRuntimeError('the source went away halfway');
    }
  },
} satisfies Connector);

const ROWS = 25_000;

beforeAll(async () => {
  await sql('postgres', `create database ${DB}`);
  await sql(
    DB,
    `create table items (id integer primary key, label text not null, price double precision, active boolean);
     insert into items select i, 'item ' || i, i / 4.0, i % 2 = 0 from generate_series(1, ${ROWS}) i;`,
  );
});
afterAll(async () => {
  await sql('postgres', `drop database if exists ${DB} with (force)`);
});

describe.each(DATABASES)('dataset and file connectors (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind, { OUTBOUND_ALLOWLIST: '127.0.0.1' }, { worker: true });
    u = await createUser(t);
  });
  afterAll(() => t.close());
  const req = async (method: 'GET' | 'POST', url: string, payload?: unknown, user = u) =>
    t.as(user.token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, user = u) => {
    const res = await req(method, url, payload, user);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json();
  };
  const connection = (type: string, role: string, settings: object, user = u) =>
    call('POST', '/api/connections', { type, name: `${type} ${role}`, role, settings }, user);
  const runToEnd = async (syncId: string) => {
    await call('POST', `/api/syncs/${syncId}/runs`);
    return eventually(async () => {
      const [run] = (await call('GET', `/api/syncs/${syncId}/runs`)).items;
      return run && ['succeeded', 'failed', 'cancelled'].includes(run.status) ? run : null;
    }, 120_000);
  };
  const upload = async (name: string, content: string, user = u) => {
    const res = await t.as(user.token, { method: 'POST', url: '/api/files', ...multipart(name, content) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const importOf = async (name: string, content: string, user = u) => {
    const file = await upload(name, content, user);
    const imp = await call('POST', '/api/imports', { file_id: file.id }, user);
    await eventually(
      async () => (await call('GET', `/api/imports/${imp.id}`, undefined, user)).status === 'succeeded',
    );
    const ds = (await call('GET', '/api/datasets?kind=import', undefined, user)).items.find(
      (d: { written_by: { id: string }[] }) => d.written_by.some((w) => w.id === imp.id),
    );
    return { file, imp, ds };
  };
  const datasetNamed = async (name: string, user = u) =>
    (await call('GET', '/api/datasets?kind=sync', undefined, user)).items.find(
      (d: { name: string }) => d.name === name,
    );
  const rowsOf = async (id: string, size = 100, page = 1) =>
    (await call('GET', `/api/datasets/${id}/rows?page=${page}&size=${size}`)).items.map(
      (r: { record: unknown }) => r.record,
    );

  it('syncs an import into a PostgreSQL table; the form picks the dataset by name', async () => {
    const { ds } = await importOf('people.csv', 'name,email\nAda,ada@x.org\nBob,bob@x.org\nCy,cy@x.org\n');
    const catalogue = (await call('GET', '/api/connectors')).items;
    const spec = catalogue.find((c: { type: string }) => c.type === 'dataset');
    expect(spec.icon).toBe('table');
    expect(spec.settings.properties.dataset.oneOf).toContainEqual({
      const: ds.id,
      title: 'people.csv (v1) (3 rows)',
    });
    const src = await connection('dataset', 'source', { dataset: ds.id });
    expect((await call('POST', `/api/connections/${src.id}/check`)).ok).toBe(true);
    const streams = (await call('GET', `/api/connections/${src.id}/streams`)).items;
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ name: 'people_csv_v1', primaryKey: [['_row']] });
    expect(streams[0].sample[0]).toEqual({ name: 'Ada', email: 'ada@x.org', _row: 0 });
    const dst = await connection('postgres', 'destination', pgSettings);
    const table = `people_${kind}`;
    const sync = await call('POST', '/api/syncs', {
      name: 'people',
      sourceConnectionId: src.id,
      destinationConnectionId: dst.id,
      streams: [{ name: 'people_csv_v1', destination: table }],
      writeMode: 'append',
    });
    expect(await runToEnd(sync.id)).toMatchObject({ status: 'succeeded', rowsRead: 3, rowsWritten: 3 });
    expect(await sql(DB, `select name, email, _row::int as _row from ${table} order by _row`)).toEqual([
      { name: 'Ada', email: 'ada@x.org', _row: 0 },
      { name: 'Bob', email: 'bob@x.org', _row: 1 },
      { name: 'Cy', email: 'cy@x.org', _row: 2 },
    ]);
  });

  it("a flow's source step reads a dataset connection's stream (the organization reaches the connector)", async () => {
    const { ds } = await importOf('flow-people.csv', 'name,email\nAda,ada@x.org\nBob,bob@x.org\n');
    const src = await connection('dataset', 'source', { dataset: ds.id });
    const check = await req('POST', '/api/flows/check', {
      steps: [
        {
          id: 'src',
          kind: 'source',
          name: 'People',
          config: { input: { kind: 'connection', id: src.id, stream: 'flow_people_csv_v1' } },
        },
        {
          id: 'ada',
          kind: 'filter',
          name: 'Ada',
          config: { conditions: [{ column: 'name', op: 'eq', value: 'Ada' }] },
        },
      ],
      edges: [{ from: 'src', to: 'ada' }],
    });
    expect(check.statusCode, check.body).toBe(200);
    const edge = check.json().edges.find((e: { from: string }) => e.from === 'src');
    expect(edge.columns.map((c: { name: string }) => c.name)).toEqual(['name', 'email', '_row']);
  });

  it('syncs a PostgreSQL table into a dataset (types, exact count) and uses it as a pipeline input', async () => {
    const src = await connection('postgres', 'source', pgSettings);
    const dst = await connection('dataset_out', 'destination', { prefix: `${kind} ` });
    const sync = await call('POST', '/api/syncs', {
      name: 'items in',
      sourceConnectionId: src.id,
      destinationConnectionId: dst.id,
      streams: [{ name: 'public.items', destination: 'items' }],
      writeMode: 'append',
    });
    expect(await runToEnd(sync.id)).toMatchObject({ status: 'succeeded', rowsWritten: ROWS });
    const ds = await datasetNamed(`${kind} items`);
    expect(ds).toMatchObject({ kind: 'sync', row_count: ROWS });
    expect(ds.written_by[0]).toMatchObject({ type: 'sync', id: sync.id, name: 'items in' });
    const [first] = await rowsOf(ds.id, 1);
    expect(first).toEqual({ id: 1, label: 'item 1', price: 0.25, active: false });

    // read back through a dataset source: every row once, in order, then an import of it
    const back = await connection('dataset', 'source', { dataset: ds.id });
    const [stream] = (await call('GET', `/api/connections/${back.id}/streams`)).items;
    expect(stream.name).toBe(`${kind}_items`);
    expect(stream.syncModes).toEqual(['full_refresh']);
    const imp = await call('POST', `/api/connections/${back.id}/streams/import`, { stream: stream.name });
    const done = await eventually(async () => {
      const i = await call('GET', `/api/imports/${imp.id}`);
      return i.status === 'succeeded' || i.status === 'failed' ? i : null;
    }, 60_000);
    expect(done).toMatchObject({ status: 'succeeded', row_count: ROWS });
  });

  it('an overwrite replaces the dataset; one that fails halfway leaves it as it was', async () => {
    const good = await connection('postgres', 'source', pgSettings);
    const bad = await connection('pg-failing-ds', 'source', pgSettings);
    const dst = await connection('dataset_out', 'destination', { prefix: `${kind} over ` });
    const stream = [{ name: 'public.items', destination: 'items' }];
    const mk = (name: string, sourceConnectionId: string) =>
      call('POST', '/api/syncs', {
        name,
        sourceConnectionId,
        destinationConnectionId: dst.id,
        streams: stream,
        writeMode: 'overwrite',
      });
    const ok = await mk('over ok', good.id);
    expect(await runToEnd(ok.id)).toMatchObject({ status: 'succeeded' });
    expect(await runToEnd(ok.id)).toMatchObject({ status: 'succeeded' });
    const ds = await datasetNamed(`${kind} over items`);
    // replaced, not appended to
    expect(ds.row_count).toBe(ROWS);
    const failing = await mk('over failing', bad.id);
    expect(await runToEnd(failing.id)).toMatchObject({
      status: 'failed',
      error: 'the source went away halfway',
    });
    const after = await call('GET', `/api/datasets/${ds.id}`);
    expect(after.row_count).toBe(ROWS);
    expect(after.file_count).toBe(ds.file_count);
  });

  it('a write resumed after a crash holds every acknowledged row once and resumes from its checkpoint', async () => {
    const cctx = connectorContext(t.app.ctx, undefined, u.orgId);
    const open = () =>
      datasetDestinationConnector.open!(
        { prefix: `${kind} crash ` },
        {
          stream: 's',
          mode: 'append',
          jsonSchema: {},
          signal: new AbortController().signal,
          runId: `${randomUUID()}:s`,
        },
        cctx,
      );
    const runId = `${randomUUID()}:s`;
    const req = {
      stream: 's',
      mode: 'append' as const,
      jsonSchema: {},
      signal: new AbortController().signal,
      runId,
    };
    const batch = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ n: from + i }));
    const first = await datasetDestinationConnector.open!({ prefix: `${kind} crash ` }, req, cctx);
    expect(await first.resumeState!()).toBeUndefined();
    await first.write(batch(0, 100), { state: { next_row: 100 } });
    await first.write(batch(100, 50), { state: { next_row: 150 } });
    // the worker dies here: no commit, no abort. A new worker opens the same run's writer
    const second = await datasetDestinationConnector.open!({ prefix: `${kind} crash ` }, req, cctx);
    expect(await second.resumeState!()).toEqual({ state: { next_row: 150 } });
    await second.write(batch(150, 10), { state: { next_row: 160 } });
    await second.commit();
    const ds = await datasetNamed(`${kind} crash s`);
    expect(ds.row_count).toBe(160);
    const ns = [...(await rowsOf(ds.id, 100)), ...(await rowsOf(ds.id, 100, 2))].map(
      (r: { n: number }) => r.n,
    );
    expect(ns).toEqual(Array.from({ length: 160 }, (_, i) => i));
    // another run into the same dataset appends; its own checkpoints start empty
    const other = await open();
    expect(await other.resumeState!()).toBeUndefined();
  });

  it("syncs a job result's valid records through a pipeline into a dataset", async () => {
    const schema = {
      type: 'object',
      properties: { id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' } },
      required: ['id', 'name', 'email'],
    };
    const pipeline = await call('POST', '/api/pipelines', {
      name: `Contacts ${kind}`,
      target_schema: schema,
    });
    await call('POST', `/api/pipelines/${pipeline.id}/jobs`, {
      data: [{ id: 0, name: 'x', email: 'x@example.com' }],
    });
    const w = await call('POST', `/api/pipelines/${pipeline.id}/workshops`);
    await call('POST', `/api/workshops/${w.id}/deploy`);
    // a run of the deployed mapper: its result is the dataset the source reads
    const job = await call('POST', `/api/pipelines/${pipeline.id}/jobs`, {
      data: [
        { id: 1, name: 'a', email: 'a@example.com' },
        { id: 2, name: 'b' },
        { id: 3, name: 'c', email: 'c@example.com' },
      ],
    });
    await call('POST', `/api/jobs/${job.id}/run?immediate_return=true`);
    const result = await eventually(
      async () =>
        (await call('GET', '/api/datasets?kind=result')).items.find(
          (d: { name: string; row_count: number }) =>
            d.name === `Contacts ${kind} · result` && d.row_count === 3,
        ),
      60_000,
    );
    const src = await connection('dataset', 'source', { dataset: result.id });
    const streams = (await call('GET', `/api/connections/${src.id}/streams`)).items;
    const base = `contacts_${kind}_result`;
    expect(streams.map((s: { name: string }) => s.name)).toEqual([base, `${base}_all_rows`]);
    // the valid stream holds the mapped records of valid rows; the other every row with its status
    expect(streams[0].sample.map((r: { id: number }) => r.id)).toEqual([1, 3]);
    expect(streams[1].sample.map((r: { valid: boolean }) => r.valid)).toEqual([true, false, true]);
    const dst = await connection('dataset_out', 'destination', { prefix: `${kind} mapped ` });
    const sync = await call('POST', '/api/syncs', {
      name: 'mapped',
      sourceConnectionId: src.id,
      destinationConnectionId: dst.id,
      streams: [{ name: base, destination: 'contacts' }],
      pipelineId: pipeline.id,
      writeMode: 'append',
    });
    expect(await runToEnd(sync.id)).toMatchObject({ status: 'succeeded', rowsRead: 2, rowsWritten: 2 });
    const ds = await datasetNamed(`${kind} mapped contacts`);
    expect(await rowsOf(ds.id)).toEqual([
      { id: 1, name: 'a', email: 'a@example.com' },
      { id: 3, name: 'c', email: 'c@example.com' },
    ]);
  });

  it("another organization's dataset or file is not found; a file that is not tabular names the setting", async () => {
    const { ds, file } = await importOf('secret.csv', 'a,b\n1,2\n');
    const other = await createUser(t);
    const test = (type: string, settings: object, user = other) =>
      call('POST', '/api/connections/test', { type, settings }, user);
    expect(await test('dataset', { dataset: ds.id })).toMatchObject({
      ok: false,
      field: 'dataset',
      message: `dataset: dataset ${ds.id} was not found`,
    });
    expect(await test('file', { file: file.id })).toMatchObject({ ok: false, field: 'file' });
    // their pickers do not list it
    const spec = (await call('GET', '/api/connectors', undefined, other)).items.find(
      (c: { type: string }) => c.type === 'dataset',
    );
    expect(JSON.stringify(spec.settings)).not.toContain(ds.id);
    // nor can a connection to it be saved (so no sync can read it)
    const refused = await req(
      'POST',
      '/api/connections',
      { type: 'dataset', name: 'theirs', role: 'source', settings: { dataset: ds.id } },
      other,
    );
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().detail[0].loc).toEqual(['body', 'settings', 'dataset']);

    const png = await upload('logo.png', '\x89PNG\r\n\x1a\n....');
    expect(await test('file', { file: png.id }, u)).toMatchObject({
      ok: false,
      field: 'file',
      message:
        'file: "logo.png" is not a file this source reads: upload CSV, TSV, Excel (.xlsx), JSON, JSON Lines or Parquet',
    });
    // the file source reads an uploaded CSV with the import's detection (here `;`)
    const csv = await upload('prices.csv', 'sku;price\nA-1;3.5\nB-2;4\n');
    const fileSrc = await connection('file', 'source', { file: csv.id });
    const [stream] = (await call('GET', `/api/connections/${fileSrc.id}/streams`)).items;
    expect(stream.name).toBe('prices');
    expect(stream.sample).toEqual([
      { sku: 'A-1', price: '3.5', _row: 0 },
      { sku: 'B-2', price: '4', _row: 1 },
    ]);
  });

  it('a picked dataset or file must be one of the organization’s: missing or unknown is a 422 naming it', async () => {
    const { ds, file } = await importOf('picked.csv', 'a,b\n1,2\n');
    const save = (type: string, settings: object) =>
      req('POST', '/api/connections', { type, name: `${type} picked`, role: 'source', settings });
    const unknown = randomUUID();
    for (const [type, field, settings] of [
      ['dataset', 'dataset', {}],
      ['dataset', 'dataset', { dataset: '' }],
      ['dataset', 'dataset', { dataset: unknown }],
      ['file', 'file', {}],
      ['file', 'file', { file: unknown }],
    ] as const) {
      const res = await save(type, settings);
      expect(res.statusCode, `${type} ${JSON.stringify(settings)}: ${res.body}`).toBe(422);
      expect(res.json().detail[0].loc).toEqual(['body', 'settings', field]);
    }
    expect((await save('dataset', { dataset: unknown })).json().detail[0].msg).toBe(
      `no dataset "${unknown}" in this organization: choose one of its datasets`,
    );
    // a saved connection cannot be moved onto an unknown one either, and stays as it was
    const src = await connection('dataset', 'source', { dataset: ds.id });
    const moved = await t.as(u.token, {
      method: 'PATCH',
      url: `/api/connections/${src.id}`,
      payload: { settings: { dataset: unknown } },
    });
    expect(moved.statusCode, moved.body).toBe(422);
    expect(moved.json().detail[0].loc).toEqual(['body', 'settings', 'dataset']);
    expect((await call('GET', `/api/connections/${src.id}`)).settings).toEqual({ dataset: ds.id });
    expect((await connection('file', 'source', { file: file.id })).settings).toEqual({ file: file.id });
  });

  it('two dataset destinations of one organization cannot share a prefix (they would mix their datasets)', async () => {
    const first = await connection('dataset_out', 'destination', { prefix: `${kind} shared ` });
    const save = (settings: object, name = 'second', user = u) =>
      req('POST', '/api/connections', { type: 'dataset_out', name, role: 'destination', settings }, user);
    // the same prefix, and one that names the same datasets (leading blanks are trimmed away)
    for (const prefix of [`${kind} shared `, `  ${kind} shared `]) {
      const res = await save({ prefix });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().detail[0]).toMatchObject({
        loc: ['body', 'settings', 'prefix'],
        msg: `"${kind} shared " is already used by the connection "dataset_out destination": both would write into the same datasets; choose another`,
      });
    }
    const second = (await save({ prefix: `${kind} other ` })).json();
    const patch = (id: string, settings: object) =>
      t.as(u.token, { method: 'PATCH', url: `/api/connections/${id}`, payload: { settings } });
    const moved = await patch(second.id, { prefix: `${kind} shared ` });
    expect(moved.statusCode, moved.body).toBe(422);
    expect(moved.json().detail[0].loc).toEqual(['body', 'settings', 'prefix']);
    expect((await call('GET', `/api/connections/${second.id}`)).settings).toEqual({
      prefix: `${kind} other `,
    });
    // a connection keeps its own prefix; another organization's connections do not count
    expect((await patch(first.id, { prefix: `${kind} shared ` })).statusCode).toBe(200);
    const other = await createUser(t);
    expect((await save({ prefix: `${kind} shared ` }, 'theirs', other)).statusCode).toBe(201);
  });

  it('dataset destinations saved at once with one prefix: the database keeps one, the others are the same 422', async () => {
    const save = (name: string, prefix: string) =>
      req('POST', '/api/connections', {
        type: 'dataset_out',
        name,
        role: 'destination',
        settings: { prefix },
      });
    // all pass the service's check before any is inserted; the unique index decides
    const prefixes = [`${kind} race `, `${kind} race `, ` ${kind} race `, `${kind} race `];
    const all = await Promise.all(prefixes.map((prefix, i) => save(`racer ${i}`, prefix)));
    const won = all.filter((r) => r.statusCode === 201);
    expect(won, all.map((r) => r.body).join('\n')).toHaveLength(1);
    const winner = won[0]!.json().name;
    for (const r of all.filter((x) => x !== won[0])) {
      expect(r.statusCode, r.body).toBe(422);
      expect(r.json().detail[0]).toMatchObject({
        loc: ['body', 'settings', 'prefix'],
        msg: `"${kind} race " is already used by the connection "${winner}": both would write into the same datasets; choose another`,
      });
    }
    const names = (await call('GET', '/api/connections?role=destination')).items.map(
      (c: { name: string }) => c.name,
    );
    expect(names.filter((n: string) => n.startsWith('racer '))).toEqual([winner]);
    // moving two others onto one new prefix at once: one moves, the other stays as it was
    const a = (await save('mover a', `${kind} a `)).json();
    const b = (await save('mover b', `${kind} b `)).json();
    const patch = (id: string) =>
      t.as(u.token, {
        method: 'PATCH',
        url: `/api/connections/${id}`,
        payload: { settings: { prefix: `${kind} c ` } },
      });
    const moved = await Promise.all([patch(a.id), patch(b.id)]);
    expect(moved.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const stayed = moved[0]!.statusCode === 422 ? a : b;
    expect((await call('GET', `/api/connections/${stayed.id}`)).settings).toEqual(stayed.settings);
  });

  it('a target taken between the check and the insert is the same 422, on either database', async () => {
    // a row that holds the target but that the check does not see as such: the insert alone refuses
    await t.database.db.insert(connections).values({
      organizationId: u.orgId,
      type: 'dataset_out',
      name: 'hidden',
      role: 'destination',
      settings: { prefix: `${kind} elsewhere ` },
      secretFieldsSet: [],
      target: `dataset_out:${kind} taken `,
    });
    const res = await req('POST', '/api/connections', {
      type: 'dataset_out',
      name: 'late',
      role: 'destination',
      settings: { prefix: `${kind} taken ` },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'settings', 'prefix'], type: 'conflict' });
    const names = (await call('GET', '/api/connections?role=destination')).items.map(
      (c: { name: string }) => c.name,
    );
    expect(names).not.toContain('late');
  });
});
