import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  DATABASES,
  eventually,
  multipart,
  type TestApp,
  type TestUser,
} from './helper.ts';

// Issue 24.7: what is created from a project belongs to it; another organization's project is
// not found, and a malformed project id is refused naming the field.
const CSV = 'id,name,amount\n1,Ada,10\n2,Grace,20\n';
const OBJECT_SCHEMA = { type: 'object', properties: { id: { type: 'string' } } };

describe.each(DATABASES)('objects created from a project (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  let stranger: TestUser;
  let projectId: string;
  let foreignProjectId: string;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { worker: true });
    u = await createUser(t);
    stranger = await createUser(t);
    projectId = (
      await t.as(u.token, { method: 'POST', url: '/api/projects', payload: { name: 'CRM' } })
    ).json().id;
    foreignProjectId = (
      await t.as(stranger.token, { method: 'POST', url: '/api/projects', payload: { name: 'Theirs' } })
    ).json().id;
  });
  afterAll(() => t.close());

  const post = (url: string, payload: Record<string, unknown>) =>
    t.as(u.token, { method: 'POST', url, payload });
  const listed = async (path: string) =>
    (await t.as(u.token, { method: 'GET', url: `/api/${path}?project_id=${projectId}` }))
      .json()
      .items.map((x: { id: string }) => x.id);

  it('a file uploaded in a project, its import, a schema inferred from it and a pipeline all join the project', async () => {
    const up = await t.as(u.token, {
      method: 'POST',
      url: `/api/files?project_id=${projectId}`,
      ...multipart('crm.csv', CSV),
    });
    expect(up.statusCode).toBe(201);
    const file = up.json();
    expect(file.project_id).toBe(projectId);
    expect(await listed('files')).toContain(file.id);

    // Import on the file row sends only the file: the import takes the file's project
    const imp = await post('/api/imports', { file_id: file.id });
    expect(imp.statusCode).toBe(201);
    expect(imp.json().project_id).toBe(projectId);
    expect(await listed('imports')).toContain(imp.json().id);
    await eventually(async () => {
      const r = await t.as(u.token, { method: 'GET', url: `/api/imports/${imp.json().id}` });
      return r.json().status === 'succeeded';
    });

    // New schema on the Schemas tab: blank, or inferred from one of the project's datasets
    const blank = await post('/api/target_schemas', {
      name: 'Contact',
      project_id: projectId,
      schema: OBJECT_SCHEMA,
    });
    expect(blank.statusCode).toBe(201);
    expect(blank.json().project_id).toBe(projectId);
    const inferred = await post('/api/target_schemas/infer', {
      name: 'CRM row',
      import_id: imp.json().id,
      project_id: projectId,
      save: true,
    });
    expect(inferred.statusCode).toBe(200);
    const schemas = await listed('target_schemas');
    expect(schemas).toEqual(expect.arrayContaining([blank.json().id, inferred.json().id]));

    // New pipeline from the project (the wizard sends the project with an existing schema)
    const pipeline = await post('/api/pipelines', {
      name: 'CRM sync',
      target_schema: blank.json().id,
      project_id: projectId,
    });
    expect(pipeline.statusCode).toBe(201);
    expect(pipeline.json().project_id).toBe(projectId);
    expect(await listed('pipelines')).toContain(pipeline.json().id);

    const project = (await t.as(u.token, { method: 'GET', url: `/api/projects/${projectId}` })).json();
    expect(project.counts).toMatchObject({ files: 1, imports: 1, schemas: 2, pipelines: 1 });
  });

  it("answers 404 for another organization's project and creates nothing", async () => {
    const before = (await t.as(u.token, { method: 'GET', url: '/api/target_schemas' })).json().total;
    const schema = await post('/api/target_schemas', {
      name: 'Sneaky',
      project_id: foreignProjectId,
      schema: OBJECT_SCHEMA,
    });
    expect(schema.statusCode).toBe(404);
    const inferred = await post('/api/target_schemas/infer', {
      name: 'Sneaky',
      records: [{ id: 1 }],
      project_id: foreignProjectId,
      save: true,
    });
    expect(inferred.statusCode).toBe(404);
    const pipeline = await post('/api/pipelines', {
      name: 'Sneaky',
      target_schema: OBJECT_SCHEMA,
      project_id: foreignProjectId,
    });
    expect(pipeline.statusCode).toBe(404);
    const file = await t.as(u.token, {
      method: 'POST',
      url: `/api/files?project_id=${foreignProjectId}`,
      ...multipart('sneaky.csv', CSV),
    });
    expect(file.statusCode).toBe(404);
    expect((await t.as(u.token, { method: 'GET', url: '/api/target_schemas' })).json().total).toBe(before);
    // and the stranger's project stays empty
    const theirs = (
      await t.as(stranger.token, { method: 'GET', url: `/api/projects/${foreignProjectId}` })
    ).json();
    expect(theirs.counts).toMatchObject({ files: 0, imports: 0, schemas: 0, pipelines: 0 });
  });

  it('answers 422 naming project_id for a malformed project id', async () => {
    const cases = [
      await post('/api/target_schemas', { name: 'Bad', project_id: 'not-a-uuid', schema: OBJECT_SCHEMA }),
      await post('/api/target_schemas/infer', {
        name: 'Bad',
        records: [{ id: 1 }],
        project_id: 'not-a-uuid',
        save: true,
      }),
      await post('/api/pipelines', { name: 'Bad', target_schema: OBJECT_SCHEMA, project_id: 'not-a-uuid' }),
      await t.as(u.token, {
        method: 'POST',
        url: '/api/files?project_id=not-a-uuid',
        ...multipart('bad.csv', CSV),
      }),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(422);
      const locs = (res.json().detail as { loc: string[] }[]).map((d) => d.loc.join('.'));
      expect(
        locs.some((l) => l.endsWith('project_id')),
        JSON.stringify(res.json()),
      ).toBe(true);
    }
  });
});
