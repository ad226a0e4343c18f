import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DATABASES, eventually, type TestApp, type TestUser } from './helper.ts';

const CONTACTS = {
  type: 'object',
  properties: {
    full_name: { type: 'string' },
    email: { type: 'string', format: 'email' },
    amount: { type: 'number' },
    signup_date: { type: 'string', format: 'date' },
  },
  required: ['full_name', 'email', 'amount'],
};

const record = (i: number) => ({
  name: `Person ${i}`,
  email_address: i % 50 === 0 ? 'not-an-email' : `p${i}@example.com`,
  total: `$${i},000.50`,
  joined: `03/${String((i % 28) + 1).padStart(2, '0')}/2024`,
});

describe.each(DATABASES)('pipelines, jobs and results (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { worker: true });
    u = await createUser(t);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, user = u) =>
    t.as(user.token, { method: 'POST', url, payload: payload as object });
  const get = (url: string, user = u) => t.as(user.token, { method: 'GET', url });

  it('runs the loop: schema → pipeline → job → proposed mapper → mapped, validated records with errors kept', async () => {
    const pipeline = (await post('/api/pipelines', { name: 'Contacts', target_schema: CONTACTS })).json();
    expect(pipeline).toMatchObject({ name: 'Contacts', status: 'draft', deployed_mapper_version: null });
    const job = (
      await post(`/api/pipelines/${pipeline.id}/jobs`, {
        data: Array.from({ length: 120 }, (_, i) => record(i)),
      })
    ).json();
    expect(job).toMatchObject({ record_count: 120, status: 'created', input_kind: 'inline' });
    expect(
      (await get(`/api/pipelines/${pipeline.id}`)).json().source_schema.map((f: { path: string }) => f.path),
    ).toContain('email_address');

    const queued = await t.as(u.token, {
      method: 'POST',
      url: `/api/jobs/${job.id}/run?immediate_return=true`,
    });
    expect(queued.json().status).toMatch(/queued|running/);
    const result = await eventually(async () => {
      const r = (await get(`/api/results/${queued.json().id}`)).json();
      return !['queued', 'running'].includes(r.status) && r;
    });
    expect(result).toMatchObject({
      status: 'needs review',
      total: 120,
      processed: 120,
      failed: 3,
      succeeded: 117,
    });

    const spec = (await get(`/api/results/${result.id}/spec`)).json();
    expect(spec.full_name['@sources']).toEqual(['name']);
    expect(spec.email['@sources']).toEqual(['email_address']);
    expect(spec.amount['@sources']).toEqual(['total']);

    const page = (await get(`/api/results/${result.id}/mappings?page=1&size=2`)).json();
    expect(page.total).toBe(120);
    expect(page.items[1]).toMatchObject({
      index: 1,
      source_record: record(1),
      mapped_record: {
        full_name: 'Person 1',
        email: 'p1@example.com',
        amount: 1000.5,
        signup_date: '2024-03-02',
      },
      message: 'success',
    });
    const errors = (await get(`/api/results/${result.id}/mappings?only_errors=true`)).json();
    expect(errors.total).toBe(3);
    expect(errors.items[0].index).toBe(0);
    expect(errors.items[0].message.record_errors.email.error_type).toBeDefined();
    // the result read on its own groups the run's errors by type: the three failed records
    const grouped = Object.values(
      result.global_errors.error_types as Record<
        string,
        { error_indices: number[]; error_fields: string[] }[]
      >,
    ).flat();
    expect(grouped.flatMap((g) => g.error_indices).sort((a, b) => a - b)).toEqual(
      errors.items.map((m: { index: number }) => m.index),
    );
    expect(grouped.every((g) => g.error_fields.includes('email'))).toBe(true);

    const conf = (await post(`/api/results/${result.id}/confidence`, {})).json().confidence;
    expect(conf.fields.email.score).toBeLessThan(spec.email.confidence?.score ?? 1);
    const manifest = (await get(`/api/results/${result.id}/manifest`)).json();
    expect(
      manifest.items.find((m: { property: { name: string } }) => m.property.name === 'amount').dependencies,
    ).toEqual(['total']);
    expect((await get(`/api/jobs/${job.id}`)).json()).toMatchObject({
      status: 'needs review',
      latest_result_id: result.id,
    });
  });

  it('waits for the run when immediate_return=false, and maps 100k records', async () => {
    const pipeline = (await post('/api/pipelines', { name: 'Big', target_schema: CONTACTS })).json();
    const data = Array.from({ length: 100_000 }, (_, i) => record(i + 1));
    const job = await post(`/api/pipelines/${pipeline.id}/jobs`, { data });
    expect(job.statusCode).toBe(201);
    const res = (
      await t.as(u.token, { method: 'POST', url: `/api/jobs/${job.json().id}/run?immediate_return=false` })
    ).json();
    expect(res).toMatchObject({ status: 'needs review', processed: 100_000, failed: 2000 });
    const last = (await get(`/api/results/${res.id}/mappings?page=2000&size=50`)).json();
    expect(last.items.at(-1)).toMatchObject({ index: 99_999, source_record: record(100_000) });
    // failures are every 50th record, across many stored chunks: each comes with its own source
    const failures = (await get(`/api/results/${res.id}/mappings?only_errors=true&page=3&size=50`)).json();
    expect(failures.total).toBe(2000);
    expect(failures.items.map((m: { index: number }) => m.index)).toEqual(
      Array.from({ length: 50 }, (_, k) => (101 + k) * 50 - 1),
    );
    for (const m of failures.items) expect(m.source_record).toEqual(record(m.index + 1));
  }, 120_000);

  it('filters pipelines by name, id and status, and validates bodies with the field named', async () => {
    const a = (await post('/api/pipelines', { name: 'Invoices EU', target_schema: CONTACTS })).json();
    expect((await get('/api/pipelines?name=invoices')).json().items.map((p: { id: string }) => p.id)).toEqual(
      [a.id],
    );
    expect(
      (await get(`/api/pipelines?id=${a.id.slice(0, 6)}`)).json().items.map((p: { id: string }) => p.id),
    ).toEqual([a.id]);
    expect(
      (await get('/api/pipelines?status=deployed'))
        .json()
        .items.every((p: { status: string }) => p.status === 'deployed'),
    ).toBe(true);
    const bad = await post('/api/pipelines', { name: '', target_schema: 42 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail.map((d: { loc: string[] }) => d.loc.join('.'))).toEqual(
      expect.arrayContaining(['body.name', 'body.target_schema']),
    );
    const noData = await post(`/api/pipelines/${a.id}/jobs`, { data: [] });
    expect(noData.json().detail[0]).toMatchObject({ loc: ['body', 'data'] });
    const notRecords = await post(`/api/pipelines/${a.id}/jobs`, { data: [1, 2] });
    expect(notRecords.statusCode).toBe(422);
  });

  it("answers 404 for another organization's pipelines, jobs and results", async () => {
    const pipeline = (await post('/api/pipelines', { name: 'Mine', target_schema: CONTACTS })).json();
    const job = (await post(`/api/pipelines/${pipeline.id}/jobs`, { data: [record(1)] })).json();
    const result = (
      await t.as(u.token, { method: 'POST', url: `/api/jobs/${job.id}/run?immediate_return=false` })
    ).json();
    const other = await createUser(t);
    for (const url of [
      `/api/pipelines/${pipeline.id}`,
      `/api/pipelines/${pipeline.id}/jobs`,
      `/api/pipelines/${pipeline.id}/target_schema`,
      `/api/jobs/${job.id}`,
      `/api/jobs/${job.id}/data`,
      `/api/jobs/${job.id}/results`,
      `/api/results/${result.id}`,
      `/api/results/${result.id}/mappings`,
      `/api/results/${result.id}/spec`,
    ]) {
      expect((await get(url, other)).statusCode, url).toBe(404);
    }
    expect((await post(`/api/jobs/${job.id}/run`, {}, other)).statusCode).toBe(404);
    expect((await post(`/api/pipelines/${pipeline.id}/jobs`, { data: [record(1)] }, other)).statusCode).toBe(
      404,
    );
    expect((await get('/api/jobs', other)).json().total).toBe(0);
  });
});
