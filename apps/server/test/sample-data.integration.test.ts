import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleData } from '../src/db/schema.ts';
import { findDemoOrg } from '../src/db/seed.ts';
import {
  enqueueSampleData,
  makeSampleData,
  SAMPLE_PROJECT_NAME,
} from '../src/modules/sample-data/sample-data.service.ts';
import { createTestApp, DATABASES, eventually, login, type TestApp } from './helper.ts';

describe.each(DATABASES)('sample project on first start (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let orgId: string;
  const get = (url: string) => t.as(token, { method: 'GET', url: `/api${url}` });

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { worker: true });
    orgId = (await findDemoOrg(t.database.db))!.id;
    token = await login(t, 'demo@mapwright.dev', 'demo-harbour-lantern');
  });
  afterAll(() => t?.close());

  it('the demo organization starts empty until the sample data task runs', async () => {
    const projects = await get('/projects');
    expect(projects.json().total).toBe(0);
  });

  it('a queued task makes a real project with the product services, once', async () => {
    expect(await enqueueSampleData(t.app.ctx, orgId)).not.toBeNull();
    const state = await eventually(async () => {
      const [row] = await t.database.db.select().from(sampleData).where(eq(sampleData.organizationId, orgId));
      return row?.doneAt ? row : null;
    }, 60_000);

    const projects = (await get('/projects')).json();
    expect(projects.items.map((p: { name: string }) => p.name)).toEqual([SAMPLE_PROJECT_NAME]);
    const pipeline = (await get(`/pipelines/${state.pipelineId}`)).json();
    expect(pipeline).toMatchObject({ status: 'deployed', job_count: 2, project_id: state.projectId });

    // one run needs review with quarantined records, the other passed
    const results = await eventually(async () => {
      const r = (await get(`/results?pipeline_id=${state.pipelineId}`)).json();
      const statuses = r.items.map((x: { status: string }) => x.status);
      return statuses.length === 2 && !statuses.some((s: string) => ['queued', 'running'].includes(s))
        ? r
        : null;
    }, 60_000);
    const byJob = new Map(results.items.map((r: { job_id: string }) => [r.job_id, r]));
    expect(byJob.get(state.reviewJobId)).toMatchObject({ status: 'needs review' });
    expect((byJob.get(state.reviewJobId) as { failed: number }).failed).toBeGreaterThan(0);
    expect(byJob.get(state.cleanJobId)).toMatchObject({ status: 'finished', failed: 0 });

    // the finance API is connected (step 1 of the financial-analysis demo)
    expect((await get('/financial-analysis')).json().steps[0].status).toBe('done');

    // made once: not queued again, and a second run changes nothing
    expect(await enqueueSampleData(t.app.ctx, orgId)).toBeNull();
    expect(await makeSampleData(t.app.ctx, orgId)).toBe(true);
    expect((await get('/projects')).json().total).toBe(1);
  });
});
