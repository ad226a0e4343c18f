import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DATABASES, type TestApp, type TestUser } from './helper.ts';

/** Internal settings and impersonation are for Mapwright staff only. */
describe.each(DATABASES)('internal settings (%s)', (kind) => {
  let t: TestApp;
  let staff: TestUser;
  let owner: TestUser;
  let member: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind);
    staff = await createUser(t, { role: 'staff' });
    owner = await createUser(t);
    member = await createUser(t, { role: 'member', orgId: owner.orgId });
  });
  afterAll(() => t.close());

  const every = (): InjectOptions[] => [
    { method: 'GET', url: '/api/internal/orgs' },
    { method: 'GET', url: `/api/internal/orgs/${owner.orgId}/members` },
    {
      method: 'PATCH',
      url: `/api/internal/orgs/${owner.orgId}/settings`,
      payload: { projects_landing: true },
    },
    { method: 'GET', url: '/api/internal/audit' },
    { method: 'GET', url: '/api/orgs' },
    { method: 'POST', url: '/api/orgs', payload: { name: 'Shadow', owner_email: 'shadow@example.com' } },
    {
      method: 'POST',
      url: '/api/auth/jwt/impersonate/verify',
      payload: { email: owner.email, impersonate_email: staff.email, reason: 'curious' },
    },
  ];

  it('refuses a member who is not staff every internal and impersonation endpoint (403), changing nothing', async () => {
    for (const who of [owner, member]) {
      for (const req of every()) {
        const payload = String(req.url).includes('impersonate')
          ? { email: who.email, impersonate_email: staff.email, reason: 'curious' }
          : req.payload;
        const res = await t.as(who.token, { ...req, payload } as InjectOptions);
        expect({ req: `${req.method} ${req.url}`, status: res.statusCode }).toEqual({
          req: `${req.method} ${req.url}`,
          status: 403,
        });
      }
    }
    // even a bad body is refused as forbidden, not described
    const bad = await t.as(member.token, {
      method: 'PATCH',
      url: `/api/internal/orgs/${owner.orgId}/settings`,
      payload: { demos: { nope: 1 } },
    });
    expect(bad.statusCode).toBe(403);
    expect(
      (await t.as(owner.token, { method: 'GET', url: '/api/org/settings' })).json().projects_landing,
    ).toBe(false);
  });

  it('lets staff see organizations with members, usage and flags, and set the flags (audited)', async () => {
    const orgs = (await t.as(staff.token, { method: 'GET', url: '/api/internal/orgs?size=100' })).json();
    const row = orgs.items.find((o: { id: string }) => o.id === owner.orgId);
    expect(row).toMatchObject({
      member_count: 2,
      usage: { records_processed: 0, job_runs: 0, workflow_runs: 0 },
      settings: { projects_landing: false, demos: { multiTable: false, manualRun: false } },
    });
    const members = (
      await t.as(staff.token, { method: 'GET', url: `/api/internal/orgs/${owner.orgId}/members` })
    ).json();
    expect(members.items.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      [member.email, 'member'],
    ]);

    const set = await t.as(staff.token, {
      method: 'PATCH',
      url: `/api/internal/orgs/${owner.orgId}/settings`,
      payload: { demos: { financialAnalysis: true }, projects_landing: true },
    });
    expect(set.statusCode).toBe(200);
    // every member of the organization reads them; the landing list of /api/config includes it
    const own = (await t.as(member.token, { method: 'GET', url: '/api/org/settings' })).json();
    expect(own).toMatchObject({
      projects_landing: true,
      demos: { financialAnalysis: true, multiTable: false },
    });
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(config.projectsLandingOrgIds).toContain(owner.orgId);

    const audit = (
      await t.as(staff.token, {
        method: 'GET',
        url: `/api/internal/audit?org_id=${owner.orgId}&action=organization.settings_changed`,
      })
    ).json();
    expect(audit.items[0]).toMatchObject({
      actor_email: staff.email,
      details: { after: { projects_landing: true }, before: { projects_landing: false } },
    });
  });

  it('names the bad field and changes nothing on bad input; an unknown organization is 404', async () => {
    const patch = (payload: unknown, orgId = owner.orgId) =>
      t.as(staff.token, {
        method: 'PATCH',
        url: `/api/internal/orgs/${orgId}/settings`,
        payload: payload as object,
      });
    const unknownFlag = await patch({ demos: { teleport: true } });
    expect(unknownFlag.statusCode).toBe(422);
    expect(JSON.stringify(unknownFlag.json().detail)).toContain('demos');
    const wrongType = await patch({ projects_landing: 'yes' });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().detail[0].loc).toContain('projects_landing');
    expect((await patch({})).statusCode).toBe(422);
    expect((await patch({ projects_landing: true }, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    expect(
      (await t.as(staff.token, { method: 'GET', url: '/api/internal/orgs/not-a-uuid/members' })).statusCode,
    ).toBe(422);
  });

  it('requires a reason to impersonate, records it, and attributes what happens to both users', async () => {
    const noReason = await t.as(staff.token, {
      method: 'POST',
      url: '/api/auth/jwt/impersonate/verify',
      payload: { email: staff.email, impersonate_email: owner.email },
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().detail[0].loc).toContain('reason');
    const res = await t.as(staff.token, {
      method: 'POST',
      url: '/api/auth/jwt/impersonate/verify',
      payload: { email: staff.email, impersonate_email: owner.email, reason: 'ticket 7: pipeline fails' },
    });
    expect(res.statusCode).toBe(200);
    const imp = res.json().access_token;
    // impersonating staff see the user's view: internal settings are refused
    expect((await t.as(imp, { method: 'GET', url: '/api/internal/orgs' })).statusCode).toBe(403);
    await t.as(imp, { method: 'POST', url: '/api/auth/jwt/logout' });

    const trail = (
      await t.as(staff.token, { method: 'GET', url: `/api/internal/audit?org_id=${owner.orgId}` })
    ).json();
    const start = trail.items.find((e: { action: string }) => e.action === 'impersonation.start');
    expect(start).toMatchObject({
      actor_email: owner.email,
      impersonator_email: staff.email,
      details: { reason: 'ticket 7: pipeline fails' },
    });
    const logout = trail.items.find((e: { action: string }) => e.action === 'logout');
    expect(logout).toMatchObject({ actor_email: owner.email, impersonator_email: staff.email });
  });
});
