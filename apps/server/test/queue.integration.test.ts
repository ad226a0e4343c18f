import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createQueue, type Queue, TASKS_CHANNEL } from '../src/jobs/queue.ts';
import { defineTask, PermanentTaskError, startWorker } from '../src/jobs/worker.ts';
import { createTestApp, DATABASES, type TestApp } from './helper.ts';

const waitFor = async <T>(fn: () => Promise<T | undefined | null | false>, ms = 10_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
};

/** The queue contract, run against every database the product supports. */
describe.each(DATABASES)('durable task queue (%s)', (kind) => {
  let t: TestApp;
  let q: Queue;
  beforeAll(async () => {
    t = await createTestApp(kind);
    q = createQueue(t.database.db);
  });
  afterAll(() => t.close());

  it('hands a task to exactly one of two competing claimers', async () => {
    const task = await q.enqueue('contract.one', { n: 1 });
    const [a, b] = await Promise.all([
      q.claim('A', 5000, ['contract.one']),
      q.claim('B', 5000, ['contract.one']),
    ]);
    expect([a?.id, b?.id].filter(Boolean)).toEqual([task!.id]);
    const winner = a ? 'A' : 'B';
    expect(await q.finish(task!.id, winner === 'A' ? 'B' : 'A', 'succeeded')).toBe(false);
    expect(await q.finish(task!.id, winner, 'succeeded', { ok: true })).toBe(true);
    expect(await q.get(task!.id)).toMatchObject({ status: 'succeeded', result: { ok: true }, attempts: 1 });
  });

  it('gives a task whose worker died (lease expired) to another worker, and the dead one cannot finish it', async () => {
    const task = await q.enqueue('contract.lease', {});
    expect((await q.claim('dead', 50, ['contract.lease']))?.id).toBe(task!.id);
    expect(await q.claim('alive', 5000, ['contract.lease'])).toBeNull();
    await new Promise((r) => setTimeout(r, 80));
    const again = await q.claim('alive', 5000, ['contract.lease']);
    expect(again).toMatchObject({ id: task!.id, attempts: 2, lockedBy: 'alive' });
    expect(await q.heartbeat(task!.id, 'dead', 5000)).toBeNull();
    expect(await q.finish(task!.id, 'dead', 'succeeded')).toBe(false);
  });

  it('retries with exponential backoff, then fails for good', async () => {
    const task = await q.enqueue('contract.retry', {}, { maxAttempts: 2 });
    const first = await q.claim('w', 5000, ['contract.retry']);
    const before = Date.now();
    expect(await q.fail(first!, 'w', 'boom', true)).toBe('queued');
    const queued = await q.get(task!.id);
    expect(queued!.runAt.getTime()).toBeGreaterThanOrEqual(before + 900);
    expect(await q.claim('w', 5000, ['contract.retry'])).toBeNull();
    await new Promise((r) => setTimeout(r, 1100));
    const second = await q.claim('w', 5000, ['contract.retry']);
    expect(second?.attempts).toBe(2);
    expect(await q.fail(second!, 'w', 'boom again', true)).toBe('failed');
    expect(await q.get(task!.id)).toMatchObject({ status: 'failed', error: 'boom again' });
  });

  it('runs one task per singleton key', async () => {
    const a = await q.enqueue('contract.tick', {}, { singletonKey: 'wf-1@2026-11-22T10:00' });
    const b = await q.enqueue('contract.tick', {}, { singletonKey: 'wf-1@2026-11-22T10:00' });
    expect(a).not.toBeNull();
    expect(b).toBeNull();
  });

  it('workers run handlers, report progress, retry failures, stop on cancel and on permanent errors', async () => {
    const seen: number[] = [];
    let flaky = 0;
    const defs = [
      defineTask({
        kind: 'contract.work',
        payload: z.object({ n: z.number() }),
        handler: async ({ payload, progress }) => {
          progress({ done: payload.n });
          seen.push(payload.n);
          return { doubled: payload.n * 2 };
        },
      }),
      defineTask({
        kind: 'contract.flaky',
        payload: z.object({}),
        handler: async () => {
          flaky++;
          if (flaky < 2) throw new Error('temporary');
          return { flaky };
        },
      }),
      defineTask({
        kind: 'contract.slow',
        payload: z.object({}),
        handler: ({ signal }) =>
          new Promise((_, reject) =>
            signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
          ),
      }),
      defineTask({
        kind: 'contract.bad',
        payload: z.object({}),
        handler: async () => {
          throw new PermanentTaskError('the file is not a CSV');
        },
      }),
    ];
    const w = startWorker(t.app.ctx, q, defs, { concurrency: 2, pollMs: 20, leaseMs: 150 });
    try {
      const work = await q.enqueue('contract.work', { n: 21 });
      const flakyTask = await q.enqueue('contract.flaky', {});
      const slow = await q.enqueue('contract.slow', {});
      const bad = await q.enqueue('contract.bad', {}, { maxAttempts: 5 });
      await waitFor(async () => (await q.get(work!.id))?.status === 'succeeded');
      expect(await q.get(work!.id)).toMatchObject({ result: { doubled: 42 }, progress: { done: 21 } });
      await waitFor(async () => (await q.get(bad!.id))?.status === 'failed');
      expect(await q.get(bad!.id)).toMatchObject({ attempts: 1, error: 'the file is not a CSV' });
      await waitFor(async () => (await q.get(slow!.id))?.status === 'running');
      await q.cancel(slow!.id);
      await waitFor(async () => (await q.get(slow!.id))?.status === 'cancelled');
      await waitFor(async () => (await q.get(flakyTask!.id))?.status === 'succeeded');
      expect(await q.get(flakyTask!.id)).toMatchObject({ attempts: 2, result: { flaky: 2 } });
      expect(seen).toEqual([21]);
    } finally {
      await w.stop();
    }
  });

  it('hands running work back on graceful stop so the next worker starts it at once', async () => {
    const slowDef = defineTask({
      kind: 'contract.handback',
      payload: z.object({}),
      handler: ({ signal }) =>
        new Promise((_, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
        ),
    });
    const w = startWorker(t.app.ctx, q, [slowDef], { pollMs: 20, leaseMs: 60_000 });
    const task = await q.enqueue('contract.handback', {});
    await waitFor(async () => (await q.get(task!.id))?.status === 'running');
    await w.stop();
    expect(await q.get(task!.id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
  });
});

describe('waking workers in other processes (postgres)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres');
  });
  afterAll(() => t.close());

  it('a task enqueued on one connection wakes a listener on another once its transaction commits', async () => {
    const heard: number[] = [];
    const stop = await t.database.listen!(TASKS_CHANNEL, () => heard.push(Date.now()));
    try {
      // a queue that does not notify (the embedded database's) wakes only its own process
      await createQueue(t.database.db).enqueue('contract.quiet', {});
      const q = createQueue(t.database.db, { notify: true });
      await t.database.db.transaction(async (tx) => {
        await q.enqueue('contract.loud', {}, { tx });
        await new Promise((r) => setTimeout(r, 200));
        expect(heard).toHaveLength(0);
      });
      await waitFor(async () => heard.length === 1, 5000);
      await new Promise((r) => setTimeout(r, 200));
      expect(heard).toHaveLength(1);
    } finally {
      await stop();
    }
  });
});
