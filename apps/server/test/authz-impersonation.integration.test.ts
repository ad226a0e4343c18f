import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, auditLog, organizations, users } from '../src/db/schema.ts';
import { IMPERSONATION_DENIED } from '../src/plugins/auth.ts';
import { createTestApp, createUser, DATABASES, login, type TestApp, type TestUser } from './helper.ts';

/** Findings 1 (issue 23): an impersonation token is a bounded, audited look, never a takeover. */
describe.each(DATABASES)('impersonation is bounded and audited (%s)', (kind) => {
  let t: TestApp;
  let roleIds: Record<string, string>;
  let staff: TestUser;
  let victim: TestUser;
  let member: TestUser;
  let keyId: string;
  let imp: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    staff = await createUser(t, { role: 'staff' });
    victim = await createUser(t);
    member = await createUser(t, { role: 'member', orgId: victim.orgId });
    const roles = (await t.as(victim.token, { method: 'GET', url: '/api/roles' })).json();
    roleIds = Object.fromEntries(roles.items.map((r: { id: string; name: string }) => [r.name, r.id]));
    keyId = (
      await t.as(victim.token, { method: 'POST', url: '/api/api-keys', payload: { name: 'ci' } })
    ).json().id;
    const res = await t.as(staff.token, {
      method: 'POST',
      url: '/api/auth/jwt/impersonate/verify',
      payload: { email: staff.email, impersonate_email: victim.email, reason: 'support ticket 42' },
    });
    expect(res.statusCode).toBe(200);
    imp = res.json().access_token;
  });
  afterAll(() => t.close());

  /** Everything that mints or changes credentials or identity, with bodies that would succeed. */
  const guarded = (): InjectOptions[] => [
    { method: 'POST', url: '/api/api-keys', payload: { name: 'forever' } },
    { method: 'DELETE', url: `/api/api-keys/${keyId}` },
    {
      method: 'POST',
      url: '/api/me/password',
      payload: { current_password: victim.password, new_password: 'taken over now' },
    },
    { method: 'PATCH', url: '/api/me', payload: { name: 'Renamed' } },
    { method: 'POST', url: '/api/me/totp/setup' },
    { method: 'POST', url: '/api/me/totp/enable', payload: { token: '123456' } },
    { method: 'POST', url: '/api/me/totp/disable', payload: { token: '123456' } },
    {
      method: 'POST',
      url: '/api/users',
      payload: { email: 'accomplice@example.com', name: 'A', role_id: roleIds.owner },
    },
    { method: 'PATCH', url: `/api/users/${member.id}`, payload: { role_id: roleIds.owner } },
    { method: 'DELETE', url: `/api/users/${member.id}` },
    { method: 'POST', url: '/api/orgs', payload: { name: 'Shadow', owner_email: 'shadow@example.com' } },
  ];

  it('refuses every credential or identity change under an impersonation token, and changes nothing', async () => {
    const db = t.database.db;
    const before = {
      keys: await db.select().from(apiKeys).where(eq(apiKeys.organizationId, victim.orgId)),
      users: await db.select().from(users).where(eq(users.organizationId, victim.orgId)),
      orgs: (await db.select().from(organizations)).length,
    };
    for (const req of guarded()) {
      const res = await t.as(imp, req);
      expect({ req: `${req.method} ${req.url}`, status: res.statusCode, body: res.json() }).toEqual({
        req: `${req.method} ${req.url}`,
        status: 403,
        body: { detail: IMPERSONATION_DENIED },
      });
    }
    expect(await db.select().from(apiKeys).where(eq(apiKeys.organizationId, victim.orgId))).toEqual(
      before.keys,
    );
    expect(await db.select().from(users).where(eq(users.organizationId, victim.orgId))).toEqual(before.users);
    expect((await db.select().from(organizations)).length).toBe(before.orgs);
    // the owner still signs in with their own password
    expect(await login(t, victim.email, victim.password)).toEqual(expect.any(String));
  });

  it('still lets the same requests through for the user themselves (the guard is about impersonation)', async () => {
    const res = await t.as(victim.token, { method: 'POST', url: '/api/api-keys', payload: { name: 'mine' } });
    expect(res.statusCode).toBe(201);
    const renamed = await t.as(victim.token, { method: 'PATCH', url: '/api/me', payload: { name: 'Owner' } });
    expect(renamed.statusCode).toBe(200);
  });

  it('lets staff read and change ordinary data, and audits each change with both users', async () => {
    expect((await t.as(imp, { method: 'GET', url: '/api/me' })).json().impersonated_by).toBe(staff.email);
    const project = await t.as(imp, {
      method: 'POST',
      url: '/api/projects',
      payload: { name: 'Fixed by support' },
    });
    expect(project.statusCode).toBe(201);
    await t.as(imp, { method: 'POST', url: '/api/api-keys', payload: { name: 'again' } });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'impersonation.request'), eq(auditLog.actorUserId, victim.id)));
    const seen = rows.map((r) => ({
      who: [r.actorUserId, r.impersonatorUserId, r.organizationId],
      route: r.targetId,
      status: r.details.status,
    }));
    const both = [victim.id, staff.id, victim.orgId];
    expect(seen).toContainEqual({ who: both, route: 'POST /api/projects', status: 201 });
    expect(seen).toContainEqual({ who: both, route: 'POST /api/api-keys', status: 403 });
    // reads are not recorded one by one (the session start is)
    expect(seen.some((s) => s.route?.startsWith('GET '))).toBe(false);
  });

  it('shows the impersonated user who impersonated them and when, and only them', async () => {
    const res = await t.as(victim.token, { method: 'GET', url: '/api/me/impersonations' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 1, page: 1 });
    expect(res.json().items[0]).toMatchObject({ staff_email: staff.email, staff_name: 'Test User' });
    expect(Date.parse(res.json().items[0].started_at)).not.toBeNaN();
    const other = await t.as(member.token, { method: 'GET', url: '/api/me/impersonations' });
    expect(other.json()).toMatchObject({ total: 0, items: [] });
  });
});
