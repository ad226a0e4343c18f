import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createTestApp, createUser, DATABASES, type TestApp } from './helper.ts';

// counts password-hash checks, to show that refused attempts spend none
const hashes = vi.hoisted(() => ({ verified: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const mod = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...mod,
    verify: (...args: Parameters<typeof mod.verify>) => {
      hashes.verified++;
      return mod.verify(...args);
    },
  };
});

let nextAddress = 1;
/** a client address of its own, so one test's failures don't use up another's minute */
const newClient = () => `198.51.100.${nextAddress++}`;
const forged = (i: number) => `203.0.113.${i % 250}`;

describe.each(DATABASES)('credential guessing (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { LOGIN_MAX_DELAY_SECONDS: '10' });
  });
  afterAll(() => t.close());
  // the clock only moves when a test moves it (back-off waits without sleeping)
  beforeEach(() => void vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => void vi.useRealTimers());

  const attempt = (
    username: string,
    password: string,
    opts: { client?: string; forwardedFor?: string } = {},
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/jwt/login',
      remoteAddress: opts.client ?? '127.0.0.1',
      payload: new URLSearchParams({ username, password }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {}),
      },
    });
  const advance = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

  it('ignores X-Forwarded-For from an untrusted peer: 30 wrong passwords with a new header each are throttled', async () => {
    const u = await createUser(t);
    const client = newClient();
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) {
      codes.push((await attempt(u.email, `wrong-${i}`, { client, forwardedFor: forged(i) })).statusCode);
    }
    // five free failures for the account, then every try waits (the clock stands still)
    expect(codes.filter((c) => c === 400)).toHaveLength(5);
    expect(codes.slice(5)).toEqual(Array(25).fill(429));
    const refused = await attempt(u.email, u.password, { client, forwardedFor: '192.0.2.99' });
    expect(refused.statusCode).toBe(429);
  });

  it('throttles one client guessing many accounts (known or not) and spends no hash on refused tries', async () => {
    const client = newClient();
    const before = hashes.verified;
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await attempt(`ghost-${i}@example.com`, 'guess', { client, forwardedFor: forged(i) });
      codes.push(res.statusCode);
    }
    // LOGIN_RATE_LIMIT_PER_MINUTE (10) failures a minute from one address, whatever the accounts
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(codes.slice(10)).toEqual(Array(20).fill(429));
    expect(hashes.verified - before).toBe(10);
    const res = await attempt('ghost-x@example.com', 'guess', { client });
    expect(res.headers['retry-after']).toBe('60');
    expect(res.json()).toEqual({ detail: 'Too many attempts from your network. Try again in 60 seconds.' });
    advance(60);
    expect((await attempt('ghost-x@example.com', 'guess', { client })).statusCode).toBe(400);
  });

  it('refuses the right password while the account waits, accepts it after the back-off, and forgets the failures', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 5; i++) {
      expect((await attempt(u.email, 'wrong', { client: newClient() })).statusCode).toBe(400);
    }
    const locked = await attempt(u.email, u.password, { client: newClient() });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('1');
    expect(locked.json()).toEqual({
      detail: 'Too many failed sign-in attempts for this account. Try again in 1 second.',
    });
    // each further failure doubles the wait, up to LOGIN_MAX_DELAY_SECONDS (10 here)
    const waits: string[] = [];
    for (let i = 0; i < 5; i++) {
      advance(Number((await attempt(u.email, 'x', { client: newClient() })).headers['retry-after']));
      expect((await attempt(u.email, 'wrong', { client: newClient() })).statusCode).toBe(400);
      waits.push(String((await attempt(u.email, 'x', { client: newClient() })).headers['retry-after']));
    }
    expect(waits).toEqual(['2', '4', '8', '10', '10']);
    advance(10);
    expect((await attempt(u.email, u.password, { client: newClient() })).statusCode).toBe(200);
    // a success clears the count: the next mistake is a free one again
    expect((await attempt(u.email, 'wrong', { client: newClient() })).statusCode).toBe(400);
    expect((await attempt(u.email, u.password, { client: newClient() })).statusCode).toBe(200);
  });

  it('throttles an unknown account exactly like a known one', async () => {
    const u = await createUser(t);
    const answers = async (email: string) => {
      const out: (string | number)[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await attempt(email, 'wrong', { client: newClient() });
        out.push(res.statusCode, res.body);
      }
      return out;
    };
    expect(await answers('nobody-here@example.com')).toEqual(await answers(u.email));
  });

  it('throttles guessing of reset and invite tokens per client', async () => {
    const client = newClient();
    const reset = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        remoteAddress: client,
        payload: { token: `guess-${Math.random()}`, password: 'violet harbour lantern' },
      });
    for (let i = 0; i < 10; i++) expect((await reset()).statusCode).toBe(400);
    const refused = await reset();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default, takes a hop count or addresses and CIDRs, and refuses `true`', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: must be a hop count/);
  });

  it('counts by the forwarded address when the peer is a configured proxy, still limiting each account', async () => {
    const t = await createTestApp('pglite', { TRUST_PROXY: '127.0.0.1' });
    try {
      const u = await createUser(t);
      const codes: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/jwt/login',
          payload: new URLSearchParams({ username: `ghost-${i}@example.com`, password: 'x' }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forged(i) },
        });
        codes.push(res.statusCode);
      }
      // twelve clients behind the proxy, one try each: none is over its limit
      expect(codes).toEqual(Array(12).fill(400));
      const perAccount: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/jwt/login',
          payload: new URLSearchParams({ username: u.email, password: 'wrong' }).toString(),
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-forwarded-for': forged(100 + i),
          },
        });
        perAccount.push(res.statusCode);
      }
      expect(perAccount.slice(5)).toEqual([429, 429]);
    } finally {
      await t.close();
    }
  });
});
