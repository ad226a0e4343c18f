import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Connector,
  ConnectorRuntimeError,
  type SourceConnector,
} from '../src/modules/connectors/contract.ts';
import { postgresConnector } from '../src/modules/connectors/postgres/postgres.connector.ts';
import { connectors } from '../src/modules/connectors/registry.ts';
import { caller, deployedPipeline, linearFlow, pgSettings, sql } from './flows-fixture.ts';
import { createTestApp, createUser, DATABASES, eventually, type TestApp, type TestUser } from './helper.ts';

/*
 * Flow runs on the machine's PostgreSQL: source → map → validate → destination reconciles rows on
 * every edge; a step failing an attempt is retried by the queue; a re-run from the map step
 * reuses the source's output (the source is not read again); the write preview's counts are
 * what the commit does; the drift gate pauses a run after a source column is renamed.
 */

const suffix = randomBytes(4).toString('hex');
const SRC = `mw_flow_src_${suffix}`;
const DST = `mw_flow_dst_${suffix}`;
const ROWS = 60;

/** How often each counting source was read (the "no second read" of a reused source). */
const reads: Record<string, number> = {};
/** Destination opens to fail, per connector type (a transient error: the queue retries the step). */
const failOpens: Record<string, number> = {};

function counting(type: string): Connector {
  const pgSource = postgresConnector as SourceConnector;
  return {
    ...postgresConnector,
    spec: { ...postgresConnector.spec, type, title: type },
    read(s, req, ctx) {
      reads[type] = (reads[type] ?? 0) + 1;
      return pgSource.read(s, req, ctx);
    },
  };
}
function flaky(type: string): Connector {
  return {
    ...postgresConnector,
    spec: { ...postgresConnector.spec, type, title: type },
    async open(s, req, ctx) {
      if ((failOpens[type] ?? 0) > 0) {
        failOpens[type]!--;
        throw new ConnectorRuntimeError('the warehouse is restarting', true);
      }
      return postgresConnector.open!(s, req, ctx);
    },
  };
}

/** Commits to crash right after they happened (the worker gone before the step is marked succeeded). */
const crashAfterCommits: Record<string, number> = {};
function crashAfterCommit(type: string): Connector {
  return {
    ...postgresConnector,
    spec: { ...postgresConnector.spec, type, title: type },
    async open(s, req, ctx) {
      const writer = await postgresConnector.open!(s, req, ctx);
      return {
        ...writer,
        async commit() {
          await writer.commit();
          if ((crashAfterCommits[type] ?? 0) > 0) {
            crashAfterCommits[type]!--;
            throw new ConnectorRuntimeError('the worker stopped after the commit', true);
          }
        },
      };
    },
  };
}

/** Customers, every third one again with a typo in the name and every tenth with the email in capitals (as resolution.integration.test.ts). */
function customers() {
  const firsts = [
    'anna',
    'bruno',
    'clara',
    'david',
    'emma',
    'felix',
    'greta',
    'hugo',
    'ida',
    'jonas',
    'karla',
    'lukas',
  ];
  const lasts = [
    'schmidt',
    'meyer',
    'fischer',
    'wagner',
    'becker',
    'hoffmann',
    'koch',
    'richter',
    'klein',
    'wolf',
    'neumann',
  ];
  const rows: string[] = [];
  let n = 0;
  for (let i = 0; i < 150; i++) {
    const f = firsts[i % firsts.length]!;
    const l = lasts[(i * 7) % lasts.length]!;
    const email = `${f}.${l}${i}@example.com`;
    const city = ['berlin', 'paris', 'madrid', 'rome', 'oslo'][i % 5]!;
    const dob = `19${50 + (i % 45)}-0${1 + (i % 9)}-1${i % 10}`;
    const row = (...v: string[]) => rows.push(`(${v.map((x) => `'${x}'`).join(',')})`);
    row(`C${++n}`, f, l, email, city, dob);
    if (i % 3 === 0)
      row(`C${++n}`, f.toUpperCase(), `${l.slice(0, -1)}${l.endsWith('e') ? 'a' : 'e'}`, email, city, dob);
    if (i % 10 === 0) row(`C${++n}`, f, l, email.toUpperCase(), city, '');
  }
  return rows.join(',');
}

