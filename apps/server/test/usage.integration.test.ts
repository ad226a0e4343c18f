import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DATABASES, eventually, type TestApp, type TestUser } from './helper.ts';

const SCHEMA = {
  type: 'object',
  properties: { name: { type: 'string' }, email: { type: 'string' } },
  required: ['name'],
};
const records = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `P${i}`, email: `p${i}@x.org` }));

describe.each(DATABASES)('usage ledger and billing (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  let colleague: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind, { PLAN_RECORDS_PER_MONTH: '1000', PLAN_SEATS: '5' }, { worker: true });
    u = await createUser(t);
    colleague = await createUser(t, { orgId: u.orgId, role: 'member' });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, user = u) =>
    t.as(user.token, { method: 'POST', url, payload: payload as object });
  const get = (url: string, user = u) => t.as(user.token, { method: 'GET', url });

  async function runToEnd(jobId: string, user = u) {
    const queued = (await post(`/api/jobs/${jobId}/run?immediate_return=true`, undefined, user)).json();
    return eventually(async () => {
      const r = (await get(`/api/results/${queued.id}`, user)).json();
      return !['queued', 'running'].includes(r.status) && r;
    });
  }

  it('counts exactly the work done in a scripted session: N records, M job runs, P pipelines', async () => {
    // 2 pipelines; 3 job runs of 40 + 25 + 40 records (the first job run twice)
    const a = (await post('/api/pipelines', { name: 'A', target_schema: SCHEMA })).json();
    const b = (await post('/api/pipelines', { name: 'B', target_schema: SCHEMA }, colleague)).json();
    const jobA = (await post(`/api/pipelines/${a.id}/jobs`, { data: records(40) })).json();
    const jobB = (await post(`/api/pipelines/${b.id}/jobs`, { data: records(25) }, colleague)).json();
    await runToEnd(jobA.id);
    await runToEnd(jobB.id, colleague);
    await runToEnd(jobA.id);

    const report = (await get('/api/usage')).json();
    expect(report.totals).toMatchObject({
      records_processed: 105,
      job_runs: 3,
      pipelines_created: 2,
      workflow_runs: 0,
      llm_calls: 0,
    });
    const today = new Date().toISOString().slice(0, 10);
    expect(report.by_day.at(-1)).toMatchObject({
      day: today,
      counts: { records_processed: 105, job_runs: 3 },
    });
    expect(report.by_day).toHaveLength(30);
    const perPipeline = Object.fromEntries(
      report.by_pipeline.map((p: { name: string; counts: Record<string, number> }) => [p.name, p.counts]),
    );
    expect(perPipeline.A).toMatchObject({ records_processed: 80, job_runs: 2, pipelines_created: 1 });
    expect(perPipeline.B).toMatchObject({ records_processed: 25, job_runs: 1, pipelines_created: 1 });
    const perUser = Object.fromEntries(
      report.by_user.map((x: { user_id: string; counts: Record<string, number> }) => [x.user_id, x.counts]),
    );
    expect(perUser[u.id]).toMatchObject({ records_processed: 80, job_runs: 2 });
    expect(perUser[colleague.id]).toMatchObject({ records_processed: 25, job_runs: 1 });
    expect(report.limits).toEqual([
      { name: 'records_per_month', label: 'Records this month', limit: 1000, used: 105 },
      { name: 'pipelines', label: 'Pipelines', limit: null, used: 2 },
      { name: 'seats', label: 'Seats', limit: 5, used: 2 },
    ]);

    // the CSV holds the same sums
    const csv = await get('/api/usage/export.csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','));
    const sum = (k: string) => lines.filter((l) => l[1] === k).reduce((n, l) => n + Number(l[2]), 0);
    expect(sum('records_processed')).toBe(105);
    expect(sum('job_runs')).toBe(3);
  });

  it('counts each workflow run once, for the user who started it', async () => {
    const workflow = (
      await post('/api/workflows', {
        name: 'Usage entities',
        nodes: [
          {
            id: 'entities',
            type: 'custom',
            data: { endpoint: { path: '/api/v1/entities' }, isFirstNode: true },
          },
          { id: 'out', type: 'final', data: { finalSchema: { type: 'object', properties: {} } } },
        ],
        edges: [{ id: 'e1', source: 'entities', target: 'out' }],
      })
    ).json();
    const before = (await get('/api/usage')).json().totals.workflow_runs;
    for (let i = 0; i < 2; i++)
      expect((await post(`/api/workflows/${workflow.id}/run`, {})).statusCode).toBeLessThan(300);
    const report = (await get('/api/usage')).json();
    expect(report.totals.workflow_runs).toBe(before + 2);
    const mine = report.by_user.find((x: { user_id: string }) => x.user_id === u.id);
    expect(mine.counts.workflow_runs).toBe(before + 2);
  });

  it('keeps each organization to its own usage', async () => {
    const other = await createUser(t);
    const report = (await get('/api/usage', other)).json();
    expect(report.totals.records_processed).toBe(0);
    expect(report.by_pipeline).toEqual([]);
  });

  it('refuses a bad range with the field named', async () => {
    const bad = await get('/api/usage?from=2026-02-01&to=2026-01-01');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toContain('from');
    const notDate = await get('/api/usage?from=yesterday');
    expect(notDate.statusCode).toBe(422);
    expect(notDate.json().detail[0].loc).toContain('from');
    const past = (await get('/api/usage?from=2020-01-01&to=2020-01-03')).json();
    expect(past.by_day.map((d: { day: string }) => d.day)).toEqual([
      '2020-01-01',
      '2020-01-02',
      '2020-01-03',
    ]);
    expect(past.totals.records_processed).toBe(0);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/usage' })).statusCode).toBe(401);
  });
});
