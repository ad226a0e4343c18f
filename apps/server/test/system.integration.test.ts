import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createTestApp, type TestApp } from './helper.ts';

describe('system endpoints and config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      MIGRATION_ORG_IDS: 'demo,11111111-1111-4111-8111-111111111111',
      OLD_HOST: 'old.example.com',
      NEW_HOST: 'new.example.com',
      STATUS_TYPE: 'warning',
      STATUS_MESSAGE: 'Scheduled maintenance at 22:00 UTC',
    });
  });
  afterAll(() => t.close());

  it('serves the public config with `demo` resolved to the seeded organization', async () => {
    const cfg = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(cfg.migrationOrgIds).toEqual([t.app.ctx.demoOrgId, '11111111-1111-4111-8111-111111111111']);
    expect(cfg).toMatchObject({
      oldHost: 'old.example.com',
      newHost: 'new.example.com',
      productName: 'Mapwright',
    });
  });

  it('publishes the status through a history listing and a versioned status document', async () => {
    const history = (await t.app.inject({ method: 'GET', url: '/api/system-status/history' })).json();
    const version = history.items[0].version;
    const status = await t.app.inject({ method: 'GET', url: `/api/system-status/${version}` });
    expect(status.json()).toEqual({ type: 'warning', message: 'Scheduled maintenance at 22:00 UTC' });
    expect((await t.app.inject({ method: 'GET', url: '/api/system-status/v0' })).statusCode).toBe(404);
  });

  it('documents every route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const routes = t.app.printRoutes({ commonPrefix: false });
    for (const path of [
      '/api/auth/jwt/login',
      '/api/me',
      '/api/org',
      '/api/roles',
      '/api/users/{id}',
      '/api/api-keys',
      '/api/config',
    ]) {
      expect(doc.paths).toHaveProperty([path]);
    }
    expect(routes).toContain('/api/auth/jwt/impersonate/verify');
  });

  it('sets security headers and answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found: GET /api/nope' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('lists every bad environment variable at once', () => {
    expect(() =>
      loadConfig({ PORT: 'abc', DATABASE_URL: 'not a url', SEED_ADMIN_PASSWORD: 'short' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'not a url', SEED_ADMIN_PASSWORD: 'short' });
    } catch (err) {
      const msg = (err as Error).message;
      expect(msg).toContain('PORT');
      expect(msg).toContain('DATABASE_URL');
      expect(msg).toContain('SEED_ADMIN_PASSWORD: must be at least 8 characters');
    }
  });
});
