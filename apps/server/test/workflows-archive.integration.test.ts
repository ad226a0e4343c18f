import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowRuns, workflows } from '../src/db/schema.ts';
import { activeWorkflows } from '../src/modules/workflows/workflows.repository.ts';
import { createTestApp, createUser, DATABASES, login, type TestApp } from './helper.ts';

/**
 * Submitting a list (spec §4) replaces the workflows, but never removes one on the server without
 * the caller naming it, and then only archives it: runs kept, restorable.
 */
const graph = () => ({
  nodes: [
    { id: 'entities', type: 'custom', data: { endpoint: { path: '/api/v1/entities' }, isFirstNode: true } },
    {
      id: 'out',
      type: 'final',
      data: { finalSchema: { type: 'object', properties: { count: { type: 'integer' } } } },
    },
  ],
  edges: [{ id: 'e1', source: 'entities', target: 'out' }],
});

describe.each(DATABASES)('workflow archive and restore (%s)', (kind) => {
  let t: TestApp;
  let demo: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    demo = await login(t, 'demo@mapwright.dev', 'demo-harbour-lantern');
  });
  afterAll(() => t.close());
  const api = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.as(token, { method, url, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const names = async (token: string, query = '') =>
    (await api(token, 'GET', `/api/workflows${query}`)).json().items.map((w: { name: string }) => w.name);

  it('the seeded sample workflow survives a submit without confirmation: 409 naming it, nothing changed', async () => {
    const before = (await api(demo, 'GET', '/api/workflows')).json().items;
    const sample = before.find((w: { name: string }) => w.name === 'Sample cards workflow');
    expect(sample).toBeDefined();
    const res = await api(demo, 'POST', '/api/workflows/submit', { workflows: [{ name: 'Only this' }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().would_remove).toEqual(
      before.map((w: { id: string; name: string }) => ({ id: w.id, name: w.name })),
    );
    expect(res.json().detail).toContain("'Sample cards workflow'");
    expect(await names(demo)).toEqual(before.map((w: { name: string }) => w.name));
    // naming only some of them is not enough either
    const partial = await api(demo, 'POST', '/api/workflows/submit', {
      workflows: [{ name: 'Only this' }],
      confirm_remove: [],
    });
    expect(partial.statusCode).toBe(409);
    const [row] = await t.database.db.select().from(workflows).where(eq(workflows.id, sample.id));
    expect(row!.archivedAt).toBeNull();
  });

  it('a confirmed submit archives the replaced workflows with their runs; restore brings one back', async () => {
    const u = await createUser(t);
    const old = (
      await api(u.token, 'POST', '/api/workflows', { name: 'Old', ...graph(), isActive: true })
    ).json();
    const run = (await api(u.token, 'POST', `/api/workflows/${old.id}/test`, {})).json();
    expect(run.id).toBeDefined();

    const res = await api(u.token, 'POST', '/api/workflows/submit', {
      workflows: [{ name: 'New' }],
      confirm_remove: [old.id],
    });
    expect(res.statusCode).toBe(200);
    expect(await names(u.token)).toEqual(['New']);
    const archived = (await api(u.token, 'GET', '/api/workflows?archived=true')).json();
    expect(archived.items.map((w: { id: string }) => w.id)).toEqual([old.id]);
    expect(archived.items[0].archivedAt).toEqual(expect.any(String));
    // kept, runs and all, and out of the schedule
    expect((await api(u.token, 'GET', `/api/workflow-runs/${run.id}`)).statusCode).toBe(200);
    expect(
      await t.database.db.select().from(workflowRuns).where(eq(workflowRuns.workflowId, old.id)),
    ).toHaveLength(1);
    expect((await activeWorkflows(t.database.db)).map((w) => w.id)).not.toContain(old.id);
    // an archived workflow is not changed or run until restored
    expect((await api(u.token, 'POST', `/api/workflows/${old.id}/run`)).statusCode).toBe(409);

    const restored = await api(u.token, 'POST', `/api/workflows/${old.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id: old.id, archivedAt: null, isActive: true });
    expect((await names(u.token)).sort()).toEqual(['New', 'Old']);
    expect((await api(u.token, 'GET', '/api/workflows?archived=true')).json().items).toEqual([]);
    expect((await activeWorkflows(t.database.db)).map((w) => w.id)).toContain(old.id);
    expect((await api(u.token, 'POST', `/api/workflows/${old.id}/restore`)).statusCode).toBe(409);
  });

  it('DELETE archives a workflow instead of deleting it; another organization cannot restore it', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const w = (await api(u.token, 'POST', '/api/workflows', { name: 'Gone', ...graph() })).json();
    expect((await api(u.token, 'DELETE', `/api/workflows/${w.id}`)).statusCode).toBe(204);
    expect(await names(u.token)).toEqual([]);
    expect(await names(u.token, '?archived=true')).toEqual(['Gone']);
    expect(await names(other.token, '?archived=true')).toEqual([]);
    expect((await api(other.token, 'POST', `/api/workflows/${w.id}/restore`)).statusCode).toBe(404);
    expect((await api(u.token, 'POST', `/api/workflows/${w.id}/restore`)).statusCode).toBe(200);
    expect(await names(u.token)).toEqual(['Gone']);
  });

  it('refuses a confirm_remove that is not a list of ids, naming the field', async () => {
    const u = await createUser(t);
    const res = await api(u.token, 'POST', '/api/workflows/submit', {
      workflows: [],
      confirm_remove: ['not-an-id'],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['body', 'confirm_remove', '0']);
  });
});