beforeAll(async () => {
  await sql('postgres', `create database ${SRC}`);
  await sql('postgres', `create database ${DST}`);
  // every tenth row has an email the target schema refuses
  await sql(
    SRC,
    `create table people (id integer primary key, name text not null, email text not null, age integer);
     insert into people select i, 'Person ' || i,
       case when i % 10 = 0 then 'not an email' else 'p' || i || '@example.com' end, 20 + i % 50
     from generate_series(1, ${ROWS}) i;
     create table customers (customer_id text, first_name text, last_name text, email text, city text, birth_date text);
     insert into customers values ${customers()};
     create table cities (person_id integer, city text);
     insert into cities select i, 'City ' || (i % 3) from generate_series(1, ${ROWS}, 2) i;`,
  );
});
afterAll(async () => {
  await sql('postgres', `drop database if exists ${SRC} with (force)`);
  await sql('postgres', `drop database if exists ${DST} with (force)`);
});

describe.each(DATABASES)('flow runs (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  let pipeline: { id: string; target_schema_id: string };
  const countingType = `pg-counting-${kind}`;
  const flakyType = `pg-flaky-${kind}`;
  const crashType = `pg-crash-after-commit-${kind}`;
  beforeAll(async () => {
    connectors.push(counting(countingType), flaky(flakyType), crashAfterCommit(crashType));
    t = await createTestApp(kind, { OUTBOUND_ALLOWLIST: '127.0.0.1' }, { worker: true });
    u = await createUser(t);
    pipeline = await deployedPipeline(t, u);
  }, 60_000);
  afterAll(() => t.close());

  const connection = async (type: string, role: string, database: string) =>
    (
      await caller(t, u).call('POST', '/api/connections', {
        type,
        name: `${type} ${role}`,
        role,
        settings: pgSettings(database),
      })
    ).id as string;
  const flowOf = async (
    table: string,
    o: {
      source?: string;
      dest?: string;
      stream?: string;
      preview?: boolean;
      writeMode?: 'append' | 'overwrite' | 'upsert';
    } = {},
  ) => {
    const body = linearFlow({
      sourceConnection: o.source ?? (await connection('postgres', 'source', SRC)),
      stream: o.stream ?? 'public.people',
      pipelineId: pipeline.id,
      schemaId: pipeline.target_schema_id,
      destConnection: o.dest ?? (await connection('postgres', 'destination', DST)),
      table,
      preview: o.preview,
      ...(o.writeMode ? { writeMode: o.writeMode } : {}),
    });
    return (await caller(t, u).call('POST', '/api/flows', body)).id as string;
  };
  const settle = (
    flowId: string,
    runId: string,
    states = ['succeeded', 'failed', 'partial', 'cancelled', 'paused'],
  ) =>
    eventually(async () => {
      const run = await caller(t, u).call('GET', `/api/flows/${flowId}/runs/${runId}`);
      return states.includes(run.status) ? run : null;
    }, 90_000);
  const start = async (flowId: string, body: object = {}) =>
    settle(flowId, (await caller(t, u).call('POST', `/api/flows/${flowId}/runs`, body)).id);
  type StepRun = {
    step_id: string;
    status: string;
    rows_in: number;
    rows_out: number;
    rows_rejected: number;
  } & Record<string, unknown>;
  const step = (run: { steps: StepRun[] }, id: string) => run.steps.find((s) => s.step_id === id)!;

  it('runs source → map → validate → destination, reconciling rows on every edge', async () => {
    const table = `people_${kind}`;
    const flowId = await flowOf(table);
    const run = await start(flowId);
    expect(run.status, JSON.stringify(run.steps)).toBe('succeeded');
    const [src, map, check, dest] = ['src', 'map', 'check', 'dest'].map((id) => step(run, id)) as [
      StepRun,
      StepRun,
      StepRun,
      StepRun,
    ];
    expect(src).toMatchObject({ status: 'succeeded', rows_out: ROWS, attempts: 1 });
    // every edge carries what its upstream port put out; every step: in = out + rejected
    expect(map.rows_in).toBe(src.rows_out);
    expect(check.rows_in).toBe(map.rows_out);
    expect(dest.rows_in).toBe(check.rows_out);
    for (const s of run.steps as StepRun[]) expect(s.rows_in, s.step_id).toBe(s.rows_out + s.rows_rejected);
    expect(check).toMatchObject({ rows_out: ROWS - ROWS / 10, rows_rejected: ROWS / 10 });
    const [at] = await sql(DST, `select count(*)::int as n, count(distinct id)::int as d from ${table}`);
    expect(at).toEqual({ n: dest.rows_out, d: dest.rows_out });
    // the rejected rows carry their errors; samples of each port
    const { call } = caller(t, u);
    const rejected = await call(
      'GET',
      `/api/flows/${flowId}/runs/${run.id}/steps/check/sample?port=rejected`,
    );
    expect(rejected.total).toBe(ROWS / 10);
    expect(rejected.rows[0]._errors[0]).toMatchObject({ path: 'email' });
    expect((await call('GET', `/api/flows/${flowId}`)).last_run).toMatchObject({
      id: run.id,
      status: 'succeeded',
    });
  });

  it('retries a step whose attempt failed, and the run succeeds', async () => {
    const table = `retried_${kind}`;
    failOpens[flakyType] = 1;
    const flowId = await flowOf(table, { dest: await connection(flakyType, 'destination', DST) });
    const run = await start(flowId);
    expect(run.status).toBe('succeeded');
    const dest = step(run, 'dest');
    expect(dest).toMatchObject({ status: 'succeeded', attempts: 2, error: null });
    expect((dest.logs as { message: string }[]).map((l) => l.message)).toContain(
      'attempt 1 failed: the warehouse is restarting (retrying)',
    );
    expect((await sql(DST, `select count(*)::int as n from ${table}`))[0].n).toBe(dest.rows_out);
  });

  it('an append whose commit happened before its attempt stopped is not written again', async () => {
    const table = `appended_once_${kind}`;
    crashAfterCommits[crashType] = 1;
    const flowId = await flowOf(table, {
      dest: await connection(crashType, 'destination', DST),
      writeMode: 'append',
    });
    const run = await start(flowId);
    expect(run.status).toBe('succeeded');
    const dest = step(run, 'dest');
    expect(dest).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect((dest.logs as { message: string }[]).map((l) => l.message)).toContain(
      'the destination committed before the last attempt stopped: nothing is written again',
    );
    // every row once: the second attempt appended nothing
    expect((await sql(DST, `select count(*)::int as n from ${table}`))[0].n).toBe(dest.rows_out);
  });

  it('retries the failed steps of a failed run in a new run, reusing the rest', async () => {
    const table = `retry_failed_${kind}`;
    failOpens[flakyType] = 3; // every attempt of the first run
    const flowId = await flowOf(table, { dest: await connection(flakyType, 'destination', DST) });
    const failed = await start(flowId);
    expect(failed.status).toBe('failed');
    expect(step(failed, 'dest')).toMatchObject({
      status: 'failed',
      attempts: 3,
      error: 'the warehouse is restarting',
      error_class: 'transient',
    });
    expect(step(failed, 'check').status).toBe('succeeded');
    const { call } = caller(t, u);
    const retried = await settle(
      flowId,
      (await call('POST', `/api/flows/${flowId}/runs/${failed.id}/retry`)).id,
    );
    expect(retried.steps.map((s: StepRun) => [s.step_id, s.status])).toEqual([
      ['src', 'reused'],
      ['map', 'reused'],
      ['check', 'reused'],
      ['dest', 'succeeded'],
    ]);
    expect(retried.status).toBe('succeeded');
    expect((await sql(DST, `select count(*)::int as n from ${table}`))[0].n).toBe(
      step(retried, 'dest').rows_out,
    );
    const again = await caller(t, u).raw('POST', `/api/flows/${flowId}/runs/${retried.id}/retry`);
    expect(again.statusCode).toBe(409);
  }, 60_000);

  it('cancels a run waiting at its write preview; nothing is written', async () => {
    const table = `cancelled_${kind}`;
    const flowId = await flowOf(table);
    const run = await start(flowId, { preview: true });
    expect(run).toMatchObject({ status: 'paused', preview: true });
    const { call, raw } = caller(t, u);
    const cancelled = await call('POST', `/api/flows/${flowId}/runs/${run.id}/cancel`);
    expect(cancelled.status).toBe('cancelled');
    expect(step(cancelled, 'dest').status).toBe('cancelled');
    expect((await raw('POST', `/api/flows/${flowId}/runs/${run.id}/approve`)).statusCode).toBe(409);
    const exists = await sql(
      DST,
      `select count(*)::int as n from information_schema.tables where table_name = '${table}'`,
    );
    expect(exists[0].n).toBe(0);
  });

  it('re-runs from the map step on the source output of the run: the source is not read again', async () => {
    const table = `rerun_${kind}`;
    const flowId = await flowOf(table, { source: await connection(countingType, 'source', SRC) });
    const first = await start(flowId);
    expect(first.status).toBe('succeeded');
    expect(reads[countingType]).toBe(1);
    const { call } = caller(t, u);
    const again = await settle(
      flowId,
      (await call('POST', `/api/flows/${flowId}/runs/${first.id}/rerun`, { from_step: 'map' })).id,
    );
    expect(again).toMatchObject({ status: 'succeeded', trigger: 'replay', parent_run_id: first.id });
    expect(step(again, 'src')).toMatchObject({
      status: 'reused',
      reused_from_run_id: first.id,
      output_dataset_id: step(first, 'src').output_dataset_id,
    });
    expect(step(again, 'map')).toMatchObject({ status: 'succeeded', rows_in: ROWS });
    expect(reads[countingType]).toBe(1);
    // one step alone on its pinned inputs: the rest reused or skipped
    const one = await settle(
      flowId,
      (await call('POST', `/api/flows/${flowId}/runs/${again.id}/steps/check/run`)).id,
    );
    expect(one.steps.map((s: StepRun) => [s.step_id, s.status])).toEqual([
      ['src', 'reused'],
      ['map', 'reused'],
      ['check', 'succeeded'],
      ['dest', 'reused'],
    ]);
    expect(step(one, 'src').reused_from_run_id).toBe(first.id);
    expect(reads[countingType]).toBe(1);
    const bad = await caller(t, u).raw('POST', `/api/flows/${flowId}/runs/${first.id}/rerun`, {
      from_step: 'nope',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toMatchObject({ loc: ['body', 'from_step'] });
  });

  it('stops at a write preview whose counts are what the approved commit then does', async () => {
    const table = `preview_${kind}`;
    // rows 1-20 already there as the flow would write them, 21-25 with another name, the rest new
    await sql(
      DST,
      `create table ${table} (id integer primary key, name text, email text);
       insert into ${table} select i, case when i > 20 then 'Old ' || i else 'Person ' || i end, 'p' || i || '@example.com'
       from generate_series(1, 25) i where i % 10 <> 0;`,
    );
    const before = await sql(DST, `select * from ${table} order by id`);
    const flowId = await flowOf(table, { preview: true });
    const run = await start(flowId);
    expect(run.status).toBe('paused');
    expect(step(run, 'dest').status).toBe('awaiting_approval');
    const p = run.pause.preview;
    expect(run.pause).toMatchObject({ kind: 'preview', step_id: 'dest' });
    // valid rows: 54 (ids not divisible by 10); 18 of 1-20 unchanged, 21-25 updated, 31 new
    expect(p).toMatchObject({ key: ['id'], unchanged: 18, updated: 5, inserted: 31, rejected: 0 });
    expect(p.samples.updated[0]).toMatchObject({
      key: { id: 21 },
      before: { name: 'Old 21' },
      after: { name: 'Person 21' },
    });
    expect(await sql(DST, `select * from ${table} order by id`)).toEqual(before);

    const { call } = caller(t, u);
    await call('POST', `/api/flows/${flowId}/runs/${run.id}/approve`);
    const done = await settle(flowId, run.id, ['succeeded', 'failed', 'partial', 'cancelled']);
    expect(done.status).toBe('succeeded');
    const after = await sql(DST, `select * from ${table} order by id`);
    const old = new Map(before.map((r) => [r.id, JSON.stringify(r)]));
    const inserted = after.filter((r) => !old.has(r.id)).length;
    const updated = after.filter((r) => old.has(r.id) && old.get(r.id) !== JSON.stringify(r)).length;
    const unchanged = after.filter((r) => old.get(r.id) === JSON.stringify(r)).length;
    expect({ inserted, updated, unchanged }).toEqual({
      inserted: p.inserted,
      updated: p.updated,
      unchanged: p.unchanged,
    });
  });

  it('joins two sources (two independent branches) on an exact key', async () => {
    const src = await connection('postgres', 'source', SRC);
    const input = (stream: string) => ({ input: { kind: 'connection', id: src, stream } });
    const { call } = caller(t, u);
    const flow = await call('POST', '/api/flows', {
      name: 'People with cities',
      steps: [
        { id: 'people', kind: 'source', name: 'People', config: input('public.people') },
        { id: 'cities', kind: 'source', name: 'Cities', config: input('public.cities') },
        {
          id: 'j',
          kind: 'join',
          name: 'Join',
          config: { kind: 'inner', conditions: [{ left: 'id', right: 'person_id', method: 'exact' }] },
        },
      ],
      edges: [
        { from: 'people', to: 'j', to_port: 'left' },
        { from: 'cities', to: 'j', to_port: 'right' },
      ],
    });
    const run = await start(flow.id);
    expect(run.status).toBe('succeeded');
    expect(step(run, 'j')).toMatchObject({ rows_in: ROWS + ROWS / 2, rows_out: ROWS / 2 });
    const sample = await call('GET', `/api/flows/${flow.id}/runs/${run.id}/steps/j/sample`);
    expect(sample.rows[0]).toMatchObject({ id: 1, person_id: 1, city: 'City 1', _match: 'both' });
  });

  it('resolves duplicates: every row out with its cluster_id', async () => {
    const src = await connection('postgres', 'source', SRC);
    const { call } = caller(t, u);
    const flow = await call('POST', '/api/flows', {
      name: 'Customers deduped',
      steps: [
        {
          id: 'customers',
          kind: 'source',
          name: 'Customers',
          config: { input: { kind: 'connection', id: src, stream: 'public.customers' } },
        },
        { id: 'dedupe', kind: 'resolve', name: 'Dedupe', config: { id_column: 'customer_id' } },
      ],
      edges: [{ from: 'customers', to: 'dedupe' }],
    });
    const run = await start(flow.id);
    expect(run.status, JSON.stringify(run.steps)).toBe('succeeded');
    const total = Number((await sql(SRC, 'select count(*)::int as n from customers'))[0].n);
    expect(step(run, 'dedupe')).toMatchObject({ rows_in: total, rows_out: total });
    const out = await call('GET', `/api/flows/${flow.id}/runs/${run.id}/steps/dedupe/sample`);
    const cluster = new Map(
      out.rows.map((r: { customer_id: string; cluster_id: string }) => [r.customer_id, r.cluster_id]),
    );
    // C1 (anna schmidt), C2 (ANNA with a typo), C3 (email in capitals) are one; C4 is someone else
    expect(cluster.get('C2')).toBe(cluster.get('C1'));
    expect(cluster.get('C3')).toBe(cluster.get('C1'));
    expect(cluster.get('C4')).not.toBe(cluster.get('C1'));
  });

  it('pauses a run when a source column a later step reads was renamed, with the field-level diff', async () => {
    const table = `drift_${kind}`;
    const stream = `drifty_${kind}`;
    await sql(SRC, `create table ${stream} as select * from people`);
    const flowId = await flowOf(table, { stream: `public.${stream}` });
    expect((await start(flowId)).status).toBe('succeeded');
    await sql(
      SRC,
      `alter table ${stream} rename column name to full_name; alter table ${stream} add column city text`,
    );
    const run = await start(flowId);
    expect(run.status).toBe('paused');
    expect(run.pause).toMatchObject({
      kind: 'drift',
      step_id: 'src',
      diff: {
        removed: [{ column: 'name', used_by: ['map'] }],
        type_changed: [],
        added: [
          { column: 'full_name', type: 'string' },
          { column: 'city', type: 'string' },
        ],
        workshop_url: `/workshop?pipeline=${pipeline.id}`,
      },
    });
    expect(step(run, 'map').status).toBe('pending');
    const approve = await caller(t, u).raw('POST', `/api/flows/${flowId}/runs/${run.id}/approve`);
    expect(approve.statusCode).toBe(409);
    // an addition alone passes (and is logged)
    await sql(SRC, `alter table ${stream} rename column full_name to name`);
    const ok = await start(flowId);
    expect(ok.status).toBe('succeeded');
    expect(JSON.stringify(step(ok, 'src').logs)).toContain('city');
  });
});
