import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createTestApp, createUser, DATABASES, login, type TestApp } from './helper.ts';

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe.each(DATABASES)('auth (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('logs the seeded demo user in with form data and returns a bearer token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/jwt/login',
      ...form({ username: 'demo@mapwright.dev', password: 'demo-harbour-lantern' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'bearer', access_token: expect.any(String) });
    const me = await t.as(res.json().access_token, { method: 'GET', url: '/api/me' });
    expect(me.json()).toMatchObject({ email: 'demo@mapwright.dev', name: 'Demo Owner' });
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/jwt/login',
      ...form({ username: 'demo@mapwright.dev', password: 'nope' }),
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/jwt/login',
      ...form({ username: 'ghost@example.com', password: 'nope' }),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: 'LOGIN_BAD_CREDENTIALS' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('names each bad form field in a 422', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/jwt/login',
      ...form({ username: "x' OR 1=1 --", token: '12' }),
    });
    expect(res.statusCode).toBe(422);
    const locs = res.json().detail.map((d: { loc: string[] }) => d.loc.join('.'));
    expect(locs).toEqual(expect.arrayContaining(['body.username', 'body.password', 'body.token']));
  });

  it('makes an account wait after five failed logins, whichever address they come from', async () => {
    const u = await createUser(t);
    // the clock stands still, so the one-second wait can't run out on a slow machine
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/jwt/login',
        remoteAddress: `198.51.100.${i + 1}`,
        ...form({ username: u.email, password: 'wrong' }),
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 400, 400, 429, 429]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/jwt/login',
      remoteAddress: '198.51.100.99',
      ...form({ username: u.email, password: u.password }),
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().detail).toMatch(
      /^Too many failed sign-in attempts for this account\. Try again in/,
    );
  });

  it('refuses missing, forged and expired tokens with 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await t.as('not.a.jwt', { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    const u = await createUser(t);
    const [h, p] = u.token.split('.');
    const forged = `${h}.${p}.${'A'.repeat(43)}`;
    expect((await t.as(forged, { method: 'GET', url: '/api/me' })).json()).toEqual({
      detail: 'Unauthorized',
    });
    const { issueToken } = await import('../src/modules/auth/tokens.ts');
    const { sid } = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const expired = await issueToken(t.app.ctx.jwtSecret, -10, { sub: u.id, org: u.orgId, ver: 0, sid });
    expect((await t.as(expired, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });

  it('logout refuses this session’s token afterwards (an empty JSON body counts as no body)', async () => {
    const u = await createUser(t);
    const res = await t.as(u.token, {
      method: 'POST',
      url: '/api/auth/jwt/logout',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(204);
    expect((await t.as(u.token, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });

  it('forgot-password answers the same whether or not the email exists, and mails a link that resets once', async () => {
    const u = await createUser(t);
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: u.email },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'nobody@example.com' },
    });
    expect(known.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    const mail = t.mail.filter((m) => m.to === u.email);
    expect(mail).toHaveLength(1);
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail[0]!.text)![1]!);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'a brand new password' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.as(u.token, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect(await login(t, u.email, 'a brand new password')).toEqual(expect.any(String));
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'another password' },
    });
    expect(again.json()).toEqual({ detail: 'RESET_PASSWORD_BAD_TOKEN' });
  });

  it('rejects a short new password with the field named', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: 'x'.repeat(20), password: 'short' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({
      loc: ['body', 'password'],
      msg: 'must be at least 8 characters',
    });
  });

  it('refuses weak passwords on invite activation, reset and change with the reason, keeping the link usable', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const roles = (await t.as(admin.token, { method: 'GET', url: '/api/roles' })).json();
    const memberRole = roles.items.find((r: { name: string }) => r.name === 'member').id;
    const invited = await t.as(admin.token, {
      method: 'POST',
      url: '/api/users',
      payload: { email: 'ivy.invitee@example.com', name: 'Ivy Invitee', role_id: memberRole },
    });
    const token = new URL(invited.json().invite_link).searchParams.get('token')!;
    const activate = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
    const refusals: Record<string, RegExp> = {
      aaaaaaaa: /repeated characters/i,
      password123: /commonly used password/i,
      'ivy.invitee@example.com': /^Do not use your email address in your password$/,
      ivyinvitee1: /^Do not use your (name|email address) in your password$/,
    };
    for (const [password, reason] of Object.entries(refusals)) {
      const res = await activate(password);
      expect(res.statusCode, password).toBe(422);
      expect(res.json().detail[0].loc).toEqual(['body', 'password']);
      expect(res.json().detail[0].msg).toMatch(reason);
    }
    expect((await activate('violet harbour lantern')).statusCode).toBe(200);

    const ivy = await login(t, 'ivy.invitee@example.com', 'violet harbour lantern');
    const change = (new_password: string) =>
      t.as(ivy, {
        method: 'POST',
        url: '/api/me/password',
        payload: { current_password: 'violet harbour lantern', new_password },
      });
    const weak = await change('ivy.invitee@example.com');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().detail[0]).toMatchObject({
      loc: ['body', 'new_password'],
      msg: 'Do not use your email address in your password',
    });
    expect((await change('password123')).json().detail[0].msg).toMatch(/commonly used password/i);
    expect((await change('amber quartz meadow')).statusCode).toBe(204);
  });

  it('enrols TOTP and then requires the code at login', async () => {
    const u = await createUser(t);
    const setup = await t.as(u.token, { method: 'POST', url: '/api/me/totp/setup' });
    const { secret } = setup.json();
    const code = await generate({ secret });
    expect(
      (await t.as(u.token, { method: 'POST', url: '/api/me/totp/enable', payload: { token: code } }))
        .statusCode,
    ).toBe(204);

    const noCode = await t.app.inject({
      method: 'POST',
      url: '/api/auth/jwt/login',
      ...form({ username: u.email, password: u.password }),
    });
    expect(noCode.json()).toEqual({ detail: 'LOGIN_TOTP_REQUIRED' });
    const badCode = await t.app.inject({
      method: 'POST',
      url: '/api/auth/jwt/login',
      ...form({ username: u.email, password: u.password, token: '000000' === code ? '111111' : '000000' }),
    });
    expect(badCode.json()).toEqual({ detail: 'LOGIN_TOTP_INVALID' });
    expect(await login(t, u.email, u.password, await generate({ secret }))).toEqual(expect.any(String));
  });

  it('rejects JSON bodies with __proto__ keys without changing anything', async () => {
    const u = await createUser(t);
    const res = await t.as(u.token, {
      method: 'PATCH',
      url: '/api/me',
      payload: '{"name":"x","__proto__":{"admin":true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(422);
    expect((await t.as(u.token, { method: 'GET', url: '/api/me' })).json().name).toBe('Test User');
  });

  it('refuses oversized bodies with 413', async () => {
    const u = await createUser(t);
    const res = await t.as(u.token, {
      method: 'PATCH',
      url: '/api/me',
      payload: { name: 'x'.repeat(2_000_000) },
    });
    expect(res.statusCode).toBe(413);
  });
});
