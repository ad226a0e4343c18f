import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DATABASES, login, type TestApp, type TestUser } from './helper.ts';

/** Issue 14: staff open organizations; each new one is empty and sealed off from the others. */
describe.each(DATABASES)('organizations (%s)', (kind) => {
  let t: TestApp;
  let staff: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind);
    staff = await createUser(t, { role: 'staff' });
  });
  afterAll(() => t.close());

  it('lets staff open an organization whose invited owner activates, signs in and sees only it', async () => {
    const first = await createUser(t);
    const project = await t.as(first.token, {
      method: 'POST',
      url: '/api/projects',
      payload: { name: 'Secret' },
    });
    expect(project.statusCode).toBe(201);

    const res = await t.as(staff.token, {
      method: 'POST',
      url: '/api/orgs',
      payload: { name: 'Acme Corp', owner_email: 'Boss@Acme.example', owner_name: 'The Boss' },
    });
    expect(res.statusCode).toBe(201);
    const { organization, owner, invite_link } = res.json();
    expect(organization).toMatchObject({ name: 'Acme Corp' });
    expect(owner).toMatchObject({
      email: 'boss@acme.example',
      name: 'The Boss',
      organization_id: organization.id,
    });
    expect(t.mail.at(-1)).toMatchObject({ to: 'boss@acme.example' });
    expect(t.mail.at(-1)!.text).toContain('Acme Corp');
    expect(t.mail.at(-1)!.text).toContain(invite_link);

    const listed = await t.as(staff.token, { method: 'GET', url: '/api/orgs?size=100' });
    expect(listed.json().items.map((o: { id: string }) => o.id)).toContain(organization.id);

    const token = new URL(invite_link).searchParams.get('token')!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'acme owner password' },
    });
    expect(reset.statusCode).toBe(200);
    const boss = await login(t, 'boss@acme.example', 'acme owner password');

    expect((await t.as(boss, { method: 'GET', url: '/api/org' })).json()).toMatchObject({
      id: organization.id,
      name: 'Acme Corp',
    });
    const roles = (await t.as(boss, { method: 'GET', url: '/api/roles' })).json();
    const ownerRole = roles.items.find((r: { name: string }) => r.name === 'owner').id;
    expect((await t.as(boss, { method: 'GET', url: '/api/me' })).json().role_id).toBe(ownerRole);
    expect((await t.as(boss, { method: 'GET', url: '/api/projects' })).json()).toMatchObject({ total: 0 });
    expect((await t.as(boss, { method: 'GET', url: '/api/users' })).json().items).toHaveLength(1);
    // the first organization's data does not exist for them
    const id = project.json().id;
    expect((await t.as(boss, { method: 'GET', url: `/api/projects/${id}` })).statusCode).toBe(404);
    expect((await t.as(boss, { method: 'DELETE', url: `/api/users/${first.id}` })).statusCode).toBe(404);
    // and, as an owner, they run their own organization
    const invited = await t.as(boss, {
      method: 'POST',
      url: '/api/users',
      payload: { email: 'analyst@acme.example', name: 'Analyst', role_id: ownerRole },
    });
    expect(invited.statusCode).toBe(201);
  });

  it('keeps organizations to staff', async () => {
    const owner = await createUser(t);
    expect((await t.as(owner.token, { method: 'GET', url: '/api/orgs' })).statusCode).toBe(403);
    const res = await t.as(owner.token, {
      method: 'POST',
      url: '/api/orgs',
      payload: { name: 'Mine', owner_email: 'mine@example.com' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Only Mapwright staff may manage organizations' });
  });

  it('refuses an owner address that already has an account, and names bad fields', async () => {
    const taken = await createUser(t);
    const dup = await t.as(staff.token, {
      method: 'POST',
      url: '/api/orgs',
      payload: { name: 'Dup', owner_email: taken.email },
    });
    expect(dup.statusCode).toBe(409);
    const bad = await t.as(staff.token, { method: 'POST', url: '/api/orgs', payload: { name: ' ' } });
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json()
        .detail.map((d: { loc: string[] }) => d.loc.join('.'))
        .sort(),
    ).toEqual(['body.name', 'body.owner_email']);
  });
});
