import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema.ts';
import { createTestApp, createUser, DATABASES, login, type TestApp } from './helper.ts';

const sidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;

describe.each(DATABASES)('sessions (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const me = (token: string) => t.as(token, { method: 'GET', url: '/api/me' });
  const post = (token: string, url: string, payload?: object) =>
    t.as(token, { method: 'POST', url, payload });

  it('records each sign-in as a session with its user agent', async () => {
    const u = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/jwt/login',
      payload: new URLSearchParams({ username: u.email, password: u.password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Device B browser' },
    });
    const sid = sidOf(res.json().access_token);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(row).toMatchObject({ userId: u.id, userAgent: 'Device B browser', revokedAt: null });
    expect(sidOf(u.token)).not.toBe(sid);
  });

  it('logout on device A ends that session only: device B stays signed in', async () => {
    const u = await createUser(t);
    const deviceA = u.token;
    const deviceB = await login(t, u.email, u.password);
    expect((await post(deviceA, '/api/auth/jwt/logout')).statusCode).toBe(204);
    expect((await me(deviceA)).statusCode).toBe(401);
    expect((await me(deviceB)).statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sidOf(deviceA)));
    expect(row!.revokedAt).toBeInstanceOf(Date);
  });

  it('log out everywhere ends every session of the user, and only theirs', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const deviceB = await login(t, u.email, u.password);
    expect((await post(u.token, '/api/auth/jwt/logout-all')).statusCode).toBe(204);
    expect((await me(u.token)).statusCode).toBe(401);
    expect((await me(deviceB)).statusCode).toBe(401);
    expect((await me(other.token)).statusCode).toBe(200);
    // signing in again starts a fresh session
    expect((await me(await login(t, u.email, u.password))).statusCode).toBe(200);
  });

  it('a password change ends every session, the one that changed it included', async () => {
    const u = await createUser(t);
    const deviceB = await login(t, u.email, u.password);
    const res = await post(u.token, '/api/me/password', {
      current_password: u.password,
      new_password: 'amber quartz meadow',
    });
    expect(res.statusCode).toBe(204);
    expect((await me(u.token)).statusCode).toBe(401);
    expect((await me(deviceB)).statusCode).toBe(401);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(rows.every((r) => r.revokedAt)).toBe(true);
  });

  it('a password reset ends every session', async () => {
    const u = await createUser(t);
    const deviceB = await login(t, u.email, u.password);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: u.email } });
    const mail = t.mail.find((m) => m.to === u.email)!;
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]!);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'amber quartz meadow' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(u.token)).statusCode).toBe(401);
    expect((await me(deviceB)).statusCode).toBe(401);
  });

  it('ending an impersonation leaves the user signed in; it cannot log the user out everywhere', async () => {
    const staff = await createUser(t, { role: 'staff' });
    const user = await createUser(t);
    const imp = await post(staff.token, '/api/auth/jwt/impersonate/verify', {
      email: staff.email,
      impersonate_email: user.email,
      reason: 'support ticket 42',
    });
    expect(imp.statusCode).toBe(200);
    const acting = imp.json().access_token;
    expect((await post(acting, '/api/auth/jwt/logout-all')).statusCode).toBe(403);
    expect((await post(acting, '/api/auth/jwt/logout')).statusCode).toBe(204);
    expect((await me(acting)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await me(staff.token)).statusCode).toBe(200);
  });
});
