import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, deployedPipeline, linearFlow, pgSettings, sql } from './flows-fixture.ts';
import { createTestApp, createUser, DATABASES, type TestApp, type TestUser } from './helper.ts';

/*
 * Flows: the save check (acyclic, ports, a join's two inputs, the columns each step uses exist
 * upstream with a type that fits), versions, the palette, and another organization's ids.
 */

const DB = `mw_flows_${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  await sql('postgres', `create database ${DB}`);
  await sql(
    DB,
    `create table people (id integer primary key, name text, email text, age integer, active boolean)`,
  );
});
afterAll(async () => {
  await sql('postgres', `drop database if exists ${DB} with (force)`);
});

describe.each(DATABASES)('flows: definitions (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  let ids: { src: string; dst: string; pipeline: string; schema: string };
  beforeAll(async () => {
    t = await createTestApp(kind, { OUTBOUND_ALLOWLIST: '127.0.0.1' });
    u = await createUser(t);
    const { call } = caller(t, u);
    const src = await call('POST', '/api/connections', {
      type: 'postgres',
      name: 'src',
      role: 'source',
      settings: pgSettings(DB),
    });
    const dst = await call('POST', '/api/connections', {
      type: 'postgres',
      name: 'dst',
      role: 'destination',
      settings: pgSettings(DB),
    });
    const p = await deployedPipeline(t, u);
    ids = { src: src.id, dst: dst.id, pipeline: p.id, schema: p.target_schema_id };
  }, 60_000);
  afterAll(() => t.close());

  const flow = () =>
    linearFlow({
      sourceConnection: ids.src,
      stream: 'public.people',
      pipelineId: ids.pipeline,
      schemaId: ids.schema,
      destConnection: ids.dst,
      table: 'people_out',
    });
  const source = () => flow().steps[0]!;

  it('saves a flow as version 1, every save a new immutable version; check shows the columns on each edge', async () => {
    const { call } = caller(t, u);
    const created = await call('POST', '/api/flows', flow());
    expect(created).toMatchObject({ version: 1, active: false, schedule: null, last_run: null });
    const saved = await call('PUT', `/api/flows/${created.id}`, {
      ...flow(),
      name: 'Renamed',
      schedule: '0 2 * * *',
    });
    expect(saved).toMatchObject({ version: 2, name: 'Renamed', schedule_text: 'At 02:00' });
    const versions = await call('GET', `/api/flows/${created.id}/versions`);
    expect(versions.items.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const patched = await call('PATCH', `/api/flows/${created.id}`, { active: true });
    expect(patched).toMatchObject({ version: 2, active: true });
    expect(patched.next_run_at).not.toBeNull();

    const check = await call('POST', '/api/flows/check', { steps: flow().steps, edges: flow().edges });
    const cols = (from: string) =>
      check.edges.find((e: { from: string }) => e.from === from).columns.map((c: { name: string }) => c.name);
    expect(cols('src')).toEqual(['id', 'name', 'email', 'age', 'active']);
    expect(cols('map')).toEqual(['id', 'name', 'email']);
    expect(check.outputs.check.rejected.map((c: { name: string }) => c.name)).toContain('_errors');

    const kinds = await call('GET', '/api/flows/step-kinds');
    expect(kinds.items.map((k: { kind: string }) => k.kind)).toEqual([
      'source',
      'map',
      'validate',
      'filter',
      'join',
      'resolve',
      'destination',
    ]);
  });

  it('refuses bad flows naming the step and the reason, and saves nothing', async () => {
    const { raw, call } = caller(t, u);
    const refused = async (body: object, loc: unknown[], msg: RegExp) => {
      const res = await raw('POST', '/api/flows/check', body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().detail[0].loc).toEqual(loc);
      expect(res.json().detail[0].msg).toMatch(msg);
    };
    const f = (id: string, extra: object = {}) => ({
      id,
      kind: 'filter',
      name: id,
      config: { conditions: [{ column: 'age', op: 'gte', value: 18 }] },
      ...extra,
    });
    // a cycle (a feeds b feeds a)
    await refused(
      {
        steps: [source(), f('a'), f('b')],
        edges: [
          { from: 'a', to: 'b' },
          { from: 'b', to: 'a' },
        ],
      },
      ['body', 'steps', 1],
      /^step "a": is part of a cycle \(a step cannot feed itself\)$/,
    );
    // a picker left empty: the field and what to pick (not zod's "Invalid UUID")
    const empty = await raw('POST', '/api/flows/check', {
      steps: [source(), { id: 'map', kind: 'map', name: 'map', config: { pipeline_id: '' } }],
      edges: [{ from: 'src', to: 'map' }],
    });
    expect(empty.statusCode, empty.body).toBe(422);
    expect(empty.json().detail[0].loc.slice(-2)).toEqual(['config', 'pipeline_id']);
    expect(empty.json().detail[0].msg).toMatch(/pick a pipeline/);
    // two edges into one input
    await refused(
      {
        steps: [source(), f('a'), f('b')],
        edges: [
          { from: 'src', to: 'a' },
          { from: 'a', to: 'b' },
          { from: 'src', to: 'b' },
        ],
      },
      ['body', 'steps', 2],
      /^step "b": input "in" has two edges into it$/,
    );
    // a column the rows do not have, and a type that does not fit
    await refused(
      {
        steps: [
          source(),
          f('adults', { config: { conditions: [{ column: 'birth_year', op: 'gt', value: 2000 }] } }),
        ],
        edges: [{ from: 'src', to: 'adults' }],
      },
      ['body', 'steps', 1, 'config', 'conditions', 0, 'column'],
      /^step "adults": filters on "birth_year", which the rows flowing in do not have$/,
    );
    await refused(
      {
        steps: [source(), f('odd', { config: { conditions: [{ column: 'active', op: 'gt', value: 3 }] } })],
        edges: [{ from: 'src', to: 'odd' }],
      },
      ['body', 'steps', 1, 'config', 'conditions', 0, 'op'],
      /^step "odd": "active" is boolean: it cannot be compared with a number$/,
    );
    // a destination key that is not among the mapped columns
    const badKey = flow();
    (badKey.steps[3]!.config as { primary_key: string[] }).primary_key = ['age'];
    await refused(
      badKey,
      ['body', 'steps', 3, 'config', 'primary_key', 0],
      /^step "dest": the key column "age" is not among the rows flowing in$/,
    );
    // a join with one input, and a join condition on a column one side lacks
    const join = (conditions: object[]) => ({ id: 'j', kind: 'join', name: 'j', config: { conditions } });
    await refused(
      {
        steps: [source(), join([{ left: 'id', right: 'id', method: 'exact' }])],
        edges: [{ from: 'src', to: 'j', to_port: 'left' }],
      },
      ['body', 'steps', 1],
      /^step "j": a join needs both inputs \(left and right\); "right" has no edge into it$/,
    );
    const both = [
      { from: 'src', to: 'j', to_port: 'left' },
      { from: 'src', to: 'j', to_port: 'right' },
    ];
    await refused(
      { steps: [source(), join([{ left: 'id', right: 'person_id', method: 'exact' }])], edges: both },
      ['body', 'steps', 1, 'config', 'conditions', 0, 'right'],
      /^step "j": the right input has no column "person_id"$/,
    );
    const joined = await call('POST', '/api/flows/check', {
      steps: [source(), join([{ left: 'id', right: 'id', method: 'exact' }])],
      edges: both,
    });
    expect(joined.outputs.j.out.map((c: { name: string }) => c.name)).toEqual([
      ...['id', 'name', 'email', 'age', 'active'].map((c) => `left_${c}`),
      ...['id', 'name', 'email', 'age', 'active'].map((c) => `right_${c}`),
      '_score',
      '_match',
    ]);
    // an edge to a missing step, an input that is not there, a step with no input
    await refused(
      { steps: [source()], edges: [{ from: 'src', to: 'nope' }] },
      ['body', 'edges', 0, 'to'],
      /there is no step "nope"/,
    );
    await refused(
      { steps: [source(), f('a')], edges: [{ from: 'a', to: 'src' }] },
      ['body', 'steps', 0],
      /^step "src": a source step has no input "in"/,
    );
    await refused(
      { steps: [source(), f('a')], edges: [] },
      ['body', 'steps', 1],
      /^step "a": its input "in" has no edge into it$/,
    );
    // unknown ids
    await refused(
      {
        steps: [
          { ...source(), config: { input: { kind: 'connection', id: ids.src, stream: 'public.nope' } } },
        ],
        edges: [],
      },
      ['body', 'steps', 0, 'config', 'input', 'stream'],
      /^step "src": the connection has no stream "public.nope"/,
    );
    // the same refusals on save; nothing is saved
    const before = (await call('GET', '/api/flows')).total;
    const res = await raw('POST', '/api/flows', { ...badKey, name: 'bad' });
    expect(res.statusCode).toBe(422);
    expect((await call('GET', '/api/flows')).total).toBe(before);
  });

  it('answers 404 for another organization’s flows and runs', async () => {
    const { call } = caller(t, u);
    const created = await call('POST', '/api/flows', flow());
    const other = await createUser(t);
    const o = caller(t, other);
    for (const [method, url, body] of [
      ['GET', `/api/flows/${created.id}`],
      ['PUT', `/api/flows/${created.id}`, flow()],
      ['PATCH', `/api/flows/${created.id}`, { active: true }],
      ['DELETE', `/api/flows/${created.id}`],
      ['GET', `/api/flows/${created.id}/versions`],
      ['POST', `/api/flows/${created.id}/runs`, {}],
      ['GET', `/api/flows/${created.id}/runs`],
    ] as const) {
      const res = await o.raw(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // their own flow cannot use our connection either: the step names it
    const res = await o.raw('POST', '/api/flows/check', { steps: [source()], edges: [] });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].msg).toMatch(/^step "src": the connection: Connection not found/);
    expect((await call('GET', `/api/flows/${created.id}`)).version).toBe(1);
  });
});
