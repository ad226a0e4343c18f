import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEveryKind, type EveryKind, fillPath } from './every-kind.ts';
import { createTestApp, createUser, DATABASES, type TestApp, type TestUser } from './helper.ts';

interface OpenApiDoc {
  paths: Record<string, Record<string, { requestBody?: unknown }>>;
}

/**
 * Paths outside the organization's own resources, each with why: they name no resource of an
 * organization, so "another organization's id" does not apply.
 */
const NOT_ORG_SCOPED = [
  '/api/system-status/{version}', // release notes, the same for everyone
  '/api/workflows/apps/{appId}', // the built-in app catalogue, shared by all
  '/api/v1/transactions/{transaction_id}', // the finance sample app's own demo API
  // a customer preview: authenticated by its share token alone, scoped to that link's workbook
  // and tabs (workbooks.integration.test.ts: never another workbook or organization)
  '/api/share/tabs/{tab}/rows',
  '/api/share/fields/{key}/comments',
  '/api/share/fields/{key}/review',
  // a step number of the caller's own financial-analysis demo, not another organization's resource
  '/api/financial-analysis/steps/{step}/run',
];

/**
 * Every operation of the OpenAPI document that names a resource by id, called by the owner of
 * another organization on the first organization's ids, with an empty body: 404 (403 for a role
 * check), never a success and never a 422 (ownership is checked before the body is looked at).
 */
describe.each(DATABASES)('tenancy matrix (%s)', (kind) => {
  let t: TestApp;
  let owner: TestUser;
  let intruder: TestUser;
  let kinds: EveryKind;
  let doc: OpenApiDoc;
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await createUser(t);
    intruder = await createUser(t);
    kinds = await createEveryKind(t, owner);
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  }, 60_000);
  afterAll(() => t.close());

  it('answers 404 to every operation on another organization’s ids and changes nothing', async () => {
    const calls: string[] = [];
    const wrong: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (!path.includes('{') || NOT_ORG_SCOPED.includes(path)) continue;
      const url = fillPath(path, kinds);
      expect(url, `no id of this kind for ${path}: add it to createEveryKind`).not.toBeNull();
      for (const [method, op] of Object.entries(ops)) {
        const res = await t.as(intruder.token, {
          method: method.toUpperCase() as 'GET',
          url: url!,
          ...(op.requestBody ? { payload: {} } : {}),
        });
        calls.push(`${method.toUpperCase()} ${path}`);
        if (![403, 404].includes(res.statusCode))
          wrong.push(`${method.toUpperCase()} ${path} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(calls.length).toBeGreaterThan(80);
    // the first organization still has every resource, unchanged
    for (const [collection, id] of Object.entries(kinds.ids)) {
      if (collection === 'api-keys' || collection === 'authenticated-apps' || collection === 'users')
        continue;
      const res = await t.as(owner.token, { method: 'GET', url: `/api/${collection}/${id}` });
      expect(res.statusCode, `${collection} ${id}`).toBe(200);
    }
    const apps = (
      await t.as(owner.token, { method: 'GET', url: '/api/workflows/authenticated-apps' })
    ).json();
    expect(apps.items.map((a: { id: string }) => a.id)).toContain(kinds.ids['authenticated-apps']);
    const keys = (await t.as(owner.token, { method: 'GET', url: '/api/api-keys' })).json();
    expect(JSON.stringify(keys)).toContain(kinds.ids['api-keys']);
    const members = (await t.as(owner.token, { method: 'GET', url: '/api/users' })).json();
    expect(JSON.stringify(members)).toContain(kinds.ids.users);
  });
});
