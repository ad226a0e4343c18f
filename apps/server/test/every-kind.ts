import { expect } from 'vitest';
import { flowRuns, flowStepRuns, joinRuns, joins, resolutions, syncRuns, syncs } from '../src/db/schema.ts';
import { createUser, multipart, type TestApp, type TestUser } from './helper.ts';

/** Ids of one resource of every kind an API path can name, all in one organization. */
export interface EveryKind {
  ids: Record<string, string>;
  versionId: string;
  /** a run of the sync in `ids.syncs` */
  syncRunId: string;
  /** the organization's own id (staff-only routes name organizations) */
  orgId: string;
  /** a run of the flow in `ids.flows` */
  flowRunId: string;
}

const SCHEMA = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
  required: ['id'],
};

/**
 * Creates, through the API, one project, file (with a version), import, target schema,
 * pipeline, job, result, workshop, workflow, workflow run, authenticated app, API key and
 * second user in `owner`'s organization. The job is only queued: no worker is needed.
 */
export async function createEveryKind(t: TestApp, owner: TestUser): Promise<EveryKind> {
  const call = async (method: string, url: string, payload?: unknown, extra: object = {}) => {
    const res = await t.as(owner.token, {
      method: method as 'POST',
      url,
      payload: payload as object,
      ...extra,
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const project = await call('POST', '/api/projects', { name: 'Every kind' });
  const file = await call(
    'POST',
    '/api/files',
    undefined,
    multipart('people.csv', 'id,name\n1,Ada\n2,Grace\n', 'text/csv'),
  );
  const files = await call('GET', `/api/files/${file.id}/versions`);
  const imp = await call('POST', '/api/imports', { file_id: file.id });
  const schema = await call('POST', '/api/target_schemas', { name: 'People', schema: SCHEMA });
  const pipeline = await call('POST', '/api/pipelines', { name: 'People', target_schema: SCHEMA });
  const job = await call('POST', `/api/pipelines/${pipeline.id}/jobs`, { data: [{ id: 1, name: 'Ada' }] });
  const result = await call('POST', `/api/jobs/${job.id}/run?immediate_return=true`);
  const workshop = await call('POST', `/api/jobs/${job.id}/workshops`);
  const workflow = await call('POST', '/api/workflows', {
    name: 'Every kind',
    nodes: [
      { id: 'entities', type: 'custom', data: { endpoint: { path: '/api/v1/entities' }, isFirstNode: true } },
      { id: 'out', type: 'final', data: { finalSchema: { type: 'object', properties: {} } } },
    ],
    edges: [{ id: 'e1', source: 'entities', target: 'out' }],
  });
  const run = await call('POST', `/api/workflows/${workflow.id}/test`, {});
  const app = await call('POST', '/api/workflows/authenticated-apps', {
    kind: 'api_key',
    name: 'Every kind',
    baseUrl: 'https://api.example.com',
    apiKey: 'k',
  });
  const key = await call('POST', '/api/api-keys', { name: 'every kind' });
  const member = await createUser(t, { orgId: owner.orgId, role: 'member' });
  const settings = { host: '127.0.0.1', port: 5432, database: 'postgres', user: 'postgres' };
  const source = await call('POST', '/api/connections', {
    type: 'postgres',
    name: 'src',
    role: 'source',
    settings,
  });
  const dest = await call('POST', '/api/connections', {
    type: 'postgres',
    name: 'dst',
    role: 'destination',
    settings,
  });
  // a sync and its run straight into the tables: creating one through the API discovers a real table
  const [sync] = await t.database.db
    .insert(syncs)
    .values({
      organizationId: owner.orgId,
      name: 'Every kind',
      sourceConnectionId: source.id,
      destinationConnectionId: dest.id,
      streams: [{ name: 'public.t', syncMode: 'full_refresh', destination: 't' }],
      writeMode: 'append',
      state: {},
    })
    .returning();
  const [syncRun] = await t.database.db
    .insert(syncRuns)
    .values({
      organizationId: owner.orgId,
      syncId: sync!.id,
      status: 'succeeded',
      trigger: 'manual',
      state: {},
      rejectedSample: [],
    })
    .returning();
  const workbook = await call('POST', '/api/workbooks', { project_id: project.id });
  const datasets = await call('GET', '/api/datasets');
  // a join, its run and a resolution straight into the tables: through the API they need a
  // finished import, and this fixture runs no worker
  const [join] = await t.database.db
    .insert(joins)
    .values({
      organizationId: owner.orgId,
      name: 'Every kind',
      leftSource: { kind: 'import', id: imp.id },
      rightSource: { kind: 'import', id: imp.id },
      kind: 'inner',
      conditions: [{ left: 'name', right: 'name', method: 'exact' }],
      threshold: 0.85,
      matches: 'best',
      prefixes: { left: 'left_', right: 'right_' },
    })
    .returning();
  const [joinRun] = await t.database.db
    .insert(joinRuns)
    .values({ organizationId: owner.orgId, joinId: join!.id, settings: {} })
    .returning();
  const [resolution] = await t.database.db
    .insert(resolutions)
    .values({ organizationId: owner.orgId, name: 'Every kind', importId: imp.id, config: {} })
    .returning();
  // a flow with one step (a dataset source) and a run of it, straight into the run tables: no worker here
  const flow = await call('POST', '/api/flows', {
    name: 'Every kind',
    steps: [
      {
        id: 'source',
        kind: 'source',
        name: 'People',
        config: { input: { kind: 'dataset', id: datasets.items[0].id } },
      },
    ],
    edges: [],
  });
  const [flowRun] = await t.database.db
    .insert(flowRuns)
    .values({
      organizationId: owner.orgId,
      flowId: flow.id,
      version: 1,
      status: 'succeeded',
      trigger: 'manual',
    })
    .returning();
  await t.database.db.insert(flowStepRuns).values({
    runId: flowRun!.id,
    stepId: 'source',
    organizationId: owner.orgId,
    kind: 'source',
    status: 'succeeded',
  });
  return {
    orgId: owner.orgId,
    flowRunId: flowRun!.id,
    ids: {
      'api-keys': key.id,
      connections: source.id,
      syncs: sync!.id,
      'authenticated-apps': app.id,
      datasets: datasets.items[0].id,
      files: file.id,
      flows: flow.id,
      imports: imp.id,
      joins: join!.id,
      'join-runs': joinRun!.id,
      resolutions: resolution!.id,
      jobs: job.id,
      pipelines: pipeline.id,
      projects: project.id,
      results: result.id,
      target_schemas: schema.id,
      users: member.id,
      workbooks: workbook.id,
      'workflow-runs': run.id,
      workflows: workflow.id,
      workshops: workshop.id,
    },
    versionId: (files.items ?? files)[0].id,
    syncRunId: syncRun!.id,
  };
}

/** An OpenAPI path with every parameter filled from `kinds` (null when a parameter is unknown). */
export function fillPath(path: string, kinds: EveryKind): string | null {
  const parts = path.replace(/^\/api\//, '').split('/');
  let unknown = false;
  const filled = parts.map((part, i) => {
    const m = /^\{(\w+)\}$/.exec(part);
    if (!m) return part;
    if (m[1] === 'versionId') return kinds.versionId;
    if (m[1] === 'orgId') return kinds.orgId;
    if (m[1] === 'index') return '0';
    if (m[1] === 'runId') return parts[0] === 'flows' ? kinds.flowRunId : kinds.syncRunId;
    if (m[1] === 'stepId') return 'source';
    // a workbook's tab, field and share link: any value, the workbook's ownership is checked first
    if (m[1] === 'tab') return 'a1b2c3d4';
    if (m[1] === 'side') return 'left';
    if (m[1] === 'key') return 'pipeline:field';
    if (m[1] === 'share') return '00000000-0000-4000-8000-000000000000';
    const id = m[1] === 'id' ? kinds.ids[parts[i - 1]!] : undefined;
    if (!id) unknown = true;
    return id ?? '';
  });
  return unknown ? null : `/api/${filled.join('/')}`;
}
