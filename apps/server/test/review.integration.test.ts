import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from './helper.ts';

// every record validates; only `mystery` has no good source, so its confidence is low
const SCHEMA = {
  type: 'object',
  properties: { email: { type: 'string' }, mystery: { type: ['string', 'null'] } },
};
const DATA = [{ email_address: 'a@example.com' }, { email_address: 'b@example.com' }];

async function runOnce(t: TestApp, u: TestUser) {
  const call = (url: string, payload: unknown = {}) =>
    t.as(u.token, { method: 'POST', url, payload: payload as object });
  const pipeline = (await call('/api/pipelines', { name: 'Review', target_schema: SCHEMA })).json();
  const job = (await call(`/api/pipelines/${pipeline.id}/jobs`, { data: DATA })).json();
  return (await call(`/api/jobs/${job.id}/run?immediate_return=false`)).json();
}

describe('needs review: below a configurable confidence', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((a) => a.close())));
  let strict: { t: TestApp; u: TestUser };
  let lenient: { t: TestApp; u: TestUser };
  beforeAll(async () => {
    const a = await createTestApp('pglite', {}, { worker: true });
    const b = await createTestApp('pglite', { REVIEW_CONFIDENCE: '0' }, { worker: true });
    apps.push(a, b);
    strict = { t: a, u: await createUser(a) };
    lenient = { t: b, u: await createUser(b) };
  });

  it('flags a clean run whose suggestions include a low-confidence field, unless the threshold allows it', async () => {
    const flagged = await runOnce(strict.t, strict.u);
    expect(flagged).toMatchObject({ status: 'needs review', failed: 0 });
    const clean = await runOnce(lenient.t, lenient.u);
    expect(clean).toMatchObject({ status: 'finished', failed: 0 });
  });

  it('refuses a threshold outside 0..1 at start', async () => {
    await expect(createTestApp('pglite', { REVIEW_CONFIDENCE: '2' })).rejects.toThrow(/REVIEW_CONFIDENCE/);
  });
});
