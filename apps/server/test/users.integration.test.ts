import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { createTestApp, createUser, DATABASES, login, type TestApp } from './helper.ts';

describe.each(DATABASES)('members, roles, API keys, impersonation (%s)', (kind) => {
  let t: TestApp;
  let roleIds: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const owner = await createUser(t);
    const roles = (await t.as(owner.token, { method: 'GET', url: '/api/roles' })).json();
    roleIds = Object.fromEntries(roles.items.map((r: { id: string; name: string }) => [r.name, r.id]));
  });
  afterAll(() => t.close());

  it('lists the role list paginated with the spec default size of 50', async () => {
    const u = await createUser(t);
    const res = await t.as(u.token, { method: 'GET', url: '/api/roles' });
    expect(res.json()).toMatchObject({ total: 5, page: 1, size: 50, pages: 1 });
    expect(
      res
        .json()
        .items.map((r: { name: string }) => r.name)
        .sort(),
    ).toEqual(['admin', 'member', 'owner', 'staff', 'viewer']);
    const paged = await t.as(u.token, { method: 'GET', url: '/api/roles?page=2&size=2' });
    expect(paged.json()).toMatchObject({ page: 2, size: 2, pages: 3, total: 5 });
    expect(paged.json().items).toHaveLength(2);
    expect((await t.as(u.token, { method: 'GET', url: '/api/roles?page=0' })).json().detail[0].loc).toEqual([
      'query',
      'page',
    ]);
  });

  it('returns the caller organization', async () => {
    const u = await createUser(t);
    expect((await t.as(u.token, { method: 'GET', url: '/api/org' })).json()).toMatchObject({ id: u.orgId });
  });

  it('lets an admin invite a member who sets a password through the invite link', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const res = await t.as(admin.token, {
      method: 'POST',
      url: '/api/users',
      payload: { email: 'New.Person@Example.com', name: 'New Person', role_id: roleIds.member },
    });
    expect(res.statusCode).toBe(201);
    const { user, invite_link } = res.json();
    expect(user).toMatchObject({
      email: 'new.person@example.com',
      organization_id: admin.orgId,
      role_id: roleIds.member,
    });
    const token = new URL(invite_link).searchParams.get('token')!;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { token, password: 'welcome aboard' },
        })
      ).statusCode,
    ).toBe(200);
    expect(await login(t, 'new.person@example.com', 'welcome aboard')).toEqual(expect.any(String));
    const dup = await t.as(admin.token, {
      method: 'POST',
      url: '/api/users',
      payload: { email: 'new.person@example.com', name: 'x', role_id: roleIds.member },
    });
    expect(dup.statusCode).toBe(409);
  });

  it('forbids members from managing members, and admins from granting owner or staff', async () => {
    const owner = await createUser(t);
    const member = await createUser(t, { role: 'member', orgId: owner.orgId });
    const admin = await createUser(t, { role: 'admin', orgId: owner.orgId });
    const invite = { email: 'x@example.com', name: 'X', role_id: roleIds.member };
    expect(
      (await t.as(member.token, { method: 'POST', url: '/api/users', payload: invite })).statusCode,
    ).toBe(403);
    expect((await t.as(member.token, { method: 'DELETE', url: `/api/users/${admin.id}` })).statusCode).toBe(
      403,
    );
    expect(
      (
        await t.as(admin.token, {
          method: 'PATCH',
          url: `/api/users/${member.id}`,
          payload: { role_id: roleIds.owner },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.as(admin.token, {
          method: 'PATCH',
          url: `/api/users/${member.id}`,
          payload: { role_id: roleIds.staff },
        })
      ).statusCode,
    ).toBe(403);
    const ok = await t.as(admin.token, {
      method: 'PATCH',
      url: `/api/users/${member.id}`,
      payload: { role_id: roleIds.viewer },
    });
    expect(ok.json().role_id).toBe(roleIds.viewer);
  });

  it('keeps the last owner and refuses self-removal', async () => {
    const owner = await createUser(t);
    expect((await t.as(owner.token, { method: 'DELETE', url: `/api/users/${owner.id}` })).statusCode).toBe(
      409,
    );
    const res = await t.as(owner.token, {
      method: 'PATCH',
      url: `/api/users/${owner.id}`,
      payload: { role_id: roleIds.admin },
    });
    expect(res.json()).toEqual({ detail: 'An organization needs at least one owner' });
  });

  it("answers 404 for another organization's members, whatever the caller's role", async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    for (const req of [
      { method: 'PATCH' as const, url: `/api/users/${b.id}`, payload: { name: 'hijacked' } },
      { method: 'DELETE' as const, url: `/api/users/${b.id}` },
    ]) {
      expect((await t.as(a.token, req)).statusCode).toBe(404);
    }
    const list = (await t.as(a.token, { method: 'GET', url: '/api/users' })).json();
    expect(list.items.map((u: { id: string }) => u.id)).toEqual([a.id]);
    expect((await t.as(b.token, { method: 'GET', url: '/api/me' })).json().name).toBe('Test User');
  });

  it('creates an API key shown once, authenticates with x-api-key and lume-api-key, and revokes it', async () => {
    const owner = await createUser(t);
    const created = await t.as(owner.token, {
      method: 'POST',
      url: '/api/api-keys',
      payload: { name: 'CI' },
    });
    expect(created.statusCode).toBe(201);
    const { key, id } = created.json();
    expect(key).toMatch(/^mw_/);
    const listed = (await t.as(owner.token, { method: 'GET', url: '/api/api-keys' })).json();
    expect(listed.items[0]).not.toHaveProperty('key');
    for (const header of ['x-api-key', 'lume-api-key']) {
      const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { [header]: key } });
      expect(me.json().id).toBe(owner.id);
    }
    const used = (await t.as(owner.token, { method: 'GET', url: '/api/api-keys' })).json().items[0];
    expect(Date.parse(used.last_used_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await t.as(owner.token, { method: 'DELETE', url: `/api/api-keys/${id}` })).statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/me', headers: { 'x-api-key': key } })).statusCode,
    ).toBe(401);
    const other = await createUser(t);
    expect((await t.as(other.token, { method: 'DELETE', url: `/api/api-keys/${id}` })).statusCode).toBe(404);
    const member = await createUser(t, { role: 'member', orgId: owner.orgId });
    expect((await t.as(member.token, { method: 'GET', url: '/api/api-keys' })).statusCode).toBe(403);
  });

  it('lets only staff impersonate, audits who impersonates whom, and the token says so', async () => {
    const staff = await createUser(t, { role: 'staff' });
    const target = await createUser(t);
    const body = { email: staff.email, impersonate_email: target.email, reason: 'support ticket 42' };
    const denied = await t.as(target.token, {
      method: 'POST',
      url: '/api/auth/jwt/impersonate/verify',
      payload: { email: target.email, impersonate_email: staff.email, reason: 'support ticket 42' },
    });
    expect(denied.statusCode).toBe(403);
    const wrongEmail = await t.as(staff.token, {
      method: 'POST',
      url: '/api/auth/jwt/impersonate/verify',
      payload: { ...body, email: 'someone@else.com' },
    });
    expect(wrongEmail.statusCode).toBe(403);

    const res = await t.as(staff.token, {
      method: 'POST',
      url: '/api/auth/jwt/impersonate/verify',
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    const me = (await t.as(res.json().access_token, { method: 'GET', url: '/api/me' })).json();
    expect(me).toMatchObject({ id: target.id, impersonated_by: staff.email });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'impersonation.start'));
    expect(rows.find((r) => r.actorUserId === target.id)).toMatchObject({
      impersonatorUserId: staff.id,
      organizationId: target.orgId,
    });
    // an impersonation token cannot start another impersonation
    const chained = await t.as(res.json().access_token, {
      method: 'POST',
      url: '/api/auth/jwt/impersonate/verify',
      payload: body,
    });
    expect(chained.statusCode).toBe(403);
  });

  it('enforces path parameter formats', async () => {
    const u = await createUser(t);
    const res = await t.as(u.token, { method: 'DELETE', url: '/api/users/1;DROP TABLE users' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['path', 'id']);
  });
});
