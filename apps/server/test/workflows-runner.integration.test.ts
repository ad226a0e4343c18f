import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../src/db/schema.ts';
import { createTestApp, createUser, DATABASES, eventually, type TestApp, type TestUser } from './helper.ts';

/**
 * A third-party API that misbehaves on purpose, on loopback (allow-listed for these tests):
 * fails before it succeeds, rate-limits, paginates, is slow, and counts what it sees.
 */
function startFlakyApi() {
  const hits = new Map<string, number[]>();
  const auth: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let healthy = false;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const key = `${url.pathname}?${url.searchParams.get('key') ?? ''}`;
    const seen = [...(hits.get(key) ?? []), Date.now()];
    hits.set(key, seen);
    auth.push(String(req.headers.authorization ?? req.headers['x-api-key'] ?? ''));
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    const port = (server.address() as AddressInfo).port;
    switch (url.pathname) {
      case '/token': {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          const form = new URLSearchParams(body);
          if (form.get('client_id') === 'id-1' && form.get('client_secret') === 'cs-1')
            json(200, { access_token: 'tok-123', token_type: 'bearer' });
          else json(401, { error: 'invalid_client' });
        });
        return;
      }
      case '/flaky':
        return seen.length <= Number(url.searchParams.get('fail'))
          ? json(500, { detail: 'temporary failure' })
          : json(200, { data: [{ ok: true }] });
      case '/limited':
        return seen.length === 1
          ? json(429, { detail: 'slow down' }, { 'retry-after': '1' })
          : json(200, { data: [{ ok: 1 }] });
      case '/pages': {
        const start = Number(url.searchParams.get('start') ?? 1);
        const next = start < 3 ? `http://127.0.0.1:${port}/pages?start=${start + 1}` : null;
        return json(200, {
          data: [
            { page: start, i: 1 },
            { page: start, i: 2 },
          ],
          page: { next },
        });
      }
      case '/items':
        return json(200, { data: 'abcdefghijkl'.split('').map((id) => ({ id })) });
      case '/detail': {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        setTimeout(() => {
          inFlight--;
          json(200, { data: [{ id: url.searchParams.get('id'), detail: true }] });
        }, 60);
        return;
      }
      case '/boom':
        return healthy
          ? json(200, { data: [{ id: url.searchParams.get('id') }] })
          : json(500, { detail: 'down' });
      case '/slow': {
        const timer = setTimeout(() => json(200, { data: [] }), 8000);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      default:
        return json(404, { detail: 'no such path' });
    }
  });
  return {
    server,
    hits,
    auth,
    get maxInFlight() {
      return maxInFlight;
    },
    setHealthy: (v: boolean) => {
      healthy = v;
    },
    listen: () =>
      new Promise<number>((r) =>
        server.listen(0, '127.0.0.1', () => r((server.address() as AddressInfo).port)),
      ),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** a → b → ... → out */
const chain = (ids: string[]) => {
  const all = [...ids, 'out'];
  return all.slice(1).map((target, i) => ({ id: `e${i}`, source: all[i]!, target }));
};

type NodeSpec = {
  id: string;
  path: string;
  params?: Record<string, unknown>;
  errorHandling?: object;
  pagination?: object;
};

describe.each(DATABASES)('workflow runner against a failing API (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  let api: ReturnType<typeof startFlakyApi>;
  let port: number;
  let appId: string;

  beforeAll(async () => {
    api = startFlakyApi();
    port = await api.listen();
    t = await createTestApp(kind, { OUTBOUND_ALLOWLIST: '127.0.0.1' }, { worker: true });
    u = await createUser(t);
    const res = await t.as(u.token, {
      method: 'POST',
      url: '/api/workflows/authenticated-apps',
      payload: {
        kind: 'api_key',
        name: 'Flaky',
        baseUrl: `http://127.0.0.1:${port}`,
        apiKey: 'key-1',
        headerName: 'X-Api-Key',
      },
    });
    appId = res.json().id;
  });
  afterAll(async () => {
    await t.close();
    await api.close();
  });

  /** A straight line of endpoint nodes into a final node. */
  async function workflow(nodes: NodeSpec[], sourceApp = appId) {
    const res = await t.as(u.token, {
      method: 'POST',
      url: '/api/workflows',
      payload: {
        name: `Flow ${Math.random().toString(36).slice(2, 8)}`,
        sourceApp,
        nodes: [
          ...nodes.map((n, i) => ({
            id: n.id,
            type: 'custom',
            data: {
              endpoint: { path: n.path },
              params: n.params ?? {},
              isFirstNode: i === 0,
              errorHandling: n.errorHandling ?? { retries: 3, delay: 20 },
              pagination: n.pagination ?? null,
            },
          })),
          { id: 'out', type: 'final', data: { finalSchema: { type: 'object', properties: {} } } },
        ],
        edges: chain(nodes.map((n) => n.id)),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }

  const get = (url: string) => t.as(u.token, { method: 'GET', url });
  const post = (url: string, payload?: object) =>
    t.as(u.token, { method: 'POST', url, ...(payload ? { payload } : {}) });

  async function runToEnd(workflowId: string) {
    const started = await post(`/api/workflows/${workflowId}/run`);
    expect(started.statusCode, started.body).toBe(202);
    return finished(started.json().id);
  }
  const finished = (runId: string) =>
    eventually(async () => {
      const run = (await get(`/api/workflow-runs/${runId}`)).json();
      return ['succeeded', 'failed', 'cancelled'].includes(run.status) ? run : null;
    }, 30_000);

  it('retries with exponential backoff and records every attempt with its timing', async () => {
    const key = `b-${kind}`;
    const id = await workflow([
      { id: 'flaky', path: '/flaky', params: { key, fail: 2 }, errorHandling: { retries: 3, delay: 100 } },
    ]);
    const run = await runToEnd(id);
    expect(run.status, run.error).toBe('succeeded');
    const node = run.nodes[0];
    expect(node).toMatchObject({ status: 'succeeded', attempts: 3, calls: 1, records: 1 });
    expect(node.log.map((l: { status: number }) => l.status)).toEqual([500, 500, 200]);
    expect(node.log.map((l: { waitMs: number }) => l.waitMs)).toEqual([0, 100, 200]);
    expect(node.log[0].error).toMatch(/answered 500: \{"detail":"temporary failure"\}/);
    const at = api.hits.get(`/flaky?${key}`)!;
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(90);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(190);
    // the key was sent in its header
    expect(api.auth).toContain('key-1');
  });

  it('gives up after the configured retries with the last error', async () => {
    const key = `g-${kind}`;
    const id = await workflow([
      { id: 'flaky', path: '/flaky', params: { key, fail: 9 }, errorHandling: { retries: 2, delay: 10 } },
    ]);
    const run = await runToEnd(id);
    expect(run.status).toBe('failed');
    expect(run.nodes[0]).toMatchObject({ status: 'failed', attempts: 3 });
    expect(run.nodes[1].status).toBe('skipped');
    expect(run.error).toMatch(/^flaky: GET http:\/\/127\.0\.0\.1:\d+\/flaky\?key=g-\w+&fail=9 answered 500/);
  });

  it('honours Retry-After on a 429', async () => {
    const key = `r-${kind}`;
    const id = await workflow([
      { id: 'limited', path: '/limited', params: { key }, errorHandling: { retries: 2, delay: 10 } },
    ]);
    const run = await runToEnd(id);
    expect(run.status, run.error).toBe('succeeded');
    expect(run.nodes[0].log.map((l: { status: number; waitMs: number }) => [l.status, l.waitMs])).toEqual([
      [429, 0],
      [200, 1000],
    ]);
    const at = api.hits.get(`/limited?${key}`)!;
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(950);
  });

  it('follows page.next through three pages', async () => {
    const id = await workflow([{ id: 'pages', path: '/pages', pagination: { follow: 'page.next' } }]);
    const run = await runToEnd(id);
    expect(run.status, run.error).toBe('succeeded');
    expect(run.nodes[0]).toMatchObject({ calls: 3, records: 6 });
    expect(run.nodes[0].outputSample.map((r: { page: number }) => r.page)).toEqual([1, 1, 2, 2, 3]);
  });

  it('fans out over an earlier node’s values with at most 4 calls at once', async () => {
    const id = await workflow([
      { id: 'items', path: '/items' },
      { id: 'detail', path: '/detail', params: { id: '{{nodes.items.data[*].id}}' } },
    ]);
    const run = await runToEnd(id);
    expect(run.status, run.error).toBe('succeeded');
    expect(run.nodes[1]).toMatchObject({ calls: 12, records: 12 });
    expect(run.nodes[1].outputSample.map((r: { id: string }) => r.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(api.maxInFlight).toBeLessThanOrEqual(4);
    expect(api.maxInFlight).toBeGreaterThanOrEqual(2);
  });

  it('cancels a running run', async () => {
    const id = await workflow([{ id: 'slow', path: '/slow' }]);
    const started = (await post(`/api/workflows/${id}/run`)).json();
    await eventually(
      async () => (await get(`/api/workflow-runs/${started.id}`)).json().nodes[0].status === 'running',
    );
    const t0 = Date.now();
    const cancel = await post(`/api/workflow-runs/${started.id}/cancel`);
    expect(cancel.statusCode).toBe(202);
    const run = await finished(started.id);
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(run.status).toBe('cancelled');
    expect(run.nodes.map((n: { status: string }) => n.status)).toEqual(['cancelled', 'skipped']);
    // the queue marks the task once the handler has returned, just after the run row
    const taskStatus = async () =>
      (await t.database.db.select().from(tasks).where(eq(tasks.kind, 'workflow.run'))).find(
        (r) => (r.payload as { runId: string }).runId === started.id,
      )?.status;
    await eventually(async () => (await taskStatus()) === 'cancelled');
    expect(await taskStatus()).toBe('cancelled');
    expect((await post(`/api/workflow-runs/${started.id}/cancel`)).statusCode).toBe(409);
  });

  it('cancels a test run that is answering inside its request', async () => {
    const id = await workflow([{ id: 'slow', path: '/slow' }]);
    const answer = post(`/api/workflows/${id}/test`, {});
    const running = await eventually(async () => {
      const list = (await get(`/api/workflows/${id}/runs?status=running`)).json();
      return list.items[0];
    });
    expect(running.trigger).toBe('test');
    expect((await post(`/api/workflow-runs/${running.id}/cancel`)).statusCode).toBe(202);
    const run = (await answer).json();
    expect(run).toMatchObject({ id: running.id, status: 'cancelled' });
    expect(run.nodes[0].status).toBe('cancelled');
  });

  it('retries a failed run from the failed node, reusing the earlier output', async () => {
    api.setHealthy(false);
    const id = await workflow([
      { id: 'items', path: '/items', params: { key: `retry-${kind}` } },
      {
        id: 'boom',
        path: '/boom',
        params: { id: '{{nodes.items.data[0].id}}' },
        errorHandling: { retries: 1, delay: 10 },
      },
    ]);
    const failed = await runToEnd(id);
    expect(failed.status).toBe('failed');
    expect(failed.nodes.map((n: { status: string }) => n.status)).toEqual(['succeeded', 'failed', 'skipped']);
    const itemCalls = api.hits.get(`/items?retry-${kind}`)!.length;

    api.setHealthy(true);
    const retried = await post(`/api/workflow-runs/${failed.id}/retry`, { from: 'failed' });
    expect(retried.statusCode, retried.body).toBe(202);
    expect(retried.json()).toMatchObject({ retryOf: failed.id, fromNodeId: 'boom', trigger: 'manual' });
    const run = await finished(retried.json().id);
    expect(run.status, run.error).toBe('succeeded');
    expect(run.nodes.map((n: { status: string }) => n.status)).toEqual(['reused', 'succeeded', 'succeeded']);
    expect(run.nodes[1].outputSample).toEqual([{ id: 'a' }]);
    expect(api.hits.get(`/items?retry-${kind}`)!.length).toBe(itemCalls);

    // a succeeded run can only start over
    expect((await post(`/api/workflow-runs/${run.id}/retry`, { from: 'failed' })).statusCode).toBe(409);
    const again = await finished(
      (await post(`/api/workflow-runs/${run.id}/retry`, { from: 'start' })).json().id,
    );
    expect(again.nodes.map((n: { status: string }) => n.status)).toEqual([
      'succeeded',
      'succeeded',
      'succeeded',
    ]);
    expect(api.hits.get(`/items?retry-${kind}`)!.length).toBe(itemCalls + 1);

    const list = (await get(`/api/workflows/${id}/runs?status=failed,succeeded`)).json();
    expect(list.items.map((r: { status: string }) => r.status)).toEqual(['succeeded', 'succeeded', 'failed']);
    expect(list.items[0].durationMs).toBeGreaterThanOrEqual(0);
  });

  it('connects with OAuth2 client credentials', async () => {
    const app = await post('/api/workflows/authenticated-apps', {
      kind: 'oauth2_client_credentials',
      name: 'OAuth',
      baseUrl: `http://127.0.0.1:${port}`,
      tokenUrl: `http://127.0.0.1:${port}/token`,
      clientId: 'id-1',
      clientSecret: 'cs-1',
    });
    const id = await workflow(
      [{ id: 'items', path: '/items', params: { key: `oauth-${kind}` } }],
      app.json().id,
    );
    const run = await runToEnd(id);
    expect(run.status, run.error).toBe('succeeded');
    expect(api.auth).toContain('Bearer tok-123');
  });

  it('refuses an app whose address is private, without retrying', async () => {
    const app = await post('/api/workflows/authenticated-apps', {
      kind: 'api_key',
      name: 'Sneaky',
      baseUrl: `http://2130706433:${port}`,
      apiKey: 'k',
    });
    const id = await workflow([{ id: 'x', path: '/items' }], app.json().id);
    const run = await runToEnd(id);
    expect(run.status).toBe('failed');
    expect(run.nodes[0].attempts).toBe(1);
    expect(run.error).toBe('x: refused: 2130706433 resolves to a private address (127.0.0.1, loopback)');
  });
});
