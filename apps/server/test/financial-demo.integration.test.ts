import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeData } from '../src/sample-apps/finance/finance.data.ts';
import { createTestApp, createUser, DATABASES, eventually, type TestApp, type TestUser } from './helper.ts';

/** The sample API's transactions summed per currency, in cents (what the demo must reconcile with). */
function sourceTotals() {
  const by = new Map<string, { cents: number; count: number }>();
  for (const t of financeData().transactions) {
    const s = by.get(t.currency) ?? { cents: 0, count: 0 };
    s.cents += Math.round(t.amount * 100);
    s.count += 1;
    by.set(t.currency, s);
  }
  return [...by]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, s]) => ({ currency, amount: s.cents / 100, count: s.count }));
}

describe.each(DATABASES)('financial-analysis demo (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  const get = (token = u.token) => t.as(token, { method: 'GET', url: '/api/financial-analysis' });
  const run = (step: number | string, token = u.token) =>
    t.as(token, { method: 'POST', url: `/api/financial-analysis/steps/${step}/run` });

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { worker: true });
    u = await createUser(t);
  });
  afterAll(() => t?.close());

  it('starts with every step to do, and refuses a step before the one it needs', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json().steps.map((s: { status: string }) => s.status)).toEqual([
      'todo',
      'todo',
      'todo',
      'todo',
    ]);
    expect(res.json().analysis).toBeNull();
    const early = await run(2);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toMatch(/needs step 1/);
    const bad = await run(7);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['path', 'step']);
  });

  it('walks from connecting the API to an analysis whose totals reconcile with the source', async () => {
    expect((await run(1)).json().steps[0].status).toBe('done');
    expect((await run(2)).statusCode).toBe(200);
    const pulled = await eventually(async () => {
      const s = (await get()).json().steps[1];
      return s.status === 'done' ? s : s.status === 'failed' ? Promise.reject(new Error(s.error)) : null;
    }, 60_000);
    // pages of two entities and fan-out per entity
    expect(pulled.did.join(' ')).toMatch(/entities: 2 calls.*3 records/);
    expect(pulled.did.join(' ')).toContain(
      `${financeData().transactions.length.toLocaleString('en-US')} records`,
    );

    expect((await run(3)).statusCode).toBe(200);
    const demo = await eventually(async () => {
      const d = (await get()).json();
      return d.steps[3].status === 'done'
        ? d
        : d.steps[2].status === 'failed'
          ? Promise.reject(new Error(d.steps[2].error))
          : null;
    }, 60_000);
    expect(demo.steps[2].did.join('\n')).toMatch(/total_transaction_amount ← transactions\[\*\]\.amount/);
    const a = demo.analysis;
    expect(a.totals).toEqual(sourceTotals());
    expect(a.source_totals).toEqual(sourceTotals());
    expect(a.reconciled).toBe(true);
    expect(a.by_entity).toHaveLength(financeData().entities.length);
    expect(a.by_status.map((s: { name: string }) => s.name).sort()).toEqual([
      'CLEARED',
      'DECLINED',
      'PENDING',
    ]);
    expect(a.by_merchant.length).toBeGreaterThan(0);
    expect(a.anomalies.length).toBeGreaterThan(0);

    // the pipeline, job and result are ordinary ones the user can open
    const pipelineHref = demo.steps[2].links[0].href as string;
    const pipeline = await t.as(u.token, { method: 'GET', url: `/api${pipelineHref}` });
    expect(pipeline.json()).toMatchObject({ status: 'deployed', job_count: 1 });

    // re-running a step makes new work, not a copy of the screen
    expect((await run(3)).statusCode).toBe(200);
    await eventually(async () => (await get()).json().steps[3].status === 'done', 60_000);
    const again = await t.as(u.token, { method: 'GET', url: `/api${pipelineHref}` });
    expect(again.json().job_count).toBe(2);
  });

  it("another organization sees its own demo, not this one's", async () => {
    const other = await createUser(t);
    const res = await get(other.token);
    expect(res.json().steps[0].status).toBe('todo');
    expect(res.json().analysis).toBeNull();
  });
});
