import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from './helper.ts';

describe("the field editor's preview: which values a field's rules accept", () => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    u = await createUser(t);
  });
  afterAll(() => t.close());
  const check = (payload: object) =>
    t.as(u.token, { method: 'POST', url: '/api/target_schemas/check_values', payload });

  it('says which values pass and why the others do not, as a run would', async () => {
    const email = (
      await check({ field: { type: 'string', format: 'email' }, values: ['ada@example.com', 'not-an-email'] })
    ).json();
    expect(email.results.map((r: { ok: boolean }) => r.ok)).toEqual([true, false]);
    expect(email.results[1].message).toMatch(/email/);

    const code = (
      await check({
        field: { type: 'string', pattern: '^[A-Z]{3}$', minLength: 3, maxLength: 3 },
        values: ['EUR', 'eur', 'EURO'],
      })
    ).json();
    expect(code.results.map((r: { ok: boolean }) => r.ok)).toEqual([true, false, false]);

    const range = (
      await check({ field: { type: 'number', minimum: 0, maximum: 100 }, values: [0, 100, 101, -1, 'x'] })
    ).json();
    expect(range.results.map((r: { ok: boolean }) => r.ok)).toEqual([true, true, false, false, false]);

    const status = (
      await check({ field: { type: 'string', enum: ['OPEN', 'PAID'] }, values: ['PAID', 'paid'] })
    ).json();
    expect(status.results.map((r: { ok: boolean }) => r.ok)).toEqual([true, false]);

    const required = (await check({ field: { type: 'string' }, required: true, values: [null, 'x'] })).json();
    expect(required.results.map((r: { ok: boolean }) => r.ok)).toEqual([false, true]);
  });

  it('refuses rules that are not JSON Schema, and more than 200 values, naming the field', async () => {
    const bad = await check({ field: { type: 'string', pattern: '([' }, values: ['a'] });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('field');
    const many = await check({ field: { type: 'string' }, values: Array(201).fill('a') });
    expect(many.statusCode).toBe(422);
    expect(many.body).toContain('values');
  });
});
