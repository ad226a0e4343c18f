import { joinRows } from '@mapwright/engine';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinRuns } from '../src/db/schema.ts';
import { joinTask } from '../src/modules/joins/join.task.ts';
import {
  createTestApp,
  createUser,
  DATABASES,
  eventually,
  multipart,
  type TestApp,
  type TestUser,
} from './helper.ts';

const CUSTOMERS = [
  'id,company,country',
  '1,ACME Corp.,DE',
  '2,Globex Inc,US',
  '3,Initech LLC,US',
  '4,Acme,FR',
  '5,,US',
  '6,Umbrella plc,UK',
].join('\n');
const SUPPLIERS = [
  'supplier_id,company_name,id',
  'S1,Acme Corporation,x1',
  'S2,Globex,x2',
  'S3,Initech,x3',
  'S4,Acne Studios,x4',
  'S5,Hooli,x5',
  'S6,,x6',
].join('\n');

describe.each(DATABASES)('joins (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  let other: TestUser;
  let customers: string;
  let suppliers: string;
  let empty: string;

  const importCsv = async (name: string, content: string, user = u) => {
    const file = (
      await t.as(user.token, { method: 'POST', url: '/api/files', ...multipart(name, content) })
    ).json();
    const created = (
      await t.as(user.token, { method: 'POST', url: '/api/imports', payload: { file_id: file.id } })
    ).json();
    const imp = await eventually(async () => {
      const i = (await t.as(user.token, { method: 'GET', url: `/api/imports/${created.id}` })).json();
      return ['succeeded', 'failed'].includes(i.status) && i;
    });
    expect(imp.status).toBe('succeeded');
    return imp.id as string;
  };
  const create = (body: Record<string, unknown>, user = u) =>
    t.as(user.token, { method: 'POST', url: '/api/joins', payload: body });

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { worker: true });
    u = await createUser(t);
    other = await createUser(t);
    customers = await importCsv('customers.csv', `${CUSTOMERS}\n`);
    suppliers = await importCsv('suppliers.csv', `${SUPPLIERS}\n`);
    empty = await importCsv('empty.csv', 'id,company\n');
  }, 60_000);
  afterAll(() => t.close());

  it('suggests the fuzzy company key, previews, runs a left join and pages the joined data', async () => {
    const res = await create({
      name: 'Customers × suppliers',
      left: { kind: 'import', id: customers },
      right: { kind: 'import', id: suppliers },
    });
    expect(res.statusCode).toBe(201);
    const join = res.json();
    expect(join).toMatchObject({ kind: 'left', threshold: 0.85, matches: 'best', conditions: [] });
    expect(join.left.name).toContain('customers.csv');

    const sugg = (await t.as(u.token, { method: 'GET', url: `/api/joins/${join.id}/suggestions` })).json();
    expect(sugg.items[0]).toMatchObject({ left: 'company', right: 'company_name', method: 'jaro_winkler' });
    expect(sugg.items[0].expected_match_rate).toBeGreaterThan(0.5);

    // preview and run need a condition: the 422 names it
    const none = await t.as(u.token, { method: 'POST', url: `/api/joins/${join.id}/preview`, payload: {} });
    expect(none.statusCode).toBe(422);
    expect(none.json().detail[0].loc).toEqual(['join', 'conditions']);

    const cond = { left: 'company', right: 'company_name', method: 'jaro_winkler' };
    const patched = await t.as(u.token, {
      method: 'PATCH',
      url: `/api/joins/${join.id}`,
      payload: { conditions: [cond] },
    });
    expect(patched.statusCode).toBe(200);

    const preview = (
      await t.as(u.token, { method: 'POST', url: `/api/joins/${join.id}/preview`, payload: {} })
    ).json();
    // ACME Corp. ~ Acme Corporation, Globex, Initech; "Acme" (FR) also meets Acme Corporation;
    // the blank company and Umbrella match nothing; Acne Studios is refused
    expect(preview.stats).toMatchObject({ left_rows: 6, right_rows: 6, matched_left: 4, unmatched_left: 2 });
    expect(preview.stats.unmatched_right).toBe(3);
    expect(preview.rows[0]).toMatchObject({
      left_id: '1',
      company: 'ACME Corp.',
      company_name: 'Acme Corporation',
      _match: 'both',
      _score: 1,
    });
    expect(preview.rows[0]).toHaveProperty('left_id');
    expect(preview.rows[0]).toHaveProperty('right_id');
    expect(preview.rows.some((r: Record<string, unknown>) => r.company_name === 'Acne Studios')).toBe(false);
    expect(preview.stats.histogram).toHaveLength(10);

    // a stricter threshold on the slider matches less
    const strict = (
      await t.as(u.token, { method: 'POST', url: `/api/joins/${join.id}/preview`, payload: { threshold: 1 } })
    ).json();
    expect(strict.threshold).toBe(1);

    const started = await t.as(u.token, { method: 'POST', url: `/api/joins/${join.id}/runs` });
    expect(started.statusCode).toBe(201);
    const run = await eventually(async () => {
      const r = (await t.as(u.token, { method: 'GET', url: `/api/join-runs/${started.json().id}` })).json();
      return ['succeeded', 'failed'].includes(r.status) && r;
    });
    expect(run).toMatchObject({ status: 'succeeded', progress: 1, row_count: 6 });
    expect(run.stats).toMatchObject({ matched_left: 4, output_rows: 6 });
    const rows = (
      await t.as(u.token, { method: 'GET', url: `/api/join-runs/${run.id}/rows?page=1&size=50` })
    ).json();
    expect(rows.total).toBe(6);
    expect(
      rows.items.map((r: { record: { company: string; company_name: string | null } }) => [
        r.record.company,
        r.record.company_name,
      ]),
    ).toEqual([
      ['ACME Corp.', 'Acme Corporation'],
      ['Globex Inc', 'Globex'],
      ['Initech LLC', 'Initech'],
      ['Acme', 'Acme Corporation'],
      [null, null],
      ['Umbrella plc', null],
    ]);
    expect(rows.items[5].record).toMatchObject({ _match: 'left_only', _score: null });

    // the joined data is a pipeline's input: a job reads its records in place
    const pipeline = (
      await t.as(u.token, {
        method: 'POST',
        url: '/api/pipelines',
        payload: {
          name: 'Joined',
          target_schema: {
            type: 'object',
            properties: { company: { type: 'string' }, company_name: { type: ['string', 'null'] } },
          },
        },
      })
    ).json();
    const job = await t.as(u.token, {
      method: 'POST',
      url: `/api/pipelines/${pipeline.id}/jobs`,
      payload: { dataset_id: run.dataset_id },
    });
    expect(job.statusCode, job.body).toBe(201);
    expect(job.json()).toMatchObject({ input_kind: 'dataset', record_count: 6 });
    const data = (
      await t.as(u.token, { method: 'GET', url: `/api/jobs/${job.json().id}/data?page=1&size=10` })
    ).json();
    expect(data.items.map((r: { company: string }) => r.company)).toEqual([
      'ACME Corp.',
      'Globex Inc',
      'Initech LLC',
      'Acme',
      null,
      'Umbrella plc',
    ]);
    // another organization's pipeline cannot read it: the dataset is not found
    const theirs = (
      await t.as(other.token, {
        method: 'POST',
        url: '/api/pipelines',
        payload: { name: 'Theirs', target_schema: { type: 'object', properties: {} } },
      })
    ).json();
    const foreign = await t.as(other.token, {
      method: 'POST',
      url: `/api/pipelines/${theirs.id}/jobs`,
      payload: { dataset_id: run.dataset_id },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe('Dataset not found');

    // the joined data is itself an input of joins
    const inputs = (await t.as(u.token, { method: 'GET', url: '/api/join-inputs' })).json();
    expect(
      inputs.items.some((i: { kind: string; id: string }) => i.kind === 'join_run' && i.id === run.id),
    ).toBe(true);
    const list = (await t.as(u.token, { method: 'GET', url: '/api/joins' })).json();
    expect(list.items[0]).toMatchObject({ id: join.id, last_run: { id: run.id, status: 'succeeded' } });

    const node = (await t.as(u.token, { method: 'GET', url: `/api/joins/${join.id}/nodes/right` })).json();
    expect(node).toMatchObject({ side: 'right', row_count: 6 });
    expect(node.columns.find((c: { name: string }) => c.name === 'company_name')).toMatchObject({
      key: true,
    });
  });

  it('an exact inner join through the task; an exact key of different types is refused naming it', async () => {
    const join = (
      await create({
        name: 'by id',
        left: { kind: 'import', id: customers },
        right: { kind: 'import', id: suppliers },
        kind: 'inner',
        conditions: [{ left: 'company', right: 'company_name', method: 'exact', normalise: 'text' }],
      })
    ).json();
    const run = (await t.as(u.token, { method: 'POST', url: `/api/joins/${join.id}/runs` })).json();
    const done = await eventually(async () => {
      const r = (await t.as(u.token, { method: 'GET', url: `/api/join-runs/${run.id}` })).json();
      return r.status === 'succeeded' && r;
    });
    // only Globex/Initech? no: exact on normalised text — nothing is textually equal here
    expect(done.row_count).toBe(0);

    // left id is an integer column, right id is text
    const bad = await create({
      name: 'bad',
      left: { kind: 'import', id: customers },
      right: { kind: 'import', id: suppliers },
      conditions: [{ left: 'id', right: 'id', method: 'exact' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toMatchObject({ loc: ['body', 'conditions', 0], type: 'type_mismatch' });
    expect(bad.json().detail[0].msg).toMatch(/"id" holds integer values and "id" string values/);
  });

  it('bad input: unknown column, wrong types, missing fields, an empty dataset, other org ids', async () => {
    const base = {
      name: 'x',
      left: { kind: 'import', id: customers },
      right: { kind: 'import', id: suppliers },
    };
    const unknown = await create({ ...base, conditions: [{ left: 'nope', right: 'id', method: 'exact' }] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail[0]).toMatchObject({ loc: ['body', 'conditions', 0, 'left'] });
    expect(unknown.json().detail[0].msg).toContain('has no column "nope"');

    const wrongType = await create({ ...base, threshold: 'high' });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().detail[0].loc).toEqual(['body', 'threshold']);
    const missing = await create({ name: 'x', left: base.left });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail.map((d: { loc: string[] }) => d.loc.join('.'))).toContain('body.right');
    const badMethod = await create({ ...base, conditions: [{ left: 'id', right: 'id', method: 'soundex' }] });
    expect(badMethod.statusCode).toBe(422);

    const run = await create({
      ...base,
      right: { kind: 'import', id: empty },
      conditions: [{ left: 'company', right: 'company', method: 'jaro_winkler' }],
    });
    expect(run.statusCode).toBe(400);
    expect(run.json().detail).toMatch(/right input "empty.csv.*" is empty/);

    // another organization: its imports and joins are 404, whatever the body
    const foreignImport = await importCsv('theirs.csv', 'a\n1\n', other);
    const foreign = await create({ ...base, right: { kind: 'import', id: foreignImport } });
    expect(foreign.statusCode).toBe(404);
    const mine = (await create(base)).json();
    for (const req of [
      { method: 'GET', url: `/api/joins/${mine.id}` },
      { method: 'PATCH', url: `/api/joins/${mine.id}`, payload: { threshold: 'x' } },
      { method: 'POST', url: `/api/joins/${mine.id}/preview`, payload: {} },
      { method: 'GET', url: `/api/joins/${mine.id}/suggestions` },
      { method: 'POST', url: `/api/joins/${mine.id}/runs` },
      { method: 'DELETE', url: `/api/joins/${mine.id}` },
    ] as const)
      expect((await t.as(other.token, req)).statusCode, req.url).toBe(404);
    const unknownId = await t.as(u.token, {
      method: 'GET',
      url: '/api/join-runs/00000000-0000-4000-8000-000000000000',
    });
    expect(unknownId.statusCode).toBe(404);
  });

  it("exact joins of two CSV imports run natively (DuckDB) and give the engine's rows for every kind", async () => {
    const a = await importCsv('a.csv', 'k,x\n1,a1\n2,a2\n3,a3\n,anull\n2,a2b\n');
    const b = await importCsv('b.csv', 'k,y\n2,b2\n1,b1\n4,b4\n2,b2b\n,bnull\n');
    const rowsOf = async (id: string) =>
      (await t.as(u.token, { method: 'GET', url: `/api/imports/${id}/rows?size=100` }))
        .json()
        .items.map((r: { record: Record<string, unknown> }) => r.record);
    const [left, right] = [await rowsOf(a), await rowsOf(b)];
    for (const kind of ['inner', 'left', 'right', 'full', 'anti'] as const) {
      for (const matches of ['all', 'best'] as const) {
        const join = (
          await create({
            name: `${kind} ${matches}`,
            left: { kind: 'import', id: a },
            right: { kind: 'import', id: b },
            kind,
            matches,
            conditions: [{ left: 'k', right: 'k', method: 'exact' }],
          })
        ).json();
        const run = (await t.as(u.token, { method: 'POST', url: `/api/joins/${join.id}/runs` })).json();
        const done = await eventually(async () => {
          const r = (await t.as(u.token, { method: 'GET', url: `/api/join-runs/${run.id}` })).json();
          return ['succeeded', 'failed'].includes(r.status) && r;
        });
        expect(done.status, done.error).toBe('succeeded');
        const got = (await t.as(u.token, { method: 'GET', url: `/api/join-runs/${run.id}/rows?size=100` }))
          .json()
          .items.map((r: { record: Record<string, unknown> }) => [
            r.record.x ?? null,
            r.record.y ?? null,
            r.record._match,
          ]);
        const expected = joinRows(left, right, {
          kind,
          matches,
          conditions: [{ left: 'k', right: 'k', method: 'exact' }],
        }).rows.map((p) => [
          p.left === null ? null : left[p.left].x,
          p.right === null ? null : right[p.right].y,
          p.left !== null && p.right !== null ? 'both' : p.left !== null ? 'left_only' : 'right_only',
        ]);
        expect(got, `${kind} ${matches}`).toEqual(expected);
        expect(done.stats.matched_left, kind).toBe(3);
      }
    }
  }, 60_000);

  it("joins a job result's valid mapped records with an import", async () => {
    const schema = {
      type: 'object',
      properties: { company: { type: 'string' }, email: { type: 'string', format: 'email' } },
      required: ['company', 'email'],
    };
    const pipeline = (
      await t.as(u.token, {
        method: 'POST',
        url: '/api/pipelines',
        payload: { name: 'Leads', target_schema: schema },
      })
    ).json();
    const job = (
      await t.as(u.token, {
        method: 'POST',
        url: `/api/pipelines/${pipeline.id}/jobs`,
        payload: {
          data: [
            { company: 'Globex Corporation', email: 'a@globex.example' },
            { company: 'Initech', email: 'not an email' },
            { company: 'Hooli', email: 'c@hooli.example' },
          ],
        },
      })
    ).json();
    const result = (
      await t.as(u.token, { method: 'POST', url: `/api/jobs/${job.id}/run?immediate_return=false` })
    ).json();
    expect(result.succeeded).toBe(2);
    const inputs = (await t.as(u.token, { method: 'GET', url: '/api/join-inputs' })).json();
    expect(
      inputs.items.some((i: { kind: string; id: string }) => i.kind === 'result' && i.id === result.id),
    ).toBe(true);
    const join = (
      await create({
        name: 'leads × suppliers',
        left: { kind: 'result', id: result.id },
        right: { kind: 'import', id: suppliers },
        kind: 'left',
        conditions: [{ left: 'company', right: 'company_name', method: 'jaro_winkler' }],
      })
    ).json();
    const preview = (
      await t.as(u.token, { method: 'POST', url: `/api/joins/${join.id}/preview`, payload: {} })
    ).json();
    // the invalid record is not an input; Globex Corporation ~ Globex, Hooli = Hooli
    expect(preview.stats).toMatchObject({ left_rows: 2, matched_left: 2 });
    expect(preview.rows.map((r: Record<string, unknown>) => [r.company, r.company_name])).toEqual([
      ['Globex Corporation', 'Globex'],
      ['Hooli', 'Hooli'],
    ]);
    const foreign = await create(
      { name: 'x', left: { kind: 'result', id: result.id }, right: { kind: 'import', id: suppliers } },
      other,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('a run whose worker died mid-way runs again from the start and ends with the same rows', async () => {
    const join = (
      await create({
        name: 'durable',
        left: { kind: 'import', id: customers },
        right: { kind: 'import', id: suppliers },
        conditions: [{ left: 'company', right: 'company_name', method: 'jaro_winkler' }],
      })
    ).json();
    const started = (await t.as(u.token, { method: 'POST', url: `/api/joins/${join.id}/runs` })).json();
    const done = await eventually(async () => {
      const r = (await t.as(u.token, { method: 'GET', url: `/api/join-runs/${started.id}` })).json();
      return r.status === 'succeeded' && r;
    });
    const rowsOf = async () =>
      (await t.as(u.token, { method: 'GET', url: `/api/join-runs/${started.id}/rows?size=100` })).json()
        .items;
    const before = await rowsOf();
    // as if the worker had died before the run was marked finished: nothing points at its output
    await t.app.ctx.db
      .update(joinRuns)
      .set({ status: 'running', datasetId: null, rowCount: 0, stats: null })
      .where(eq(joinRuns.id, started.id));
    const [task] = await t.app.ctx.db.select().from(joinRuns).where(eq(joinRuns.id, started.id));
    const stop = new AbortController();
    const first = joinTask.handler({
      app: t.app.ctx,
      task: { id: task!.taskId } as never,
      payload: { runId: started.id },
      signal: stop.signal,
      progress: () => stop.abort(new Error('lease lost')),
    });
    await expect(first).rejects.toThrow('lease lost');
    expect((await t.as(u.token, { method: 'GET', url: `/api/join-runs/${started.id}` })).json().status).toBe(
      'running',
    );
    await joinTask.handler({
      app: t.app.ctx,
      task: { id: task!.taskId } as never,
      payload: { runId: started.id },
      signal: new AbortController().signal,
      progress: () => {},
    });
    const again = (await t.as(u.token, { method: 'GET', url: `/api/join-runs/${started.id}` })).json();
    expect(again).toMatchObject({ status: 'succeeded', row_count: done.row_count, stats: done.stats });
    expect(await rowsOf()).toEqual(before);
  });
});
