import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  DATABASES,
  eventually,
  multipart,
  type TestApp,
  type TestUser,
} from './helper.ts';

const SUMMARY = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    transactions: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          transaction_date: { type: 'string' },
          transaction_amount: { type: 'number' },
          transaction_type: {
            type: ['string', 'null'],
            enum: ['ASSET', 'CREDCARD', 'EQUITY', 'EXPENSE', 'LIABILITY', 'REVENUE', 'UNKNOWN', null],
          },
        },
        required: ['transaction_date', 'transaction_amount', 'date'],
      },
    },
    total_transaction_amount: { type: 'number' },
    total_transaction_count: { type: 'number' },
  },
  required: ['id', 'transactions', 'total_transaction_amount', 'total_transaction_count', 'not_a_field'],
};

describe.each(DATABASES)('target schemas (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { worker: true });
    u = await createUser(t);
  });
  afterAll(() => t.close());

  it('creates a schema with required reduced to existing properties at every level', async () => {
    const res = await t.as(u.token, {
      method: 'POST',
      url: '/api/target_schemas',
      payload: { name: 'Transactions summary', filename: 'summary.json', schema: SUMMARY },
    });
    expect(res.statusCode).toBe(201);
    const s = res.json();
    expect(s.schema.required).toEqual([
      'id',
      'transactions',
      'total_transaction_amount',
      'total_transaction_count',
    ]);
    expect(s.schema.properties.transactions.items.required).toEqual([
      'transaction_date',
      'transaction_amount',
    ]);
    expect(s).toMatchObject({ name: 'Transactions summary', filename: 'summary.json', version: 1 });
    const obj = (await t.as(u.token, { method: 'GET', url: `/api/target_schemas/${s.id}/object` })).json();
    expect(obj.fields.map((f: { path: string }) => f.path)).toContain('transactions[*].transaction_amount');
  });

  it('keeps versions, diffs them field by field, and filters the list by name and id', async () => {
    const s = (
      await t.as(u.token, {
        method: 'POST',
        url: '/api/target_schemas',
        payload: {
          name: 'Contacts',
          schema: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } } },
        },
      })
    ).json();
    const v2 = await t.as(u.token, {
      method: 'PUT',
      url: `/api/target_schemas/${s.id}/update`,
      payload: {
        schema: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            age: { type: 'number' },
            email: { type: 'string', format: 'email' },
          },
          required: ['name'],
        },
      },
    });
    expect(v2.json().version).toBe(2);
    const versions = (
      await t.as(u.token, { method: 'GET', url: `/api/target_schemas/${s.id}/versions` })
    ).json();
    expect(versions.items.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const diff = (
      await t.as(u.token, { method: 'GET', url: `/api/target_schemas/${s.id}/diff?from=1&to=2` })
    ).json();
    expect(diff.changes.map((c: { path: string; change: string }) => `${c.change}:${c.path}`).sort()).toEqual(
      ['added:email', 'changed:age', 'changed:name'],
    );
    const bad = await t.as(u.token, { method: 'GET', url: `/api/target_schemas/${s.id}/diff?from=1&to=9` });
    expect(bad.json().detail[0]).toMatchObject({ loc: ['query', 'to'], msg: 'version 9 does not exist' });

    const byName = (await t.as(u.token, { method: 'GET', url: '/api/target_schemas?name=contac' })).json();
    expect(byName.items.map((x: { id: string }) => x.id)).toEqual([s.id]);
    const byId = (
      await t.as(u.token, { method: 'GET', url: `/api/target_schemas?id=${s.id.slice(0, 8)}` })
    ).json();
    expect(byId.items.map((x: { id: string }) => x.id)).toEqual([s.id]);
  });

  it('refuses schemas that are not usable, naming what is wrong, and stores nothing', async () => {
    const cases: [unknown, string[]][] = [
      [{ type: 'string' }, ['body', 'schema']],
      [
        { type: 'object', properties: { 'a.b': { type: 'string' } } },
        ['body', 'schema', 'properties', 'a.b'],
      ],
      [{ type: 'object', properties: { a: { type: 'not-a-type' } } }, ['body', 'schema']],
      [{ type: 'object', properties: [] }, ['body', 'schema', 'properties']],
    ];
    const before = (await t.as(u.token, { method: 'GET', url: '/api/target_schemas' })).json().total;
    for (const [schema, loc] of cases) {
      const res = await t.as(u.token, {
        method: 'POST',
        url: '/api/target_schemas',
        payload: { name: 'bad', schema },
      });
      expect(res.statusCode, JSON.stringify(schema)).toBe(422);
      expect(res.json().detail[0].loc).toEqual(loc);
    }
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 100; i++) deep = { type: 'object', properties: { x: deep } };
    expect(
      (
        await t.as(u.token, {
          method: 'POST',
          url: '/api/target_schemas',
          payload: { name: 'deep', schema: deep },
        })
      ).statusCode,
    ).toBe(422);
    expect((await t.as(u.token, { method: 'GET', url: '/api/target_schemas' })).json().total).toBe(before);
  });

  it('infers a schema from an import and from sample records', async () => {
    const f = (
      await t.as(u.token, {
        method: 'POST',
        url: '/api/files',
        ...multipart(
          'tx.csv',
          'date,amount,status\n2024-01-02,"$1,200.00",CLEARED\n2024-01-03,$5.00,PENDING\n',
        ),
      })
    ).json();
    const imp = (
      await t.as(u.token, { method: 'POST', url: '/api/imports', payload: { file_id: f.id } })
    ).json();
    await eventually(
      async () =>
        (await t.as(u.token, { method: 'GET', url: `/api/imports/${imp.id}` })).json().status === 'succeeded',
    );
    const inferred = (
      await t.as(u.token, {
        method: 'POST',
        url: '/api/target_schemas/infer',
        payload: { name: 'Ledger', import_id: imp.id, save: true },
      })
    ).json();
    expect(inferred.schema.properties).toMatchObject({
      date: { type: 'string', format: 'date' },
      amount: { type: 'number' },
      status: { type: 'string' },
    });
    expect(
      (await t.as(u.token, { method: 'GET', url: `/api/target_schemas/${inferred.id}` })).statusCode,
    ).toBe(200);

    const fromRecords = (
      await t.as(u.token, {
        method: 'POST',
        url: '/api/target_schemas/infer',
        payload: { name: 'Events', records: [{ at: '2024-03-04T10:00:00Z', n: 1 }] },
      })
    ).json();
    expect(fromRecords).toMatchObject({
      id: null,
      schema: { properties: { at: { format: 'date-time' }, n: { type: 'integer' } } },
    });
    const neither = await t.as(u.token, {
      method: 'POST',
      url: '/api/target_schemas/infer',
      payload: { name: 'x' },
    });
    expect(neither.statusCode).toBe(422);
  });

  it("answers 404 for another organization's schemas", async () => {
    const s = (
      await t.as(u.token, {
        method: 'POST',
        url: '/api/target_schemas',
        payload: { name: 'Mine', schema: { type: 'object', properties: { a: { type: 'string' } } } },
      })
    ).json();
    const other = await createUser(t);
    for (const req of [
      { method: 'GET' as const, url: `/api/target_schemas/${s.id}` },
      { method: 'GET' as const, url: `/api/target_schemas/${s.id}/object` },
      { method: 'GET' as const, url: `/api/target_schemas/${s.id}/versions` },
      {
        method: 'PUT' as const,
        url: `/api/target_schemas/${s.id}/update`,
        payload: { schema: { type: 'object', properties: {} } },
      },
      { method: 'DELETE' as const, url: `/api/target_schemas/${s.id}` },
    ]) {
      expect((await t.as(other.token, req)).statusCode).toBe(404);
    }
    expect((await t.as(other.token, { method: 'GET', url: '/api/target_schemas' })).json().total).toBe(0);
  });

  it('refuses to delete a schema a pipeline maps into, naming the pipeline, and deletes it once free', async () => {
    const call = (method: 'POST' | 'DELETE' | 'GET', url: string, payload?: object) =>
      t.as(u.token, { method, url, payload });
    const s = (
      await call('POST', '/api/target_schemas', {
        name: 'Used',
        schema: { type: 'object', properties: { a: { type: 'string' } } },
      })
    ).json();
    const pipeline = (await call('POST', '/api/pipelines', { name: 'Feeds it', target_schema: s.id })).json();
    const refused = await call('DELETE', `/api/target_schemas/${s.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('The schema is used by pipeline "Feeds it": delete it first');
    expect((await call('GET', `/api/target_schemas/${s.id}`)).statusCode).toBe(200);
    await call('DELETE', `/api/pipelines/${pipeline.id}`);
    expect((await call('DELETE', `/api/target_schemas/${s.id}`)).statusCode).toBe(204);
  });
});
