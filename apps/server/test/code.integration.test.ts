import jsonata from 'jsonata';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DATABASES, type TestApp, type TestUser } from './helper.ts';

const SCHEMA = {
  type: 'object',
  properties: {
    full_name: { type: 'string' },
    email: { type: 'string' },
    amount: { type: 'number' },
    born: { type: 'string' },
    lines: {
      type: 'array',
      items: { type: 'object', properties: { sku: { type: 'string' }, quantity: { type: 'integer' } } },
    },
  },
  required: ['full_name'],
};
const DATA = [
  {
    first: 'Ada',
    last: 'Lovelace',
    email_address: 'ada@example.com',
    amount: '$1,234.50',
    birthday: '12/10/1815',
    items: [
      { sku: 'AB-1', quantity: '2' },
      { sku: 'CD-2', quantity: '1' },
    ],
  },
  {
    first: 'Grace',
    last: 'Hopper',
    email_address: null,
    amount: '(12.00)',
    birthday: '12/09/1906',
    items: [],
  },
  { first: 'Alan', amount: 7, birthday: 'soon' },
];

/** The downloaded module as a user runs it: transpiled by TypeScript, evaluated as CommonJS. */
function loadTypeScript(code: string): { mapRecords(records: unknown[]): unknown } {
  const js = ts.transpileModule(code, {
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2020,
      esModuleInterop: true,
    },
  }).outputText;
  const module = { exports: {} as Record<string, unknown> };
  const require = (id: string) => {
    if (id === 'jsonata') return jsonata;
    throw new Error(`the generated code imports ${id}`);
  };
  new Function('module', 'exports', 'require', js)(module, module.exports, require);
  return module.exports as unknown as { mapRecords(records: unknown[]): unknown };
}

describe.each(DATABASES)('mapper as code (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { worker: true });
    u = await createUser(t);
    other = await createUser(t);
  });
  afterAll(() => t.close());
  const post = (url: string, payload: unknown = {}) =>
    t.as(u.token, { method: 'POST', url, payload: payload as object });
  const get = (url: string, user = u) => t.as(user.token, { method: 'GET', url });

  it('downloads the deployed mapper as TypeScript and JSONata that both reproduce its results', async () => {
    const pipeline = (
      await post('/api/pipelines', { name: 'Customer orders', target_schema: SCHEMA })
    ).json();
    const code = (query: string, user = u) => get(`/api/pipelines/${pipeline.id}/mapper/code${query}`, user);

    const before = await code('?format=typescript');
    expect(before.statusCode).toBe(409);
    expect(before.json().detail).toMatch(/No mapper has been deployed for this pipeline yet/);

    await post(`/api/pipelines/${pipeline.id}/jobs`, { data: DATA });
    const w = (await post(`/api/pipelines/${pipeline.id}/workshops`)).json();
    const prompted = await post(`/api/workshops/${w.id}/prompt/run`, {
      target_fields_to_prompt: {
        full_name: 'concatenate first and last',
        born: 'use the birthday as YYYY-MM-DD',
      },
      immediate_return: false,
    });
    expect(prompted.statusCode).toBe(200);
    expect((await post(`/api/workshops/${w.id}/deploy`)).json().version).toBe(1);

    // a job run with the deployed mapper: what the downloaded code must reproduce
    const job = (await post(`/api/pipelines/${pipeline.id}/jobs`, { data: DATA })).json();
    const result = (await post(`/api/jobs/${job.id}/run?immediate_return=false`)).json();
    expect(result).toMatchObject({ mapper_version: 1, total: DATA.length });
    const mapped = (await get(`/api/results/${result.id}/mappings?size=500`))
      .json()
      .items.map((m: { mapped_record: unknown }) => m.mapped_record);
    expect(mapped[0]).toMatchObject({ full_name: 'Ada Lovelace', born: '1815-12-10' });

    const tsRes = await code('?format=typescript');
    expect(tsRes.statusCode).toBe(200);
    expect(tsRes.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(tsRes.headers['content-disposition']).toBe('attachment; filename="customer-orders-v1.ts"');
    expect(tsRes.body).toContain('export function mapRecord(record: unknown): MappedRecord');
    expect(tsRes.body).toContain('Customer orders — mapper v1');
    expect(loadTypeScript(tsRes.body).mapRecords(DATA)).toEqual(mapped);

    const jsRes = await code('?format=jsonata&version=1');
    expect(jsRes.statusCode).toBe(200);
    expect(jsRes.headers['content-disposition']).toBe('attachment; filename="customer-orders-v1.jsonata"');
    const expr = jsonata(jsRes.body);
    const viaJsonata = await Promise.all(DATA.map((r) => expr.evaluate(r)));
    expect(JSON.parse(JSON.stringify(viaJsonata))).toEqual(mapped);

    // the default format is TypeScript; bad formats and versions are refused
    expect((await code('')).headers['content-disposition']).toContain('.ts"');
    expect((await code('?format=python')).statusCode).toBe(422);
    const missing = await code('?version=9');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Mapper version 9 not found');
  });

  it('is not found for another organization', async () => {
    const pipeline = (await post('/api/pipelines', { name: 'Private', target_schema: SCHEMA })).json();
    await post(`/api/pipelines/${pipeline.id}/jobs`, { data: DATA });
    const w = (await post(`/api/pipelines/${pipeline.id}/workshops`)).json();
    await post(`/api/workshops/${w.id}/deploy`);
    expect((await get(`/api/pipelines/${pipeline.id}/mapper/code`)).statusCode).toBe(200);
    const res = await get(`/api/pipelines/${pipeline.id}/mapper/code?format=jsonata`, other);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Pipeline not found' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/pipelines/${pipeline.id}/mapper/code` })).statusCode,
    ).toBe(401);
  });
});
