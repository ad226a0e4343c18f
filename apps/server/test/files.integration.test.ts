import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
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

const CSV = 'id,name,amount\n1,Ada,10.5\n2,Grace,"1,200.00"\n';

describe.each(DATABASES)('projects, files and versions (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind, { UPLOAD_MAX_BYTES: '4096' });
    u = await createUser(t);
  });
  afterAll(() => t.close());

  const blobCount = () => {
    const root = join(t.app.ctx.config.DATA_DIR, 'blobs');
    if (!existsSync(root)) return 0;
    return readdirSync(root, { recursive: true, withFileTypes: true }).filter(
      (d) => d.isFile() && /^[0-9a-f]{64}$/.test(d.name),
    ).length;
  };

  it('creates, renames, describes and lists projects with a name filter', async () => {
    const created = await t.as(u.token, {
      method: 'POST',
      url: '/api/projects',
      payload: { name: 'Q3 finance', description: 'Ledger imports' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    await t.as(u.token, { method: 'POST', url: '/api/projects', payload: { name: 'CRM' } });
    const renamed = await t.as(u.token, {
      method: 'PATCH',
      url: `/api/projects/${id}`,
      payload: { name: 'Q3 finance (final)' },
    });
    expect(renamed.json()).toMatchObject({
      name: 'Q3 finance (final)',
      description: 'Ledger imports',
      counts: { files: 0 },
    });
    const filtered = await t.as(u.token, { method: 'GET', url: '/api/projects?name=finance' });
    expect(filtered.json().items.map((p: { name: string }) => p.name)).toEqual(['Q3 finance (final)']);
    const literal = await t.as(u.token, {
      method: 'GET',
      url: `/api/projects?name=${encodeURIComponent('%')}`,
    });
    expect(literal.json().total).toBe(0);
    const bad = await t.as(u.token, { method: 'POST', url: '/api/projects', payload: { name: '   ' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toMatchObject({ loc: ['body', 'name'], msg: 'must not be empty' });
  });

  it('uploads a file as version 1, adds versions, picks the current one, edits metadata and downloads any version', async () => {
    const up = await t.as(u.token, {
      method: 'POST',
      url: '/api/files',
      ...multipart('../../etc/people.csv', CSV, 'text/csv'),
    });
    expect(up.statusCode).toBe(201);
    const file = up.json();
    expect(file).toMatchObject({
      name: 'people.csv',
      versions_count: 1,
      current_version: {
        number: 1,
        filename: 'people.csv',
        size: CSV.length,
        content_type: 'text/csv',
        is_current: true,
      },
    });

    const v2 = await t.as(u.token, {
      method: 'POST',
      url: `/api/files/${file.id}/versions`,
      ...multipart('people-v2.csv', `${CSV}3,Linus,7\n`),
    });
    expect(v2.json()).toMatchObject({ number: 2, is_current: true });
    const versions = (await t.as(u.token, { method: 'GET', url: `/api/files/${file.id}/versions` })).json()
      .items;
    expect(versions.map((v: { number: number }) => v.number)).toEqual([2, 1]);

    const back = await t.as(u.token, {
      method: 'PUT',
      url: `/api/files/${file.id}/current-version`,
      payload: { version_id: versions[1].id },
    });
    expect(back.json().current_version.number).toBe(1);
    const labelled = await t.as(u.token, {
      method: 'PATCH',
      url: `/api/files/${file.id}/versions/${versions[0].id}`,
      payload: { label: 'with Linus', notes: 'adds row 3' },
    });
    expect(labelled.json()).toMatchObject({ label: 'with Linus', notes: 'adds row 3', is_current: false });

    const current = await t.as(u.token, { method: 'GET', url: `/api/files/${file.id}/download` });
    expect(current.body).toBe(CSV);
    expect(current.headers['content-disposition']).toContain('people.csv');
    const old = await t.as(u.token, {
      method: 'GET',
      url: `/api/files/${file.id}/versions/${versions[0].id}/download`,
    });
    expect(old.body).toBe(`${CSV}3,Linus,7\n`);
  });

  it('paginates the file list with size 10 by default', async () => {
    const v = await createUser(t);
    for (let i = 0; i < 12; i++)
      await t.as(v.token, { method: 'POST', url: '/api/files', ...multipart(`f${i}.json`, `[${i}]`) });
    const first = (await t.as(v.token, { method: 'GET', url: '/api/files' })).json();
    expect(first).toMatchObject({ total: 12, page: 1, size: 10, pages: 2 });
    expect(first.items).toHaveLength(10);
    const second = (await t.as(v.token, { method: 'GET', url: '/api/files?page=2' })).json();
    expect(second.items).toHaveLength(2);
    const ids = new Set([...first.items, ...second.items].map((f: { id: string }) => f.id));
    expect(ids.size).toBe(12);
  });

  it('refuses empty, oversized and non-multipart uploads and leaves nothing behind', async () => {
    const v = await createUser(t);
    const before = blobCount();
    const empty = await t.as(v.token, { method: 'POST', url: '/api/files', ...multipart('empty.csv', '') });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail[0]).toMatchObject({ loc: ['body', 'file'], msg: 'the file is empty' });
    const big = await t.as(v.token, {
      method: 'POST',
      url: '/api/files',
      ...multipart('big.csv', 'x'.repeat(10_000)),
    });
    expect(big.statusCode).toBe(413);
    const json = await t.as(v.token, { method: 'POST', url: '/api/files', payload: { file: 'x' } });
    expect(json.statusCode).toBe(422);
    expect((await t.as(v.token, { method: 'GET', url: '/api/files' })).json().total).toBe(0);
    // the refused upload's temporary file is removed as its stream closes, which can be just after
    // the answer has gone out
    const tmp = join(t.app.ctx.config.DATA_DIR, 'blobs', 'tmp');
    await eventually(async () => readdirSync(tmp).length === 0);
    expect(readdirSync(tmp)).toEqual([]);
    expect(blobCount()).toBe(before);
  });

  it('deleting a project deletes its files and their content, and says what it holds first', async () => {
    const v = await createUser(t);
    const project = (
      await t.as(v.token, { method: 'POST', url: '/api/projects', payload: { name: 'Scratch' } })
    ).json();
    const unique = `only-here-${Date.now()}`;
    const f = (
      await t.as(v.token, {
        method: 'POST',
        url: `/api/files?project_id=${project.id}`,
        ...multipart('a.csv', unique),
      })
    ).json();
    await t.as(v.token, {
      method: 'POST',
      url: `/api/files/${f.id}/versions`,
      ...multipart('a.csv', `${unique}-2`),
    });
    const shown = (await t.as(v.token, { method: 'GET', url: `/api/projects/${project.id}` })).json();
    expect(shown.counts).toMatchObject({ files: 1, versions: 2, bytes: unique.length * 2 + 2 });
    const before = blobCount();
    expect((await t.as(v.token, { method: 'DELETE', url: `/api/projects/${project.id}` })).statusCode).toBe(
      204,
    );
    expect((await t.as(v.token, { method: 'GET', url: `/api/files/${f.id}` })).statusCode).toBe(404);
    expect(blobCount()).toBe(before - 2);
  });

  it('counts imports, schemas and pipelines; deleting keeps pipelines and the schemas they use', async () => {
    const v = await createUser(t);
    const post = (url: string, payload: Record<string, unknown>) =>
      t.as(v.token, { method: 'POST', url, payload });
    const project = (await post('/api/projects', { name: 'Ledger' })).json();
    const other = (await post('/api/projects', { name: 'Other' })).json();
    const f = (
      await t.as(v.token, {
        method: 'POST',
        url: `/api/files?project_id=${project.id}`,
        ...multipart('ledger.csv', CSV),
      })
    ).json();
    // an import inherits the project of its file
    const imp = await post('/api/imports', { file_id: f.id });
    expect(imp.statusCode).toBe(201);
    expect(imp.json().project_id).toBe(project.id);
    const objectSchema = { type: 'object', properties: { id: { type: 'string' } } };
    const used = (
      await post('/api/target_schemas', { name: 'Ledger row', project_id: project.id, schema: objectSchema })
    ).json();
    const unused = (
      await post('/api/target_schemas', { name: 'Scratch', project_id: project.id, schema: objectSchema })
    ).json();
    // one pipeline elsewhere maps into this project's schema; one in the project brings its own schema
    const elsewhere = (
      await post('/api/pipelines', { name: 'Ledger sync', target_schema: used.id, project_id: other.id })
    ).json();
    const inside = (
      await post('/api/pipelines', { name: 'Inside', target_schema: objectSchema, project_id: project.id })
    ).json();

    const shown = (await t.as(v.token, { method: 'GET', url: `/api/projects/${project.id}` })).json();
    expect(shown.counts).toEqual({
      files: 1,
      versions: 1,
      bytes: CSV.length,
      imports: 1,
      schemas: 3,
      schemas_in_use: 2,
      pipelines: 1,
    });
    const listed = (await t.as(v.token, { method: 'GET', url: '/api/projects' })).json();
    expect(listed.items.find((p: { id: string }) => p.id === other.id).counts).toMatchObject({
      files: 0,
      imports: 0,
      schemas: 0,
      pipelines: 1,
    });

    expect((await t.as(v.token, { method: 'DELETE', url: `/api/projects/${project.id}` })).statusCode).toBe(
      204,
    );
    const get = async (url: string) => t.as(v.token, { method: 'GET', url });
    expect((await get(`/api/imports/${imp.json().id}`)).statusCode).toBe(404);
    expect((await get(`/api/target_schemas/${unused.id}`)).statusCode).toBe(404);
    expect((await get(`/api/target_schemas/${used.id}`)).json()).toMatchObject({ project_id: null });
    expect((await get(`/api/target_schemas/${inside.target_schema_id}`)).json()).toMatchObject({
      project_id: null,
    });
    expect((await get(`/api/pipelines/${inside.id}`)).json()).toMatchObject({ project_id: null });
    expect((await get(`/api/pipelines/${elsewhere.id}`)).json()).toMatchObject({ project_id: other.id });
  });

  it("answers 404 for another organization's projects, files and versions, and viewers cannot change anything", async () => {
    const owner = await createUser(t);
    const project = (
      await t.as(owner.token, { method: 'POST', url: '/api/projects', payload: { name: 'Private' } })
    ).json();
    const file = (
      await t.as(owner.token, { method: 'POST', url: '/api/files', ...multipart('secret.csv', 'a\n1\n') })
    ).json();
    const stranger = await createUser(t);
    const vid = file.current_version.id;
    for (const req of [
      { method: 'GET' as const, url: `/api/projects/${project.id}` },
      { method: 'PATCH' as const, url: `/api/projects/${project.id}`, payload: { name: 'x' } },
      { method: 'DELETE' as const, url: `/api/projects/${project.id}` },
      { method: 'GET' as const, url: `/api/files/${file.id}` },
      { method: 'GET' as const, url: `/api/files/${file.id}/download` },
      { method: 'GET' as const, url: `/api/files/${file.id}/versions/${vid}/download` },
      { method: 'PUT' as const, url: `/api/files/${file.id}/current-version`, payload: { version_id: vid } },
      { method: 'DELETE' as const, url: `/api/files/${file.id}` },
    ]) {
      expect((await t.as(stranger.token, req)).statusCode, `${req.method} ${req.url}`).toBe(404);
    }
    expect(
      (
        await t.as(stranger.token, {
          method: 'POST',
          url: `/api/files?project_id=${project.id}`,
          ...multipart('x.csv', 'a'),
        })
      ).statusCode,
    ).toBe(404);
    const viewer = await createUser(t, { role: 'viewer', orgId: owner.orgId });
    expect((await t.as(viewer.token, { method: 'GET', url: `/api/files/${file.id}` })).statusCode).toBe(200);
    expect((await t.as(viewer.token, { method: 'DELETE', url: `/api/files/${file.id}` })).statusCode).toBe(
      403,
    );
    expect(
      (await t.as(viewer.token, { method: 'POST', url: '/api/projects', payload: { name: 'x' } })).statusCode,
    ).toBe(403);
  });
});
