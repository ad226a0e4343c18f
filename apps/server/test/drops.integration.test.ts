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

    // the downloads show them too: every record that lost a value, valid ones included
    const dropped = (
      await t.as(u.token, {
        method: 'GET',
        url: `/api/results/${result.id}/download?format=jsonl&records=dropped`,
      })
    ).body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(dropped.map((r: { record: number }) => r.record)).toEqual([6, 10]);
    expect(dropped[0]).toMatchObject({
      line: 6,
      source: { paid_on: 'sometime in May' },
      dropped: [{ field: 'paid_on', value: 'sometime in May' }],
    });

    // the field that lost values is less sure of itself than its mapper said
    const spec = await call('GET', `/api/results/${result.id}/spec`);
    const { confidence: conf } = await call('POST', `/api/results/${result.id}/confidence`, {});
    expect(conf.fields.paid_on.score).toBeLessThan(spec.paid_on.confidence.score);
    expect(conf.fields.paid_on.reason).toContain('lost their value');
  });

  it('groups every failure by type, field and rule in one request; the quarantine pages by group', async () => {
    // 6,000 records: every 10th amount is no number, every 3rd name is blank
    const data = Array.from({ length: 6000 }, (_, i) => ({
      name: i % 3 === 0 ? null : `Person ${i}`,
      amount: i % 10 === 0 ? `x${i}` : `€${i}.50`,
      paid_on: '14/10/2023',
    }));
    const pipeline = await call('POST', '/api/pipelines', { name: 'Many failures', target_schema: SCHEMA });
    const job = await call('POST', `/api/pipelines/${pipeline.id}/jobs`, { data });
    const result = await call('POST', `/api/jobs/${job.id}/run?immediate_return=false`);
    expect(result.failed).toBe(2400);
    const groups = await call('GET', `/api/results/${result.id}/errors`);
    expect(groups.failed).toBe(2400);
    const byField = Object.fromEntries(
      groups.types.flatMap((t: { fields: { type: string; field: string; count: number }[] }) =>
        t.fields.map((f) => [`${f.type} ${f.field}`, f.count]),
      ),
    );
    expect(byField).toEqual({ 'Format Error amount': 600, 'Missing name': 2000 });
    const amount = groups.types
      .flatMap((t: { fields: unknown[] }) => t.fields)
      .find((f: { field: string }) => f.field === 'amount');
    // one rule however many different values broke it, with samples of the values
    expect(amount.rules).toEqual([{ rule: 'the value is not a number this transform reads', count: 600 }]);
    expect(amount.samples.slice(0, 2)).toEqual([
      { value: 'x0', from: 'source', index: 0 },
      { value: 'x10', from: 'source', index: 10 },
    ]);

    const page = await call(
      'GET',
      `/api/results/${result.id}/mappings?only_errors=true&field=name&error_type=Missing&size=5&page=2`,
    );
    expect(page.total).toBe(2000);
    expect(page.items.map((m: { index: number }) => m.index)).toEqual([15, 18, 21, 24, 27]);
    const none = await call(
      'GET',
      `/api/results/${result.id}/mappings?only_errors=true&field=name&error_type=Format%20Error`,
    );
    expect(none.total).toBe(0);
    const quoted = await call('GET', `/api/results/${result.id}/mappings?only_errors=true&field=%27%22%3B--`);
    expect(quoted.total).toBe(0);
    const stranger = await createUser(t);
    expect(
      (await t.as(stranger.token, { method: 'GET', url: `/api/results/${result.id}/errors` })).statusCode,
    ).toBe(404);
  });
});
