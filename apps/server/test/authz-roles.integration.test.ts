import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema.ts';
import { createTestApp, createUser, DATABASES, type TestApp } from './helper.ts';

/** Findings 2 and 10 (issue 23): roles are ordered, and invites reveal nothing about other organizations. */
describe.each(DATABASES)('role order and invites (%s)', (kind) => {
  let t: TestApp;
  let roleIds: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const u = await createUser(t);
    const roles = (await t.as(u.token, { method: 'GET', url: '/api/roles' })).json();
    roleIds = Object.fromEntries(roles.items.map((r: { id: string; name: string }) => [r.name, r.id]));
  });
  afterAll(() => t.close());

  const roleOf = async (id: string) =>
    (await t.database.db.select().from(users).where(eq(users.id, id)))[0]?.roleId;

  it('lets no admin demote or remove an owner', async () => {
    const owner = await createUser(t);
    const second = await createUser(t, { orgId: owner.orgId });
    const admin = await createUser(t, { role: 'admin', orgId: owner.orgId });
    const demote = await t.as(admin.token, {
      method: 'PATCH',
      url: `/api/users/${owner.id}`,
      payload: { role_id: roleIds.viewer },
    });
    expect(demote.statusCode).toBe(403);
    expect(demote.json().detail).toBe('Your role (admin) cannot change a member ranked above it');
    const rename = await t.as(admin.token, {
      method: 'PATCH',
      url: `/api/users/${owner.id}`,
      payload: { name: 'Renamed' },
    });
    expect(rename.statusCode).toBe(403);
    const remove = await t.as(admin.token, { method: 'DELETE', url: `/api/users/${second.id}` });
    expect(remove.statusCode).toBe(403);
    expect(await roleOf(owner.id)).toBe(roleIds.owner);
    expect(await roleOf(second.id)).toBe(roleIds.owner);
  });

  it('lets an admin manage admins and below, but never grant or invite owner', async () => {
    const owner = await createUser(t);
    const admin = await createUser(t, { role: 'admin', orgId: owner.orgId });
    const peer = await createUser(t, { role: 'admin', orgId: owner.orgId });
    const viewer = await createUser(t, { role: 'viewer', orgId: owner.orgId });
    const up = await t.as(admin.token, {
      method: 'PATCH',
      url: `/api/users/${viewer.id}`,
      payload: { role_id: roleIds.owner },
    });
    expect(up.statusCode).toBe(403);
    expect(up.json().detail).toBe('Your role (admin) cannot grant the owner role');
    const invite = await t.as(admin.token, {
      method: 'POST',
      url: '/api/users',
      payload: { email: 'would-be-owner@example.com', name: 'W', role_id: roleIds.owner },
    });
    expect(invite.statusCode).toBe(403);
    const ok = await t.as(admin.token, {
      method: 'PATCH',
      url: `/api/users/${viewer.id}`,
      payload: { role_id: roleIds.admin },
    });
    expect(ok.json().role_id).toBe(roleIds.admin);
    expect((await t.as(admin.token, { method: 'DELETE', url: `/api/users/${peer.id}` })).statusCode).toBe(
      204,
    );
  });

  it('lets an owner hand over ownership, but never drop the last owner', async () => {
    const owner = await createUser(t);
    const admin = await createUser(t, { role: 'admin', orgId: owner.orgId });
    const last = await t.as(owner.token, {
      method: 'PATCH',
      url: `/api/users/${owner.id}`,
      payload: { role_id: roleIds.viewer },
    });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ detail: 'An organization needs at least one owner' });
    const promote = await t.as(owner.token, {
      method: 'PATCH',
      url: `/api/users/${admin.id}`,
      payload: { role_id: roleIds.owner },
    });
    expect(promote.statusCode).toBe(200);
    const stepDown = await t.as(owner.token, {
      method: 'PATCH',
      url: `/api/users/${owner.id}`,
      payload: { role_id: roleIds.admin },
    });
    expect(stepDown.statusCode).toBe(200);
    // the new owner is now the last one: they cannot be removed or demoted, even together
    const both = await Promise.all([
      t.as(admin.token, {
        method: 'PATCH',
        url: `/api/users/${admin.id}`,
        payload: { role_id: roleIds.member },
      }),
      t.as(admin.token, {
        method: 'PATCH',
        url: `/api/users/${admin.id}`,
        payload: { role_id: roleIds.viewer },
      }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([409, 409]);
    expect(await roleOf(admin.id)).toBe(roleIds.owner);
  });

  it('keeps one owner when two owners demote each other at the same time', async () => {
    const a = await createUser(t);
    const b = await createUser(t, { orgId: a.orgId });
    const results = await Promise.all([
      t.as(a.token, { method: 'PATCH', url: `/api/users/${b.id}`, payload: { role_id: roleIds.admin } }),
      t.as(b.token, { method: 'PATCH', url: `/api/users/${a.id}`, payload: { role_id: roleIds.admin } }),
    ]);
    // the loser is refused either as the last owner (409) or, if the winner finished before its
    // request was authenticated, as an admin touching an owner (403)
    const [won, lost] = results.map((r) => r.statusCode).sort();
    expect(won).toBe(200);
    expect([403, 409]).toContain(lost);
    const owners = [await roleOf(a.id), await roleOf(b.id)].filter((r) => r === roleIds.owner);
    expect(owners).toHaveLength(1);
  });

  it('answers 422 naming the problem for a PATCH that sets nothing', async () => {
    const owner = await createUser(t);
    const member = await createUser(t, { role: 'member', orgId: owner.orgId });
    for (const payload of [{}, { email: 'x@example.com', nickname: 'x' }]) {
      const res = await t.as(owner.token, { method: 'PATCH', url: `/api/users/${member.id}`, payload });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toEqual([
        expect.objectContaining({ loc: ['body'], msg: 'Nothing to change: give name or role_id' }),
      ]);
    }
  });

  it('answers an invite of an address used in another organization like any new address', async () => {
    const elsewhere = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    const invite = (email: string) =>
      t.as(admin.token, {
        method: 'POST',
        url: '/api/users',
        payload: { email, name: 'Someone', role_id: roleIds.member },
      });
    const taken = await invite(elsewhere.email.toUpperCase());
    const fresh = await invite('brand-new@example.com');
    expect(taken.statusCode).toBe(201);
    expect(fresh.statusCode).toBe(201);
    const shape = (body: { user: Record<string, unknown>; invite_link: string }) => ({
      keys: Object.keys(body.user).sort(),
      org: body.user.organization_id,
      role: body.user.role_id,
      link: body.invite_link.replace(/token=[^&]+/, 'token=T'),
    });
    expect(shape(taken.json())).toEqual(shape(fresh.json()));
    // the account elsewhere is untouched, its owner is told by mail, and the audit says why
    const [row] = await t.database.db.select().from(users).where(eq(users.id, elsewhere.id));
    expect(row).toMatchObject({ organizationId: elsewhere.orgId });
    expect(t.mail.filter((m) => m.to === elsewhere.email).at(-1)?.text).toContain('already has an account');
    const [declined] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.invite_declined'));
    expect(declined).toMatchObject({ organizationId: admin.orgId, actorUserId: admin.id });
    // a duplicate within the caller's own organization is still named
    const again = await invite('brand-new@example.com');
    expect(again.statusCode).toBe(409);
  });
});
