import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DATABASES, type TestApp, type TestUser } from './helper.ts';

const SCHEMA = {
  type: 'object',
  properties: { full_name: { type: 'string' }, email: { type: 'string' } },
  required: ['full_name'],
};
const records = [
  { name: 'Ada Lovelace', email_address: 'ada@example.com', city: 'London' },
  { name: 'Grace Hopper', email_address: 'grace@example.com', city: 'New York' },
];

describe.each(DATABASES)('workshops, deploy and mapper versions (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { worker: true });
    u = await createUser(t);
  });
  afterAll(() => t.close());
  const post = (url: string, payload: unknown = {}, user = u) =>
    t.as(user.token, { method: 'POST', url, payload: payload as object });
  const get = (url: string, user = u) => t.as(user.token, { method: 'GET', url });

  it('opens a workshop, edits the schema, deploys a version the next job uses, diffs and rolls back', async () => {
    const pipeline = (await post('/api/pipelines', { name: 'People', target_schema: SCHEMA })).json();
    expect((await post(`/api/pipelines/${pipeline.id}/workshops`)).json()).toEqual({
      detail: 'The pipeline has no jobs yet: create a job with sample records first',
    });
    const job = (await post(`/api/pipelines/${pipeline.id}/jobs`, { data: records })).json();
    const w = (await post(`/api/pipelines/${pipeline.id}/workshops`)).json();
    expect(w).toMatchObject({ job_id: job.id, status: 'created', undeployed_edits: 0 });
    const draft = (await get(`/api/workshops/${w.id}/draft`)).json();
    expect(draft.spec.fields.map((f: { target: string }) => f.target).sort()).toEqual(['email', 'full_name']);

    const withCity = { ...SCHEMA, properties: { ...SCHEMA.properties, city: { type: 'string' } } };
    const run = await post(`/api/workshops/${w.id}/target_schema/run`, {
      target_schema: withCity,
      immediate_return: false,
    });
    // every record validates, but the matcher is unsure of some suggestions: a person should look
    expect(run.json()).toMatchObject({ status: 'needs review', succeeded: 2, workshop_id: w.id });
    const mapped = (await get(`/api/results/${run.json().id}/mappings`)).json();
    expect(mapped.items[0].mapped_record).toEqual({
      full_name: 'Ada Lovelace',
      email: 'ada@example.com',
      city: 'London',
    });
    expect((await get(`/api/workshops/${w.id}`)).json()).toMatchObject({
      status: 'needs review',
      undeployed_edits: 1,
      latest_result_id: run.json().id,
    });

    const deployed = (await post(`/api/workshops/${w.id}/deploy`)).json();
    expect(deployed).toMatchObject({ version: 1, workshop: { status: 'deployed', undeployed_edits: 0 } });
    expect((await get(`/api/pipelines/${pipeline.id}`)).json()).toMatchObject({
      status: 'deployed',
      deployed_mapper_version: 1,
    });
    expect(
      (await get(`/api/pipelines/${pipeline.id}/target_schema`)).json().schema.properties,
    ).toHaveProperty('city');
    expect(Object.keys((await get(`/api/pipelines/${pipeline.id}/mapper`)).json().spec).sort()).toEqual([
      'city',
      'email',
      'full_name',
    ]);

    // a second deploy from a narrower schema: version 2
    const w2 = (await post(`/api/jobs/${job.id}/workshops`)).json();
    await post(`/api/workshops/${w2.id}/target_schema/run`, {
      target_schema: SCHEMA,
      immediate_return: false,
    });
    expect((await post(`/api/workshops/${w2.id}/deploy`)).json().version).toBe(2);

    const job2 = (
      await post(`/api/pipelines/${pipeline.id}/jobs`, {
        data: [{ name: 'Linus', email_address: 'l@example.com', city: 'Helsinki' }],
      })
    ).json();
    const r2 = (
      await t.as(u.token, { method: 'POST', url: `/api/jobs/${job2.id}/run?immediate_return=false` })
    ).json();
    expect(r2.mapper_version).toBe(2);
    expect((await get(`/api/results/${r2.id}/mappings`)).json().items[0].mapped_record).toEqual({
      full_name: 'Linus',
      email: 'l@example.com',
    });

    const usage = (await get(`/api/target_schemas/${pipeline.target_schema_id}/usage`)).json();
    expect(usage.pipelines).toEqual([
      expect.objectContaining({ id: pipeline.id, deployed_mapper_version: 2 }),
    ]);
    expect(usage.fields.find((f: { path: string }) => f.path === 'full_name').fed_by[0]).toMatchObject({
      pipeline_name: 'People',
      sources: ['name'],
    });
    const versions = (await get(`/api/pipelines/${pipeline.id}/mapper/versions`)).json();
    expect(versions.items.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const diff = (await get(`/api/pipelines/${pipeline.id}/mapper/diff?from=1&to=2`)).json();
    expect(diff.removed.map((f: { target: string }) => f.target)).toEqual(['city']);
    expect(
      (await post(`/api/pipelines/${pipeline.id}/mapper/rollback`, { version: 1 })).json()
        .deployed_mapper_version,
    ).toBe(1);
    const r3 = (
      await t.as(u.token, { method: 'POST', url: `/api/jobs/${job2.id}/run?immediate_return=false` })
    ).json();
    expect(r3.mapper_version).toBe(1);
    expect(
      (await post(`/api/pipelines/${pipeline.id}/mapper/rollback`, { version: 9 })).json().detail[0].loc,
    ).toEqual(['body', 'version']);
  });

  it('refuses an invalid schema edit with the field named, and hides workshops from other organizations', async () => {
    const pipeline = (await post('/api/pipelines', { name: 'X', target_schema: SCHEMA })).json();
    await post(`/api/pipelines/${pipeline.id}/jobs`, { data: records });
    const w = (await post(`/api/pipelines/${pipeline.id}/workshops`)).json();
    const bad = await post(`/api/workshops/${w.id}/target_schema/run`, {
      target_schema: { type: 'object', properties: { 'a.b': { type: 'string' } } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['body', 'target_schema', 'properties', 'a.b']);
    expect((await get(`/api/workshops/${w.id}`)).json().undeployed_edits).toBe(0);
    const other = await createUser(t);
    for (const url of [
      `/api/workshops/${w.id}`,
      `/api/workshops/${w.id}/draft`,
      `/api/workshops/${w.id}/results`,
    ]) {
      expect((await get(url, other)).statusCode).toBe(404);
    }
    expect((await post(`/api/workshops/${w.id}/deploy`, {}, other)).statusCode).toBe(404);
    expect((await post(`/api/pipelines/${pipeline.id}/workshops`, {}, other)).statusCode).toBe(404);
  });

  it("answers 404 for another organization's or an unknown pipeline's and job's workshop lists", async () => {
    const pipeline = (await post('/api/pipelines', { name: 'Lists', target_schema: SCHEMA })).json();
    const job = (await post(`/api/pipelines/${pipeline.id}/jobs`, { data: records })).json();
    await post(`/api/jobs/${job.id}/workshops`);
    expect((await get(`/api/pipelines/${pipeline.id}/workshops`)).json().total).toBe(1);
    expect((await get(`/api/jobs/${job.id}/workshops`)).json().total).toBe(1);
    const other = await createUser(t);
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const url of [
      `/api/pipelines/${pipeline.id}/workshops`,
      `/api/jobs/${job.id}/workshops`,
      `/api/pipelines/${unknown}/workshops`,
      `/api/jobs/${unknown}/workshops`,
    ]) {
      const res = await get(url, other);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().detail).toMatch(/not found/);
    }
  });

  it('reads the target schema a workshop runs against; hidden from other organizations', async () => {
    const pipeline = (await post('/api/pipelines', { name: 'Schema', target_schema: SCHEMA })).json();
    const job = (await post(`/api/pipelines/${pipeline.id}/jobs`, { data: records })).json();
    const w = (await post(`/api/jobs/${job.id}/workshops`)).json();
    expect((await get(`/api/workshops/${w.id}/target_schema`)).json()).toEqual(
      (await get(`/api/jobs/${job.id}/target_schema`)).json(),
    );
    const withCity = { ...SCHEMA, properties: { ...SCHEMA.properties, city: { type: 'string' } } };
    await post(`/api/workshops/${w.id}/target_schema/run`, {
      target_schema: withCity,
      immediate_return: false,
    });
    expect((await get(`/api/workshops/${w.id}/target_schema`)).json().properties).toHaveProperty('city');
    expect((await get(`/api/workshops/${w.id}/target_schema`, await createUser(t))).statusCode).toBe(404);
  });

  it("answers 404 before 422: a bad body on another organization's id does not reach validation", async () => {
    const pipeline = (await post('/api/pipelines', { name: 'Mine', target_schema: SCHEMA })).json();
    const job = (await post(`/api/pipelines/${pipeline.id}/jobs`, { data: records })).json();
    const w = (await post(`/api/jobs/${job.id}/workshops`)).json();
    const result = (await post(`/api/jobs/${job.id}/run?immediate_return=false`)).json();
    const other = await createUser(t);
    const bad = { name: 42, version: 'x', data: 'no', mapper: 'no', sample: 1, target_schema: 3 };
    const writes: [string, string][] = [
      ['PUT', `/api/pipelines/${pipeline.id}`],
      ['POST', `/api/pipelines/${pipeline.id}/mapper/rollback`],
      ['POST', `/api/pipelines/${pipeline.id}/jobs`],
      ['POST', `/api/pipelines/${pipeline.id}/dry_run`],
      ['POST', `/api/results/${result.id}/fixes/replace`],
      ['PATCH', `/api/results/${result.id}/records/0`],
      ['POST', `/api/workshops/${w.id}/target_schema/run`],
      ['POST', `/api/workshops/${w.id}/mapper/run`],
      ['POST', `/api/workshops/${w.id}/sample/run`],
      ['POST', `/api/workshops/${w.id}/prompt/run`],
    ];
    for (const [method, url] of writes) {
      const theirs = await t.as(other.token, { method: method as 'POST', url, payload: bad });
      expect(theirs.statusCode, `${method} ${url}`).toBe(404);
      // the owner still gets the 422 naming the field
      const mine = await t.as(u.token, { method: method as 'POST', url, payload: bad });
      expect(mine.statusCode, `${method} ${url}`).toBe(422);
      expect(mine.json().detail[0].loc[0]).toBe('body');
    }
    // a malformed id is still the params schema's 422, naming it
    const malformed = await t.as(other.token, { method: 'PUT', url: '/api/pipelines/nope', payload: bad });
    expect(malformed.json().detail[0].loc).toEqual(['path', 'id']);
  });
});
