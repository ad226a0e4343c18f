import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DATABASES, type TestApp, type TestUser } from './helper.ts';

const SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    amount: { type: 'number' },
    email: { type: 'string', format: 'email' },
  },
  required: ['name', 'amount'],
};
// record 3's amount is no number; records 2 and 5 write their e-mail with "(at)"
const DATA = Array.from({ length: 12 }, (_, i) => ({
  name: `Person ${i}`,
  amount: i === 3 ? 'n/a' : String(i * 10),
  email: i === 2 || i === 5 ? `p${i}(at)example.com` : `p${i}@example.com`,
}));

describe.each(DATABASES)('fixing quarantined records (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { worker: true });
    u = await createUser(t);
  });
  afterAll(() => t.close());
  const req = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, user = u) =>
    t.as(user.token, { method, url, payload });

  it('cells are fixed and re-validated, a column by find and replace, then applied into the result', async () => {
    const pipeline = (await req('POST', '/api/pipelines', { name: 'Fix me', target_schema: SCHEMA })).json();
    const job = (await req('POST', `/api/pipelines/${pipeline.id}/jobs`, { data: DATA })).json();
    const result = (await req('POST', `/api/jobs/${job.id}/run?immediate_return=false`)).json();
    expect(result).toMatchObject({ failed: 3, status: 'needs review' });

    // one cell
    const fixed = await req('PATCH', `/api/results/${result.id}/records/3`, { changes: { amount: 30 } });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({
      index: 3,
      valid: true,
      mapped_record: { amount: 30, name: 'Person 3' },
    });
    // a fix that still fails says why
    const still = (
      await req('PATCH', `/api/results/${result.id}/records/2`, { changes: { email: 'nope' } })
    ).json();
    expect(still.valid).toBe(false);
    expect(JSON.stringify(still.message)).toContain('email');
    // find and replace over the column: record 2 (already edited to "nope") is left as it is
    const replaced = (
      await req('POST', `/api/results/${result.id}/fixes/replace`, {
        field: 'email',
        find: '(at)',
        replace: '@',
      })
    ).json();
    expect(replaced).toEqual({ count: 3, valid: 2, changed: 1 });
    await req('PATCH', `/api/results/${result.id}/records/2`, { changes: { email: 'p2@example.com' } });
    expect((await req('GET', `/api/results/${result.id}/fixes`)).json()).toEqual({ count: 3, valid: 3 });

    // the quarantine shows the fixed versions until they are applied
    const q = (await req('GET', `/api/results/${result.id}/mappings?only_errors=true`)).json();
    expect(q.items.map((m: { index: number; fixed: boolean }) => [m.index, m.fixed])).toEqual([
      [2, true],
      [3, true],
      [5, true],
    ]);

    const applied = await req('POST', `/api/results/${result.id}/fixes/apply`);
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ failed: 0, succeeded: 12, status: 'finished' });
    expect((await req('GET', `/api/results/${result.id}/fixes`)).json()).toEqual({ count: 0, valid: 0 });
    expect((await req('GET', `/api/results/${result.id}/mappings?only_errors=true`)).json().total).toBe(0);
    const page = (await req('GET', `/api/results/${result.id}/mappings?size=12`)).json();
    expect(page.items[3]).toMatchObject({ message: 'success', mapped_record: { amount: 30 } });
    // every record once, in order, in the files every reader uses
    const csv = parse((await req('GET', `/api/results/${result.id}/download?format=csv`)).body, {
      columns: true,
    }) as Record<string, string>[];
    expect(csv.map((r) => r.name)).toEqual(DATA.map((d) => d.name));
    expect(csv[5]!.email).toBe('p5@example.com');
    expect((await req('POST', `/api/results/${result.id}/fixes/apply`)).statusCode).toBe(409);
  });

  it('refuses what it cannot fix, and other organizations’ results', async () => {
    const pipeline = (await req('POST', '/api/pipelines', { name: 'Guarded', target_schema: SCHEMA })).json();
    const job = (await req('POST', `/api/pipelines/${pipeline.id}/jobs`, { data: DATA })).json();
    const result = (await req('POST', `/api/jobs/${job.id}/run?immediate_return=false`)).json();
    const url = `/api/results/${result.id}/records`;
    expect((await req('PATCH', `${url}/0`, { changes: { amount: 1 } })).statusCode).toBe(404); // it passed
    const proto = await req('PATCH', `${url}/3`, { changes: { '__proto__.polluted': 1 } });
    expect(proto.statusCode).toBe(422);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await req('PATCH', `${url}/3`, { changes: {} })).statusCode).toBe(422);
    expect((await req('PATCH', `${url}/3`, { changes: 'x' })).statusCode).toBe(422);
    expect(
      (await req('POST', `/api/results/${result.id}/fixes/replace`, { field: 'email', find: '' })).statusCode,
    ).toBe(422);
    const stranger = await createUser(t);
    expect((await req('PATCH', `${url}/3`, { changes: { amount: 1 } }, stranger)).statusCode).toBe(404);
    expect((await req('POST', `/api/results/${result.id}/fixes/apply`, undefined, stranger)).statusCode).toBe(
      404,
    );
  });
});
