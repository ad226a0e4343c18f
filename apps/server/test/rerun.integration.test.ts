import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from './helper.ts';

const SCHEMA = {
  type: 'object',
  properties: { name: { type: 'string' }, amount: { type: 'number' } },
  required: ['name', 'amount'],
};

describe('re-running failed records and dry runs', () => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp('pglite', {}, { worker: true });
    u = await createUser(t);
  });
  afterAll(() => t.close());
  const post = (url: string, payload: unknown = {}) =>
    t.as(u.token, { method: 'POST', url, payload: payload as object });
  const get = (url: string) => t.as(u.token, { method: 'GET', url });

  it('retries only the failed records after a fix, and a dry run says what a draft would change', async () => {
    const pipeline = (await post('/api/pipelines', { name: 'Amounts', target_schema: SCHEMA })).json();
    const data = [
      { name: 'a', amount: '10' },
      { name: 'b', amount: 'n/a' },
      { name: 'c', amount: '30' },
      { name: 'd', amount: 'unknown' },
    ];
    const job = (await post(`/api/pipelines/${pipeline.id}/jobs`, { data })).json();
    const first = (await post(`/api/jobs/${job.id}/run?immediate_return=false`)).json();
    expect(first).toMatchObject({ failed: 2, succeeded: 2 });
    const spec = (await get(`/api/results/${first.id}/spec`)).json();
    expect(spec.amount['@sources']).toEqual(['amount']);

    // dry run of a draft that defaults missing amounts to 0: two records change and now pass
    const draft = {
      version: 1,
      fields: [
        {
          target: 'name',
          sources: ['name'],
          transform: { kind: 'copy' },
          confidence: 1,
          bucket: 'Very High',
          reason: 'same name',
        },
        {
          target: 'amount',
          sources: ['amount'],
          transform: { kind: 'cast', to: 'number' },
          default: 0,
          confidence: 0.9,
          bucket: 'Very High',
          reason: 'same name',
        },
      ],
    };
    const dry = (await post(`/api/pipelines/${pipeline.id}/dry_run`, { spec: draft })).json();
    expect(dry).toMatchObject({
      compared_against: { result_id: first.id },
      records_compared: 4,
      records_changed: 2,
      newly_passing: 2,
      newly_failing: 0,
    });
    expect(dry.fields).toEqual([{ target: 'amount', records_changed: 2 }]);
    const badDraft = await post(`/api/pipelines/${pipeline.id}/dry_run`, {
      spec: { version: 1, fields: [{ target: '__proto__', sources: [] }] },
    });
    expect(badDraft.statusCode).toBe(422);
    expect(badDraft.json().detail[0].loc).toEqual(['body', 'spec']);

    const retry = (await post(`/api/results/${first.id}/retry_failed`)).json();
    expect(retry.job.record_count).toBe(2);
    const data2 = (await get(`/api/jobs/${retry.job.id}/data`)).json();
    expect(data2.items).toEqual([data[1], data[3]]);
    const none = await post(`/api/results/${retry.result.id}/retry_failed`);
    expect([200, 409]).toContain(none.statusCode);
  });
});
