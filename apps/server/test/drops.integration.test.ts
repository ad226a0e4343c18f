import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from './helper.ts';

const SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    amount: { type: 'number' },
    paid_on: { type: 'string', format: 'date' },
  },
  required: ['name', 'amount'],
};
// 40 ordinary rows; row 5 has a date nobody writes, row 9 an amount that is no number
const DATA = Array.from({ length: 40 }, (_, i) => ({
  name: `Person ${i}`,
  amount: i === 9 ? 'n/a' : `€${i}.50`,
  paid_on: i === 5 ? 'sometime in May' : `${String((i % 28) + 1).padStart(2, '0')}/10/2023`,
}));

describe('no value lost in silence', () => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp('pglite', {}, { worker: true });
    u = await createUser(t);
  });
  afterAll(() => t.close());
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    (await t.as(u.token, { method, url, payload })).json();

  it('a value a transform cannot read is counted and shown; on a required field it fails its record', async () => {
    const pipeline = await call('POST', '/api/pipelines', { name: 'Drops', target_schema: SCHEMA });
    const job = await call('POST', `/api/pipelines/${pipeline.id}/jobs`, { data: DATA });
    const result = await call('POST', `/api/jobs/${job.id}/run?immediate_return=false`);
    // the optional date of row 5 is dropped but its record passes; the required amount of row 9
    // fails its record
    expect(result).toMatchObject({ processed: 40, failed: 1, dropped: 2 });
    expect(result.dropped_by_field).toEqual({ paid_on: 1, amount: 1 });

    const page = await call('GET', `/api/results/${result.id}/mappings?page=1&size=10`);
    const row5 = page.items[5];
    expect(row5.message).toBe('success');
    expect(row5.mapped_record.paid_on).toBeUndefined();
    expect(row5.dropped).toEqual([
      { field: 'paid_on', value: 'sometime in May', message: expect.stringContaining('sometime in May') },
    ]);
    expect(page.items[4].dropped).toBeUndefined();
    expect(page.items[4].mapped_record).toMatchObject({ amount: 4.5, paid_on: '2023-10-05' });

    const failed = await call('GET', `/api/results/${result.id}/mappings?only_errors=true`);
    expect(failed.total).toBe(1);
    expect(failed.items[0].index).toBe(9);
    expect(failed.items[0].dropped[0]).toMatchObject({ field: 'amount', value: 'n/a' });
    expect(JSON.stringify(failed.items[0].message)).toContain('n/a');

    // the field that lost values is less sure of itself than its mapper said
    const spec = await call('GET', `/api/results/${result.id}/spec`);
    const conf = await call('POST', `/api/results/${result.id}/confidence`, {});
    expect(conf.fields.paid_on.score).toBeLessThan(spec.paid_on.confidence.score);
    expect(conf.fields.paid_on.reason).toContain('lost their value');
  });
});
