import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DATABASES, eventually, type TestApp, type TestUser } from './helper.ts';

/**
 * Issue 23 point 5: a connected app answers with a redirect to another origin (another port on
 * loopback, allow-listed for these tests). Its credentials (a custom API-key header, the OAuth2
 * client secret in a token request body) must never reach that origin.
 */

interface Seen {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

function listen(
  handler: (req: IncomingMessage, body: string, res: import('node:http').ServerResponse) => void,
) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ path: new URL(req.url!, 'http://x').pathname, headers: req.headers, body });
      handler(req, body, res);
    });
  });
  return {
    seen,
    port: () => (server.address() as AddressInfo).port,
    start: () => new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r())),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const json = (res: import('node:http').ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

describe.each(DATABASES)('outbound redirects keep credentials at home (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  // the origin that should never see a secret: it answers everything 200 so a leak would succeed
  const trap = listen((_req, _body, res) => json(res, 200, { access_token: 'stolen', data: [] }));
  const app = listen((req, _body, res) => {
    const url = new URL(req.url!, 'http://x');
    const to = `http://127.0.0.1:${trap.port()}${url.pathname}`;
    if (url.pathname.startsWith('/r302')) return res.writeHead(302, { location: to }).end();
    if (url.pathname.startsWith('/r307')) return res.writeHead(307, { location: to }).end();
    if (url.pathname === '/hop') return res.writeHead(302, { location: '/items' }).end();
    if (url.pathname === '/token') return json(res, 200, { access_token: 'tok-1' });
    if (url.pathname === '/items') return json(res, 200, { data: [{ id: 'a' }, { id: 'b' }] });
    json(res, 404, { detail: 'no such path' });
  });

  beforeAll(async () => {
    await Promise.all([trap.start(), app.start()]);
    t = await createTestApp(kind, { OUTBOUND_ALLOWLIST: '127.0.0.1' }, { worker: true });
    u = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([trap.close(), app.close()]);
  });

  const post = (url: string, payload?: object) =>
    t.as(u.token, { method: 'POST', url, ...(payload ? { payload } : {}) });

  async function apiKeyApp() {
    const res = await post('/api/workflows/authenticated-apps', {
      kind: 'api_key',
      name: `Key ${Math.random().toString(36).slice(2, 8)}`,
      baseUrl: `http://127.0.0.1:${app.port()}`,
      apiKey: 'key-secret-1',
      // a custom header name: the guard cannot recognise it as a credential by its name
      headerName: 'X-Token',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }

  async function run(sourceApp: string, path: string) {
    const created = await post('/api/workflows', {
      name: `Flow ${Math.random().toString(36).slice(2, 8)}`,
      sourceApp,
      nodes: [
        {
          id: 'n',
          type: 'custom',
          data: {
            endpoint: { path },
            params: {},
            isFirstNode: true,
            errorHandling: { retries: 2, delay: 10 },
            pagination: null,
          },
        },
        { id: 'out', type: 'final', data: { finalSchema: { type: 'object', properties: {} } } },
      ],
      edges: [{ id: 'e0', source: 'n', target: 'out' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const started = await post(`/api/workflows/${created.json().id}/run`);
    expect(started.statusCode, started.body).toBe(202);
    return eventually(async () => {
      const r = (
        await t.as(u.token, { method: 'GET', url: `/api/workflow-runs/${started.json().id}` })
      ).json();
      return ['succeeded', 'failed', 'cancelled'].includes(r.status) ? r : null;
    }, 30_000);
  }

  const leaked = () =>
    trap.seen.filter(
      (s) =>
        s.headers['x-token'] !== undefined ||
        s.headers.authorization !== undefined ||
        s.body.includes('client_secret') ||
        s.body.includes('cs-secret'),
    );

  it.each([302, 307])('a %s to another origin fails the call and the trap sees no API key', async (code) => {
    const path = `/r${code}-${kind}`;
    const r = await run(await apiKeyApp(), path);
    expect(r.status).toBe('failed');
    expect(r.error).toBe(
      `n: refused: redirect to another origin (http://127.0.0.1:${trap.port()}) would carry credentials`,
    );
    // refused, not retried: retrying cannot make the redirect safe
    expect(r.nodes[0].attempts).toBe(1);
    expect(trap.seen.filter((s) => s.path === path)).toEqual([]);
    expect(leaked()).toEqual([]);
  });

  it('an OAuth2 token endpoint answering 307 to another origin never sends the client secret there', async () => {
    const created = await post('/api/workflows/authenticated-apps', {
      kind: 'oauth2_client_credentials',
      name: `OAuth ${kind}`,
      baseUrl: `http://127.0.0.1:${app.port()}`,
      tokenUrl: `http://127.0.0.1:${app.port()}/r307-token-${kind}`,
      clientId: 'id-1',
      clientSecret: 'cs-secret-1',
    });
    expect(created.statusCode, created.body).toBe(201);
    const r = await run(created.json().id, '/items');
    expect(r.status).toBe('failed');
    expect(r.error).toContain(
      `refused: redirect to another origin (http://127.0.0.1:${trap.port()}) would carry credentials`,
    );
    expect(trap.seen.filter((s) => s.path === `/r307-token-${kind}`)).toEqual([]);
    expect(leaked()).toEqual([]);
    // the token request did go out, with its secret, to the token URL's own origin only
    expect(app.seen.some((s) => s.path === `/r307-token-${kind}` && s.body.includes('cs-secret-1'))).toBe(
      true,
    );
  });

  it('a same-origin redirect is followed with the credentials', async () => {
    const r = await run(await apiKeyApp(), '/hop');
    expect(r.status, r.error).toBe('succeeded');
    expect(r.nodes[0].records).toBe(2);
    expect(app.seen.findLast((s) => s.path === '/items')?.headers['x-token']).toBe('key-secret-1');
  });
});
