import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DATABASES, type TestApp, type TestUser } from './helper.ts';

const SCHEMA = {
  type: 'object',
  properties: {
    full_name: { type: 'string' },
    amount: { type: 'number' },
    paid_on: { type: 'string', format: 'date' },
    country: { type: 'string' },
  },
  required: ['full_name'],
};
const records = [
  { first: 'Ada', last: 'Lovelace', total: '$1,234.50', when: '03/04/2024', cc: 'uk' },
  { first: 'Grace', last: 'Hopper', total: '$10.00', when: '12/31/2023', cc: 'us' },
];

describe.each(DATABASES)('workshop mapper and sample edits, learning (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  let other: TestUser;
  let workshopId: string;
  let pipelineId: string;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { worker: true });
    u = await createUser(t);
    other = await createUser(t);
    const pipeline = (await post('/api/pipelines', { name: 'Payments', target_schema: SCHEMA })).json();
    pipelineId = pipeline.id;
    await post(`/api/pipelines/${pipelineId}/jobs`, { data: records });
    workshopId = (await post(`/api/pipelines/${pipelineId}/workshops`)).json().id;
  });
  afterAll(() => t.close());
  const post = (url: string, payload: unknown = {}, user = u) =>
    t.as(user.token, { method: 'POST', url, payload: payload as object });
  const get = (url: string, user = u) => t.as(user.token, { method: 'GET', url });
  const mapped = async (resultId: string) =>
    (await get(`/api/results/${resultId}/mappings`))
      .json()
      .items.map((m: { mapped_record: unknown }) => m.mapped_record);

  it('a mapper edit sets a source path with a fitting transform, and a default', async () => {
    const run = await post(`/api/workshops/${workshopId}/mapper/run`, {
      mapper: [
        { targetField: 'paid_on', transformation: { extract: 'when' } },
        { targetField: 'country', transformation: { default: 'GB' } },
      ],
      immediate_return: false,
    });
    expect(run.statusCode).toBe(200);
    const out = await mapped(run.json().id);
    expect(out[1]).toMatchObject({ paid_on: '2023-12-31', country: 'GB' });
    const draft = (await get(`/api/workshops/${workshopId}/draft`)).json();
    const paid = draft.spec.fields.find((f: { target: string }) => f.target === 'paid_on');
    expect(paid).toMatchObject({ sources: ['when'], status: 'edited', confidence: 1 });
  });

  it('rejects mapper edits naming an unknown field or a bad path, changing nothing', async () => {
    const before = (await get(`/api/workshops/${workshopId}`)).json();
    const bad = await post(`/api/workshops/${workshopId}/mapper/run`, {
      mapper: [{ targetField: 'nope', transformation: { extract: 'first' } }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toMatchObject({
      loc: ['body', 'mapper', 0, 'targetField'],
      msg: '"nope" is not a field of the target schema',
    });
    const proto = await post(`/api/workshops/${workshopId}/mapper/run`, {
      mapper: [{ targetField: 'amount', transformation: { extract: '__proto__.x' } }],
    });
    expect(proto.statusCode).toBe(422);
    expect(proto.json().detail[0].loc).toEqual(['body', 'mapper', 0, 'transformation', 'extract']);
    const missing = await post(`/api/workshops/${workshopId}/mapper/run`, { mapper: [] });
    expect(missing.statusCode).toBe(422);
    expect((await get(`/api/workshops/${workshopId}`)).json().undeployed_edits).toBe(before.undeployed_edits);
  });

  it('previews a sample edit without changing anything, then applies it to every record', async () => {
    const sample = { index: 0, mapped_record: { full_name: 'Ada Lovelace', amount: 1234.5, country: 'UK' } };
    const before = (await get(`/api/workshops/${workshopId}/draft`)).json();
    const preview = await post(`/api/workshops/${workshopId}/sample/infer`, { sample });
    expect(preview.statusCode).toBe(200);
    const changed = preview.json().changes.map((c: { target: string; how: string }) => [c.target, c.how]);
    // full_name is already first + last in the suggestion; the edit teaches where country comes from
    expect(changed).toEqual(expect.arrayContaining([['country', 'source']]));
    expect(changed.map(([target]: string[]) => target)).not.toContain('full_name');
    expect((await get(`/api/workshops/${workshopId}/draft`)).json()).toEqual(before);

    const run = await post(`/api/workshops/${workshopId}/sample/run`, { sample, immediate_return: false });
    expect(run.statusCode).toBe(200);
    expect(run.json().inferred.changes.length).toBe(preview.json().changes.length);
    const out = await mapped(run.json().id);
    // the other record follows the inferred rules
    expect(out[1]).toMatchObject({ full_name: 'Grace Hopper', amount: 10, country: 'US' });
  });

  it('refuses a sample index beyond the job, and other organizations get 404', async () => {
    const res = await post(`/api/workshops/${workshopId}/sample/infer`, {
      sample: { index: 99, mapped_record: {} },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['body', 'sample', 'index']);
    const foreign = await post(
      `/api/workshops/${workshopId}/mapper/run`,
      { mapper: [{ targetField: 'country', transformation: { default: 'X' } }] },
      other,
    );
    expect(foreign.statusCode).toBe(404);
    expect((await post(`/api/pipelines/${pipelineId}/learn`, {}, other)).statusCode).toBe(404);
  });

  it('learns from the deployed mapper so a new pipeline gets the same suggestion', async () => {
    expect((await post(`/api/pipelines/${pipelineId}/learn`, {})).statusCode).toBe(409);
    // auto_deploy: a run whose records all validate becomes the deployed version
    const auto = await post(`/api/workshops/${workshopId}/mapper/run`, {
      mapper: [{ targetField: 'paid_on', transformation: { extract: 'when' } }],
      auto_deploy: true,
    });
    expect(auto.json()).toMatchObject({ failed: 0 });
    expect((await get(`/api/pipelines/${pipelineId}`)).json()).toMatchObject({ deployed_mapper_version: 1 });
    const learned = await post(`/api/pipelines/${pipelineId}/learn`, { target_field_names: ['country'] });
    expect(learned.json()).toEqual({ learned_mappings: 1, learned_lookups: 0 });
    // `cc` → country came from the sample edit; the matcher alone leaves country unmapped
    const next = (await post('/api/pipelines', { name: 'Later', target_schema: SCHEMA })).json();
    const job = (await post(`/api/pipelines/${next.id}/jobs`, { data: records })).json();
    const w = (await post(`/api/jobs/${job.id}/workshops`)).json();
    const draft = (await get(`/api/workshops/${w.id}/draft`)).json();
    expect(draft.spec.fields.find((f: { target: string }) => f.target === 'paid_on')?.sources).toEqual([
      'when',
    ]);
  });
  it('approves draft fields without a re-run, takes it back, and names unknown fields', async () => {
    const w = (await post(`/api/pipelines/${pipelineId}/workshops`)).json();
    const results = async () => (await get(`/api/workshops/${w.id}/results`)).json().total;
    const runsBefore = await results();
    const ok = await post(`/api/workshops/${w.id}/approve`, { fields: ['full_name', 'amount'] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().fields.map((f: { target: string; status: string }) => [f.target, f.status])).toEqual([
      ['full_name', 'approved'],
      ['amount', 'approved'],
    ]);
    expect(ok.json().workshop.undeployed_edits).toBe(1);
    const draft = (await get(`/api/workshops/${w.id}/draft`)).json();
    const status = (t: string) =>
      draft.spec.fields.find((f: { target: string }) => f.target === t)?.status ?? 'suggested';
    expect([status('full_name'), status('amount')]).toEqual(['approved', 'approved']);
    expect(await results()).toBe(runsBefore);

    // approving again changes nothing and is not counted
    const again = await post(`/api/workshops/${w.id}/approve`, { fields: ['full_name'] });
    expect(again.json()).toMatchObject({ fields: [], workshop: { undeployed_edits: 1 } });
    const back = await post(`/api/workshops/${w.id}/approve`, { fields: ['amount'], approved: false });
    expect(back.json().fields).toMatchObject([{ target: 'amount', status: 'suggested' }]);

    const bad = await post(`/api/workshops/${w.id}/approve`, { fields: ['full_name', 'nope', 'nada'] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toEqual({
      loc: ['body', 'fields', 1],
      msg: '"nope", "nada" are not fields of the draft mapping',
      type: 'value_error',
    });
    expect((await post(`/api/workshops/${w.id}/approve`, { fields: [] })).statusCode).toBe(422);
    expect((await post(`/api/workshops/${w.id}/approve`, { fields: ['full_name'] }, other)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/workshops/${w.id}`)).json().undeployed_edits).toBe(2);
  });

  it('a mapper edit can pick a transform and map values through a lookup table', async () => {
    const w = (await post(`/api/pipelines/${pipelineId}/workshops`)).json();
    const run = await post(`/api/workshops/${w.id}/mapper/run`, {
      mapper: [
        {
          targetField: 'country',
          transformation: { extract: 'cc', transform: 'upper', lookup: { UK: 'GB' } },
        },
      ],
      immediate_return: false,
    });
    expect(run.statusCode).toBe(200);
    expect((await mapped(run.json().id)).map((r: { country?: string }) => r.country)).toEqual(['GB', 'US']);
    const lookupWithoutPath = await post(`/api/workshops/${w.id}/mapper/run`, {
      mapper: [{ targetField: 'country', transformation: { default: 'GB', lookup: { a: 'b' } } }],
    });
    expect(lookupWithoutPath.statusCode).toBe(422);
    expect(lookupWithoutPath.json().detail[0].loc).toEqual(['body', 'mapper', 0, 'transformation', 'lookup']);
  });
  it('shows the draft as the generated transformation, to its own organization only', async () => {
    const res = await get(`/api/workshops/${workshopId}/transformation`);
    expect(res.statusCode).toBe(200);
    expect(res.json().jsonata).toContain('full_name');
    expect(res.json().spec.full_name['@sources'].length).toBeGreaterThan(0);
    expect((await get(`/api/workshops/${workshopId}/transformation`, other)).statusCode).toBe(404);
  });
});

describe.each(DATABASES)('rejecting suggestions (%s)', (kind) => {
  const EMPLOYEES = {
    type: 'object',
    properties: {
      first_name: { type: 'string' },
      last_name: { type: 'string' },
      employment_type: { type: 'string', enum: ['FULL_TIME', 'PART_TIME'] },
    },
    required: ['last_name'],
  };
  const staff = Array.from({ length: 6 }, (_, i) => ({
    'Full Name': ['Lovelace, Ada', 'Hopper, Grace', 'Turing, Alan'][i % 3],
    'Emp Type': i % 2 ? 'F' : 'P',
  }));
  let t: TestApp;
  let u: TestUser;
  let other: TestUser;
  let pipelineId: string;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { worker: true });
    u = await createUser(t);
    other = await createUser(t);
    pipelineId = (await post('/api/pipelines', { name: 'Staff', target_schema: EMPLOYEES })).json().id;
    await post(`/api/pipelines/${pipelineId}/jobs`, { data: staff });
  });
  afterAll(() => t.close());
  const post = (url: string, payload: unknown = {}, user = u) =>
    t.as(user.token, { method: 'POST', url, payload: payload as object });
  const get = (url: string, user = u) => t.as(user.token, { method: 'GET', url });
  type TField = { target: string; sources: string[]; status?: string; omitNull?: boolean; reason: string };
  const draftField = async (id: string, target: string) =>
    ((await get(`/api/workshops/${id}/draft`)).json().spec.fields as TField[]).find(
      (f) => f.target === target,
    );

  it('a rejected field gets no source, is left out where null is not allowed, and the records stay valid', async () => {
    const w = (await post(`/api/pipelines/${pipelineId}/workshops`)).json();
    const suggested = await draftField(w.id, 'employment_type');
    expect(suggested).toMatchObject({ sources: ['Emp Type'], status: 'suggested' });
    const run = await post(`/api/workshops/${w.id}/reject`, {
      fields: ['employment_type', 'first_name'],
      immediate_return: false,
    });
    expect(run.statusCode).toBe(200);
    expect(run.json().status).toBe('finished');
    const rejected = await draftField(w.id, 'employment_type');
    expect(rejected).toMatchObject({ sources: [], status: 'edited', omitNull: true, default: null });
    expect(rejected?.reason).toBe(
      'Rejected by hand: the suggestion from Emp Type no longer feeds this field.',
    );
    const rows = (await get(`/api/results/${run.json().id}/mappings`)).json().items as {
      mapped_record: Record<string, unknown>;
      message: unknown;
    }[];
    expect(rows[0]?.mapped_record).toEqual({ last_name: 'Lovelace' });
    expect(rows.every((r) => r.message === 'success')).toBe(true);
    // the other suggestion is untouched; the reject counts as one edit
    expect(await draftField(w.id, 'last_name')).toMatchObject({
      sources: ['Full Name'],
      status: 'suggested',
    });
    expect((await get(`/api/workshops/${w.id}`)).json().undeployed_edits).toBe(1);
  });

  it('names unknown fields, and a workshop of another organization is not found', async () => {
    const w = (await post(`/api/pipelines/${pipelineId}/workshops`)).json();
    const bad = await post(`/api/workshops/${w.id}/reject`, { fields: ['last_name', 'nope'] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toMatchObject({
      loc: ['body', 'fields', 1],
      msg: '"nope" is not a field of the draft mapping',
    });
    expect((await post(`/api/workshops/${w.id}/reject`, { fields: [] })).statusCode).toBe(422);
    expect((await post(`/api/workshops/${w.id}/reject`, { fields: ['last_name'] }, other)).statusCode).toBe(
      404,
    );
    expect((await draftField(w.id, 'last_name'))?.status).toBe('suggested');
  });
});
