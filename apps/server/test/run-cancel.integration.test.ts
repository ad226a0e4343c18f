import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partTask, runTask } from '../src/modules/pipelines/run.task.ts';
import { createTestApp, createUser, DATABASES, type TestApp, type TestUser } from './helper.ts';

const SCHEMA = { type: 'object', properties: { email: { type: 'string' } } };
const data = Array.from({ length: 35_000 }, (_, i) => ({ email_address: `p${i}@example.com` }));

// No worker: the test decides when (and how far) a run goes, so cancelling is not a race.
describe.each(DATABASES)('cancelling a job run (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind);
    u = await createUser(t);
    other = await createUser(t);
  });
  afterAll(() => t.close());
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, user = u) =>
    t.as(user.token, { method, url, payload: payload as object });
  const queueRun = async () => {
    const pipeline = (await call('POST', '/api/pipelines', { name: 'Cancel', target_schema: SCHEMA })).json();
    const job = (await call('POST', `/api/pipelines/${pipeline.id}/jobs`, { data })).json();
    return (await call('POST', `/api/jobs/${job.id}/run`)).json();
  };

  it('a queued run is cancelled at once, and its task never runs', async () => {
    const queued = await queueRun();
    expect(queued.status).toBe('queued');
    expect((await call('POST', `/api/results/${queued.id}/cancel`, undefined, other)).statusCode).toBe(404);
    const res = await call('POST', `/api/results/${queued.id}/cancel`);
    expect(res.json()).toMatchObject({ status: 'cancelled', processed: 0 });
    expect(await t.app.ctx.queue.claim('test-worker', 1000)).toBeNull();
    // cancelling an ended run changes nothing
    expect((await call('POST', `/api/results/${queued.id}/cancel`)).json().status).toBe('cancelled');
  });

  it('a running part stops at its next batch once aborted; finished parts are kept, the rest never run', async () => {
    const queued = await queueRun();
    const run = await t.app.ctx.queue.claim('test-worker', 60_000);
    expect(run?.payload).toEqual({ resultId: queued.id });
    const never = new AbortController().signal;
    const split = await runTask.handler({
      app: t.app.ctx,
      task: run!,
      payload: run!.payload as never,
      signal: never,
      progress: () => {},
    });
    // 35,000 records: parts of 10,240, 20,480 (two batches) and the remaining 4,280
    expect(split).toEqual({ parts: 3 });
    const first = await t.app.ctx.queue.claim('test-worker', 60_000);
    expect(first?.payload).toEqual({ resultId: queued.id, partIndex: 0 });
    await partTask.handler({
      app: t.app.ctx,
      task: first!,
      payload: first!.payload as never,
      signal: never,
      progress: () => {},
    });
    const second = await t.app.ctx.queue.claim('test-worker', 60_000);
    const abort = new AbortController();
    const part = partTask.handler({
      app: t.app.ctx,
      task: second!,
      payload: second!.payload as never,
      signal: abort.signal,
      // the worker aborts the signal when it sees the cancel; here: right after the first batch
      progress: () => abort.abort(new Error('cancelled')),
    });
    await expect(part).rejects.toThrow('cancelled');
    const result = (await call('GET', `/api/results/${queued.id}`)).json();
    expect(result.status).toBe('cancelled');
    expect(result.processed).toBeGreaterThanOrEqual(10_240);
    expect(result.processed).toBeLessThan(35_000);
    const page = (await call('GET', `/api/results/${queued.id}/mappings?size=10`)).json();
    expect(page.items[0].mapped_record).toEqual({ email: 'p0@example.com' });
    // the third part sees the cancelled result and does nothing
    const third = await t.app.ctx.queue.claim('test-worker', 60_000);
    expect(
      await partTask.handler({
        app: t.app.ctx,
        task: third!,
        payload: third!.payload as never,
        signal: never,
        progress: () => {},
      }),
    ).toEqual({ skipped: true });
  });
});
