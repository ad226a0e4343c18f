import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DATABASES, type TestApp, type TestUser } from './helper.ts';

const SCHEMA = {
  type: 'object',
  properties: { email: { type: 'string', format: 'email' } },
  required: ['email'],
};

describe.each(DATABASES)('results across the organization and activity per day (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  let other: TestUser;
  let finishedId: string;
  let queuedId = '';
  beforeAll(async () => {
    t = await createTestApp(kind);
    u = await createUser(t);
    other = await createUser(t);
    const pipeline = (await call('POST', '/api/pipelines', { name: 'Mail', target_schema: SCHEMA })).json();
    const job = (
      await call('POST', `/api/pipelines/${pipeline.id}/jobs`, {
        data: [
          { email_address: 'a@example.com' },
          { email_address: 'nope' },
          { email_address: 'b@example.com' },
        ],
      })
    ).json();
    // no worker: one run is made with a worker started for it, then one is left queued
    const worker = await import('../src/jobs/worker.ts');
    const { taskDefinitions } = await import('../src/jobs/registry.ts');
    const w = worker.startWorker(t.app.ctx, t.app.ctx.queue, taskDefinitions, { pollMs: 20, leaseMs: 5000 });
    finishedId = (await call('POST', `/api/jobs/${job.id}/run?immediate_return=false`)).json().id;
    await w.stop();
    queuedId = (await call('POST', `/api/jobs/${job.id}/run`)).json().id;
  });
  afterAll(() => t.close());
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, user = u) =>
    t.as(user.token, { method, url, payload: payload as object });

  it('filters by a list of statuses, and validates it', async () => {
    const open = (await call('GET', '/api/results?status=queued,running')).json();
    expect(open.items.map((r: { id: string }) => r.id)).toEqual([queuedId]);
    expect(open.total).toBe(1);
    const all = (await call('GET', '/api/results')).json();
    expect(all.items.map((r: { id: string }) => r.id)).toContain(finishedId);
    const bad = await call('GET', '/api/results?status=queued,bogus');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['query', 'status']);
    expect((await call('GET', '/api/results', undefined, other)).json().total).toBe(0);
  });

  it("filters jobs by their latest run's status", async () => {
    const ids = async (q: string) =>
      (await call('GET', `/api/jobs?status=${q}`)).json().items.map((j: { status: string }) => j.status);
    expect(await ids('queued')).toEqual(['queued']);
    expect(await ids('queued,running')).toEqual(['queued']);
    expect(await ids('needs%20review')).toEqual([]);
    expect(await ids('created')).toEqual([]);
  });

  it('sums records processed and failed per day, zeros for quiet days, only for the caller', async () => {
    const { days } = (await call('GET', '/api/stats/activity?days=7')).json();
    expect(days).toHaveLength(7);
    const today = new Date().toISOString().slice(0, 10);
    expect(days.at(-1)).toEqual({ day: today, runs: 2, processed: 3, failed: 1 });
    expect(days[0]).toMatchObject({ runs: 0, processed: 0 });
    const theirs = (await call('GET', '/api/stats/activity?days=7', undefined, other)).json();
    expect(theirs.days.at(-1)).toMatchObject({ runs: 0 });
    expect((await call('GET', '/api/stats/activity?days=0')).statusCode).toBe(422);
  });
});
