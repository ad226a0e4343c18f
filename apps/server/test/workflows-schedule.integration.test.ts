import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks, workflowRuns, workflows } from '../src/db/schema.ts';
import { taskDefinitions } from '../src/jobs/registry.ts';
import { startScheduler } from '../src/jobs/scheduler.ts';
import { startWorker } from '../src/jobs/worker.ts';
import { createTestApp, DATABASES, eventually, login, type TestApp } from './helper.ts';

describe.each(DATABASES)('workflow scheduling (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let sampleId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { worker: true });
    token = await login(t, 'demo@mapwright.dev', 'demo-harbour-lantern');
    const list = (await t.as(token, { method: 'GET', url: '/api/workflows?name=Sample%20cards' })).json();
    sampleId = list.items[0].id;
  });
  afterAll(() => t.close());

  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.as(token, { method, url, ...(payload ? { payload } : {}) });

  /** A copy of the seeded cards workflow (real sample API, fast) on the given schedule. */
  async function copyOfSample(name: string, syncFrequency: string) {
    const sample = (await api('GET', `/api/workflows/${sampleId}`)).json();
    const res = await api('POST', '/api/workflows', {
      name,
      nodes: sample.nodes,
      edges: sample.edges,
      syncFrequency,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }

  it('two workers with two schedulers run each tick exactly once', async () => {
    const id = await copyOfSample('Every second', '* * * * * *');
    const ctx = t.app.ctx;
    // a second worker process and two schedulers, all on the same database
    const worker2 = startWorker(ctx, ctx.queue, taskDefinitions, {
      pollMs: 20,
      leaseMs: 5000,
      workerId: 'second',
    });
    const schedulers = [startScheduler(ctx, { pollMs: 50 }), startScheduler(ctx, { pollMs: 50 })];
    const activated = await api('PUT', `/api/workflows/${id}`, { isActive: true });
    expect(activated.json()).toMatchObject({ isActive: true, scheduleText: 'Every second' });
    expect(Date.parse(activated.json().nextRunAt)).toBeGreaterThan(Date.now() - 1000);
    // and both passing at the very same moment, again and again
    for (let i = 0; i < 10; i++) {
      await Promise.all(schedulers.map((s) => s.pass()));
      await new Promise((r) => setTimeout(r, 300));
    }
    await api('PUT', `/api/workflows/${id}`, { isActive: false });
    await Promise.all(schedulers.map((s) => s.stop()));
    const runs = await eventually(async () => {
      const rows = await t.database.db.select().from(workflowRuns).where(eq(workflowRuns.workflowId, id));
      return rows.every((r) => ['succeeded', 'failed'].includes(r.status)) ? rows : null;
    }, 30_000);
    await worker2.stop();

    expect(runs.length).toBeGreaterThanOrEqual(2);
    const ticks = runs.map((r) => r.scheduledFor!.toISOString());
    expect(new Set(ticks).size).toBe(runs.length);
    for (const r of runs) {
      expect(r.trigger).toBe('schedule');
      expect(r.status, r.error ?? '').toBe('succeeded');
      expect((r.output as Record<string, number>)['Total Monthly Limit']).toBe(30000);
      expect(r.scheduledFor!.getMilliseconds()).toBe(0);
    }
    const queued = await t.database.db
      .select()
      .from(tasks)
      .where(like(tasks.singletonKey, `workflow:${id}:%`));
    expect(queued.map((q) => q.singletonKey).sort()).toEqual(
      ticks.map((tick) => `workflow:${id}:${tick}`).sort(),
    );
    expect(queued.every((q) => q.attempts === 1)).toBe(true);

    const listed = (await api('GET', `/api/workflows/${id}/runs?status=succeeded`)).json();
    expect(listed.total).toBe(runs.length);
    expect(listed.items[0]).toMatchObject({ trigger: 'schedule', workflowName: 'Every second' });
  });

  it('a tick nobody ran in time is recorded as missed and shown in the runs list', async () => {
    const id = await copyOfSample('Every minute', '* * * * *');
    await api('PUT', `/api/workflows/${id}`, { isActive: true });
    // the server was down from 09:55:30 to 10:00:30
    const now = new Date('2031-03-04T10:00:30.000Z');
    await t.database.db
      .update(workflows)
      .set({ scheduledThrough: new Date(now.getTime() - 5 * 60_000) })
      .where(eq(workflows.id, id));
    const scheduler = startScheduler(t.app.ctx, { pollMs: 60_000, now: () => now });
    await scheduler.pass();
    await scheduler.pass();
    await scheduler.stop();

    const missed = (await api('GET', `/api/workflows/${id}/runs?status=missed`)).json();
    expect(missed.items.map((r: { scheduledFor: string }) => r.scheduledFor)).toEqual([
      '2031-03-04T09:59:00.000Z',
      '2031-03-04T09:58:00.000Z',
      '2031-03-04T09:57:00.000Z',
      '2031-03-04T09:56:00.000Z',
    ]);
    expect(missed.items[0]).toMatchObject({ status: 'missed', trigger: 'schedule' });
    expect(missed.items[0].error).toBe('Missed: no scheduler was running at 2031-03-04T09:59:00.000Z');
    // the tick within the grace period still runs
    const all = (await api('GET', `/api/workflows/${id}/runs`)).json();
    expect(all.total).toBe(5);
    const latest = all.items.find(
      (r: { scheduledFor: string }) => r.scheduledFor === '2031-03-04T10:00:00.000Z',
    );
    await eventually(
      async () => (await api('GET', `/api/workflow-runs/${latest.id}`)).json().status === 'succeeded',
    );
    expect((await api('GET', `/api/workflows/${id}`)).json().lastRun.status).toMatch(/succeeded|missed/);
    // a missed tick can be run by hand
    const retried = await api('POST', `/api/workflow-runs/${missed.items[0].id}/retry`, { from: 'start' });
    expect(retried.statusCode).toBe(202);
    await api('PUT', `/api/workflows/${id}`, { isActive: false });
  });

  it('a long outage records the last ticks and counts the earlier ones', async () => {
    const id = await copyOfSample('Long outage', '* * * * *');
    await api('PUT', `/api/workflows/${id}`, { isActive: true });
    const now = new Date('2031-03-05T12:00:30.000Z');
    await t.database.db
      .update(workflows)
      .set({ scheduledThrough: new Date(now.getTime() - 120 * 60_000) })
      .where(eq(workflows.id, id));
    const scheduler = startScheduler(t.app.ctx, { pollMs: 60_000, now: () => now });
    await scheduler.pass();
    await scheduler.stop();
    await api('PUT', `/api/workflows/${id}`, { isActive: false });
    const missed = (await api('GET', `/api/workflows/${id}/runs?status=missed&size=100`)).json();
    expect(missed.total).toBe(20);
    expect(missed.items.at(-1).error).toMatch(/\(and 99 earlier ticks\)$/);
  });

  it('an inactive workflow is never scheduled', async () => {
    const id = await copyOfSample('Idle', '* * * * * *');
    const scheduler = startScheduler(t.app.ctx, { pollMs: 50 });
    await new Promise((r) => setTimeout(r, 1500));
    await scheduler.stop();
    expect((await api('GET', `/api/workflows/${id}/runs`)).json().total).toBe(0);
  });
});
