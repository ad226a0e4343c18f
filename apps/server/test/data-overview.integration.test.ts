import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { results } from '../src/db/schema.ts';
import {
  createTestApp,
  createUser,
  DATABASES,
  eventually,
  multipart,
  type TestApp,
  type TestUser,
} from './helper.ts';

const SCHEMA = {
  type: 'object',
  properties: { name: { type: 'string' }, email: { type: 'string' } },
  required: ['name'],
};

describe.each(DATABASES)('data overview (%s)', (kind) => {
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

  it('lists every dataset with kind, size, rows, schema, lineage and a paged preview', async () => {
    const pipeline = (await post('/api/pipelines', { name: 'People', target_schema: SCHEMA })).json();
    const job = (
      await post(`/api/pipelines/${pipeline.id}/jobs`, {
        data: Array.from({ length: 30 }, (_, i) => ({ name: `P${i}`, email: `p${i}@x.org` })),
      })
    ).json();
    const queued = (await post(`/api/jobs/${job.id}/run?immediate_return=true`, undefined)).json();
    await eventually(async () => {
      const r = (await get(`/api/results/${queued.id}`)).json();
      return !['queued', 'running'].includes(r.status) && r;
    });

    const list = (await get('/api/datasets')).json();
    expect(list.total).toBe(2);
    expect(list.kinds.map((k: { kind: string }) => k.kind).sort()).toEqual(['job-input', 'result']);
    const input = list.items.find((d: { kind: string }) => d.kind === 'job-input');
    const result = list.items.find((d: { kind: string }) => d.kind === 'result');
    expect(input).toMatchObject({ name: 'People · job input', row_count: 30, layout: 'records' });
    expect(input.size_bytes).toBeGreaterThan(0);
    expect(input.read_by).toEqual([
      expect.objectContaining({ type: 'pipeline', id: pipeline.id, name: 'People' }),
    ]);
    expect(input.written_by).toEqual([expect.objectContaining({ type: 'job', id: job.id })]);
    expect(result).toMatchObject({ name: 'People · result', row_count: 30 });
    expect(result.written_by).toEqual([expect.objectContaining({ type: 'pipeline', id: pipeline.id })]);
    expect(result.columns.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['index', 'valid', 'mapped_record', 'message']),
    );
    // what a reader sees are the mapped records' fields (the target schema's), not how they are stored
    const mapped = [
      { name: 'name', type: 'string' },
      { name: 'email', type: 'string' },
    ];
    expect(result.fields).toEqual(mapped);
    expect((await get(`/api/datasets/${result.id}`)).json().fields).toEqual(mapped);

    const onlyResults = (await get('/api/datasets?kind=result')).json();
    expect(onlyResults.items.map((d: { id: string }) => d.id)).toEqual([result.id]);

    const page2 = (await get(`/api/datasets/${input.id}/rows?page=2&size=10`)).json();
    expect(page2).toMatchObject({ total: 30, page: 2, pages: 3 });
    expect(page2.items[0]).toMatchObject({ index: 10, record: { name: 'P10', email: 'p10@x.org' } });
    const resultRows = (await get(`/api/datasets/${result.id}/rows?page=1&size=2`)).json();
    expect(resultRows.items).toHaveLength(2);
    expect(JSON.stringify(resultRows.items[0].record)).toContain('P0');

    expect((await get(`/api/datasets/${result.id}`)).json().id).toBe(result.id);
  });

  it('shows an import as a dataset written by the import and read by the pipelines that use it', async () => {
    const file = (
      await t.as(u.token, {
        method: 'POST',
        url: '/api/files',
        ...multipart('people.csv', 'name,email\nAda,ada@x.org\nBob,bob@x.org\n'),
      })
    ).json();
    const imp = (await post('/api/imports', { file_id: file.id })).json();
    await eventually(async () => (await get(`/api/imports/${imp.id}`)).json().status === 'succeeded');
    const pipeline = (await post('/api/pipelines', { name: 'From CSV', target_schema: SCHEMA })).json();
    expect((await post(`/api/pipelines/${pipeline.id}/jobs`, { import_id: imp.id })).statusCode).toBe(201);

    const imported = (await get('/api/datasets?kind=import')).json().items;
    expect(imported).toHaveLength(1);
    expect(imported[0]).toMatchObject({ name: 'people.csv (v1)', row_count: 2 });
    expect(imported[0].columns.map((c: { name: string }) => c.name)).toEqual(['name', 'email']);
    // a CSV's fields are its columns
    expect(imported[0].fields.map((c: { name: string }) => c.name)).toEqual(['name', 'email']);
    expect(imported[0].written_by).toEqual([expect.objectContaining({ type: 'import', id: imp.id })]);
    expect(imported[0].read_by).toEqual([expect.objectContaining({ type: 'pipeline', id: pipeline.id })]);
    const rows = (await get(`/api/datasets/${imported[0].id}/rows`)).json();
    expect(rows.items.map((r: { record: unknown }) => r.record)).toEqual([
      { name: 'Ada', email: 'ada@x.org' },
      { name: 'Bob', email: 'bob@x.org' },
    ]);
  });

  it('names the fields a records dataset holds, not its storage columns (line, record)', async () => {
    const other = await createUser(t);
    const pipeline = (await post('/api/pipelines', { name: 'Mixed', target_schema: SCHEMA }, other)).json();
    const data = [
      { id: 1, name: 'Ada', score: null },
      { id: 2, name: 'Bob', score: 2.5, tags: ['x'] },
      { id: 3, address: { city: 'Lyon' }, active: true },
    ];
    expect((await post(`/api/pipelines/${pipeline.id}/jobs`, { data }, other)).statusCode).toBe(201);
    const [input] = (await get('/api/datasets?kind=job-input', other)).json().items;
    expect(input.layout).toBe('records');
    const fields = [
      { name: 'id', type: 'integer' },
      { name: 'name', type: 'string' },
      { name: 'score', type: 'number' },
      { name: 'tags', type: 'array' },
      { name: 'address', type: 'object' },
      { name: 'active', type: 'boolean' },
    ];
    expect(input.fields).toEqual(fields);
    expect((await get(`/api/datasets/${input.id}`, other)).json().fields).toEqual(fields);
  });

  it('names a result’s fields from its mapped records when its target schema does not list them', async () => {
    const other = await createUser(t);
    const pipeline = (await post('/api/pipelines', { name: 'Loose', target_schema: SCHEMA }, other)).json();
    const job = (await post(`/api/pipelines/${pipeline.id}/jobs`, { data: [{ name: 'Ada' }] }, other)).json();
    const queued = (await post(`/api/jobs/${job.id}/run?immediate_return=true`, undefined, other)).json();
    await eventually(async () => {
      const r = (await get(`/api/results/${queued.id}`, other)).json();
      return !['queued', 'running'].includes(r.status) && r;
    });
    // a run's schema without top-level properties (older rows, composed schemas) names no fields
    await t.database.db
      .update(results)
      .set({ targetSchema: { type: 'object' } })
      .where(eq(results.id, queued.id));
    const [result] = (await get('/api/datasets?kind=result', other)).json().items;
    expect(result.fields).toEqual([{ name: 'name', type: 'string' }]);
  });

  it('keeps other organizations out and refuses bad input', async () => {
    const list = (await get('/api/datasets')).json();
    const other = await createUser(t);
    expect((await get('/api/datasets', other)).json().total).toBe(0);
    const id = list.items[0].id;
    expect((await get(`/api/datasets/${id}`, other)).statusCode).toBe(404);
    expect((await get(`/api/datasets/${id}/rows`, other)).statusCode).toBe(404);
    const bad = await get(`/api/datasets/${id}/rows?size=1000`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toContain('size');
    expect((await get('/api/datasets/not-a-uuid')).statusCode).toBe(422);
  });
});
