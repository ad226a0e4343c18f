import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DATABASES, type TestApp, type TestUser } from './helper.ts';

const SCHEMA = { type: 'object', properties: { n: { type: 'integer' } } };

describe.each(DATABASES)('the pipelines list (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind);
    u = await createUser(t);
  });
  afterAll(() => t.close());
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    (await t.as(u.token, { method, url, payload })).json();

  it('pages newest first with each pipeline’s job count and the filtered total, past the end too', async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const p = await call('POST', '/api/pipelines', { name: `Ledger ${i}`, target_schema: SCHEMA });
      for (let j = 0; j < i; j++) await call('POST', `/api/pipelines/${p.id}/jobs`, { data: [{ n: j }] });
      made.push(p.id);
    }
    await call('POST', '/api/pipelines', { name: 'Other', target_schema: SCHEMA });

    const first = await call('GET', '/api/pipelines?name=ledger&page=1&size=2');
    expect(first).toMatchObject({ total: 5, page: 1, size: 2, pages: 3 });
    expect(first.items.map((p: { id: string; job_count: number }) => [p.id, p.job_count])).toEqual([
      [made[4], 4],
      [made[3], 3],
    ]);
    const last = await call('GET', '/api/pipelines?name=ledger&page=3&size=2');
    expect(last.items.map((p: { job_count: number }) => p.job_count)).toEqual([0]);
    expect(last.total).toBe(5);
    const past = await call('GET', '/api/pipelines?name=ledger&page=9&size=2');
    expect(past).toMatchObject({ items: [], total: 5 });
    expect((await call('GET', '/api/pipelines?size=50')).total).toBe(6);
  });
});
