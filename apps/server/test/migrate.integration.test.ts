import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelines, targetSchemas, workflows } from '../src/db/schema.ts';
import { createTestApp, createUser, DATABASES, eventually, type TestApp, type TestUser } from './helper.ts';

const SCHEMA = {
  type: 'object',
  properties: { full_name: { type: 'string' }, email: { type: 'string' } },
  required: ['full_name'],
};
const INPUT = [
  { name: 'Ada Lovelace', email_address: 'ada@example.com' },
  { name: 'Alan Turing', email_address: 'alan@example.com' },
  { name: 'Grace Hopper', email_address: 'not-an-email' },
];

describe.each(DATABASES)('migrate (%s)', (kind) => {
  let t: TestApp;
  let source: TestUser;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { OUTBOUND_ALLOWLIST: '127.0.0.1' }, { worker: true });
    source = await createUser(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());
  const post = (user: TestUser, url: string, payload?: unknown) =>
    t.as(user.token, { method: 'POST', url, payload: payload as object });
  const get = (user: TestUser, url: string) => t.as(user.token, { method: 'GET', url });

  /** Runs the pipeline's deployed mapper over INPUT; the mapped records in order. */
  async function outputs(user: TestUser, pipelineId: string) {
    const job = (await post(user, `/api/pipelines/${pipelineId}/jobs`, { data: INPUT })).json();
    const queued = (await post(user, `/api/jobs/${job.id}/run?immediate_return=true`)).json();
    await eventually(
      async () =>
        !['queued', 'running'].includes((await get(user, `/api/results/${queued.id}`)).json().status),
    );
    const page = (await get(user, `/api/results/${queued.id}/mappings?page=1&size=10`)).json();
    return page.items.map((r: { mapped_record: unknown; valid?: boolean }) => r.mapped_record);
  }

  async function deployedPipeline(user: TestUser, name: string) {
    const pipeline = (await post(user, '/api/pipelines', { name, target_schema: SCHEMA })).json();
    await post(user, `/api/pipelines/${pipeline.id}/jobs`, { data: INPUT });
    const w = (await post(user, `/api/pipelines/${pipeline.id}/workshops`)).json();
    expect((await post(user, `/api/workshops/${w.id}/deploy`)).json().version).toBe(1);
    return pipeline;
  }

  it('an export imported into a fresh organization reproduces the same pipeline outputs on the same input', async () => {
    const pipeline = await deployedPipeline(source, 'Contacts');
    const expected = await outputs(source, pipeline.id);
    expect(expected[0]).toEqual({ full_name: 'Ada Lovelace', email: 'ada@example.com' });

    const file = (await get(source, '/api/migrate/export')).json();
    expect(file).toMatchObject({ format: 'mapwright-export', version: 1 });
    expect(file.pipelines).toEqual([
      expect.objectContaining({
        name: 'Contacts',
        deployed_version: 1,
        mapper_versions: [expect.anything()],
      }),
    ]);

    const fresh = await createUser(t);
    const res = await post(fresh, '/api/migrate/import', { file });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ imported: true, clashes: [] });
    const imported = (await get(fresh, '/api/pipelines?page=1&size=10')).json().items;
    expect(imported).toEqual([expect.objectContaining({ name: 'Contacts', deployed_mapper_version: 1 })]);
    expect(await outputs(fresh, imported[0].id)).toEqual(expected);

    // importing the same file again clashes on every name, and writes nothing
    const again = await post(fresh, '/api/migrate/import', { file });
    expect(again.statusCode).toBe(409);
    expect(again.json().clashes).toEqual(
      expect.arrayContaining([
        { type: 'pipeline', name: 'Contacts', reason: 'a definition with this name already exists here' },
      ]),
    );
    expect((await get(fresh, '/api/pipelines')).json().total).toBe(1);
  });

  it('a dry run lists what would be created and what clashes, and changes nothing', async () => {
    const file = (await get(source, '/api/migrate/export')).json();
    file.pipelines.push({ ...file.pipelines[0], key: 'x', name: 'Orphan', target_schema_key: 'missing' });
    const target = await createUser(t);
    const db = t.database.db;
    const count = async () => ({
      p: (await db.select().from(pipelines).where(eq(pipelines.organizationId, target.orgId))).length,
      s: (await db.select().from(targetSchemas).where(eq(targetSchemas.organizationId, target.orgId))).length,
      w: (await db.select().from(workflows).where(eq(workflows.organizationId, target.orgId))).length,
    });
    const before = await count();
    const dry = await post(target, '/api/migrate/import?dry_run=true', { file });
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ dry_run: true, imported: false });
    expect(dry.json().create).toEqual(
      expect.arrayContaining([
        { type: 'pipeline', name: 'Contacts' },
        { type: 'mapper_version', name: 'Contacts v1' },
        { type: 'target_schema', name: 'Contacts schema' },
      ]),
    );
    expect(dry.json().clashes).toEqual([
      { type: 'pipeline', name: 'Orphan', reason: 'its target schema is not in the file' },
    ]);
    expect(await count()).toEqual(before);
    // with a clash the real import writes nothing at all (no half import)
    expect((await post(target, '/api/migrate/import', { file })).statusCode).toBe(409);
    expect(await count()).toEqual(before);
  });

  it('pulls an export from a Lume-compatible API with its key', async () => {
    const key = (await post(source, '/api/api-keys', { name: 'migration' })).json().key;
    const target = await createUser(t);
    const dry = await post(target, '/api/migrate/import?dry_run=true', {
      source: { url: base, api_key: key },
    });
    expect(dry.statusCode).toBe(200);
    expect(dry.json().create).toEqual(expect.arrayContaining([{ type: 'pipeline', name: 'Contacts' }]));
    const badKey = await post(target, '/api/migrate/import?dry_run=true', {
      source: { url: base, api_key: 'wrong' },
    });
    expect(badKey.statusCode).toBe(422);
    expect(badKey.json().detail[0].loc).toEqual(['body', 'source', 'api_key']);
  });

  it('refuses a file that is not an export, naming the field', async () => {
    const bad = await post(source, '/api/migrate/import', { file: { format: 'other' } });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json().detail)).toContain('file');
    const viewer = await createUser(t, { role: 'viewer', orgId: source.orgId });
    const file = (await get(source, '/api/migrate/export')).json();
    expect((await post(viewer, '/api/migrate/import?dry_run=true', { file })).statusCode).toBe(403);
  });
});
