import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasets, flowRuns } from '../src/db/schema.ts';
import { scheduleFlows, sweepOutputs } from '../src/modules/flows/scheduling.ts';
import { caller } from './flows-fixture.ts';
import {
  createTestApp,
  createUser,
  DATABASES,
  eventually,
  multipart,
  type TestApp,
  type TestUser,
} from './helper.ts';

/*
 * A flow on a schedule gets one run per cron tick (a second pass over the same tick queues
 * nothing), reading an import; the retention sweep drops the outputs of runs older than the
 * flow's retention_days and keeps those of newer runs.
 */

describe.each(DATABASES)('flows: schedules and retention (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  let importId: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { OUTBOUND_ALLOWLIST: '127.0.0.1' }, { worker: true });
    u = await createUser(t);
    const csv = `id,name,age\n${Array.from({ length: 30 }, (_, i) => `${i + 1},P${i + 1},${20 + i}`).join('\n')}\n`;
    const file = (
      await t.as(u.token, { method: 'POST', url: '/api/files', ...multipart('people.csv', csv) })
    ).json();
    importId = (await caller(t, u).call('POST', '/api/imports', { file_id: file.id })).id;
    await eventually(
      async () => (await caller(t, u).call('GET', `/api/imports/${importId}`)).status === 'succeeded',
      60_000,
    );
  }, 90_000);
  afterAll(() => t.close());

  it('runs once per tick, and drops outputs past the retention', async () => {
    const { call } = caller(t, u);
    const flow = await call('POST', '/api/flows', {
      name: 'Adults every minute',
      active: true,
      schedule: '* * * * *',
      retention_days: 7,
      steps: [
        { id: 'people', kind: 'source', name: 'People', config: { input: { kind: 'import', id: importId } } },
        {
          id: 'adults',
          kind: 'filter',
          name: 'Over 40',
          config: { conditions: [{ column: 'age', op: 'gt', value: 40 }] },
        },
      ],
      edges: [{ from: 'people', to: 'adults' }],
    });
    expect(flow).toMatchObject({ schedule_text: 'Every minute', active: true });
    const bad = await caller(t, u).raw('PATCH', `/api/flows/${flow.id}`, { schedule: 'every day' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['body', 'schedule']);

    const tick = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 1_000);
    await scheduleFlows(t.app.ctx, tick);
    await scheduleFlows(t.app.ctx, tick);
    const runs = await eventually(async () => {
      const page = await call('GET', `/api/flows/${flow.id}/runs`);
      return page.items.length && page.items[0].status === 'succeeded' ? page : null;
    }, 60_000);
    expect(runs.total).toBe(1);
    const run = runs.items[0];
    expect(run.trigger).toBe('schedule');
    expect(run.steps.map((s: { rows_out: number }) => s.rows_out)).toEqual([30, 9]);

    // a second, newer run reuses the first one's source output
    const again = await call('POST', `/api/flows/${flow.id}/runs/${run.id}/rerun`, { from_step: 'adults' });
    await eventually(
      async () => (await call('GET', `/api/flows/${flow.id}/runs/${again.id}`)).status === 'succeeded',
    );
    // the first run is now older than the retention
    await t.database.db
      .update(flowRuns)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(flowRuns.id, run.id));
    const [src, filtered] = run.steps.map((s: { output_dataset_id: string }) => s.output_dataset_id);
    expect(await sweepOutputs(t.app.ctx, new Date())).toBe(1);
    const left = await t.database.db.select({ id: datasets.id }).from(datasets);
    const ids = left.map((d) => d.id);
    expect(ids).not.toContain(filtered);
    expect(ids).toContain(src);
    const old = await call('GET', `/api/flows/${flow.id}/runs/${run.id}`);
    expect(old.steps[1]).toMatchObject({ output_dataset_id: null, rows_out: 9 });
    expect((await call('GET', `/api/flows/${flow.id}/runs/${run.id}/steps/adults/sample`)).total).toBe(0);
  });
});
