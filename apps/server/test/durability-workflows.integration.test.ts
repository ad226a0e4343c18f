import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from './helper.ts';
import { type Cluster, createCluster, kill, loginTo, until } from './processes.ts';

const IDS = Array.from({ length: 40 }, (_, i) => `item-${String(i).padStart(2, '0')}`);

/**
 * A slow third-party API on loopback: a list of ids, then a detail per id that takes 250 ms
 * (the runner calls at most 4 at once: the detail node takes ~2.5 s), and a delivery endpoint
 * that keeps what it receives.
 */
function startSlowApi() {
  let detailCalls = 0;
  let itemCalls = 0;
  const deliveries: unknown[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const json = (body: unknown) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/items') {
      itemCalls++;
      return json({ data: IDS.map((id) => ({ id })) });
    }
    if (url.pathname === '/detail') {
      detailCalls++;
      const timer = setTimeout(
        () =>
          json({
            data: [{ id: url.searchParams.get('id'), detail: `detail of ${url.searchParams.get('id')}` }],
          }),
        250,
      );
      res.on('close', () => clearTimeout(timer));
      return;
    }
    if (url.pathname === '/deliver') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        deliveries.push(JSON.parse(body));
        json({ ok: true });
      });
      return;
    }
    res.writeHead(404).end();
  });
  return {
    deliveries,
    get detailCalls() {
      return detailCalls;
    },
    get itemCalls() {
      return itemCalls;
    },
    listen: () =>
      new Promise<number>((r) =>
        server.listen(0, '127.0.0.1', () => r((server.address() as AddressInfo).port)),
      ),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe.skipIf(!DATABASES.includes('postgres'))(
  'a worker killed mid-workflow-run (PostgreSQL, separate processes)',
  () => {
    let cluster: Cluster;
    const api = startSlowApi();
    let port: number;
    beforeAll(async () => {
      port = await api.listen();
      cluster = await createCluster({ WORKER_LEASE_MS: '1500', OUTBOUND_ALLOWLIST: '127.0.0.1' });
    });
    afterAll(async () => {
      await cluster?.destroy();
      await api.close();
    });

    it('finishes the run on a second worker with each record once, delivered once', async () => {
      const web = await cluster.start({ ROLE: 'web' });
      const { call } = await loginTo(web.url);
      const app = await call('POST', '/workflows/authenticated-apps', {
        kind: 'api_key',
        name: 'Slow',
        baseUrl: `http://127.0.0.1:${port}`,
        apiKey: 'key-1',
        headerName: 'X-Api-Key',
      });
      const custom = (id: string, path: string, params: Record<string, unknown>, first: boolean) => ({
        id,
        type: 'custom',
        data: {
          endpoint: { path },
          params,
          isFirstNode: first,
          errorHandling: { retries: 2, delay: 20 },
          pagination: null,
        },
      });
      const detail = { type: 'object', properties: { id: { type: 'string' }, detail: { type: 'string' } } };
      const workflow = await call('POST', '/workflows', {
        name: 'Durable flow',
        sourceApp: app.id,
        nodes: [
          custom('items', '/items', {}, true),
          custom('detail', '/detail', { id: '{{nodes.items.data[*].id}}' }, false),
          {
            id: 'out',
            type: 'final',
            data: {
              initialUrl: `http://127.0.0.1:${port}/deliver`,
              finalSchema: { type: 'object', properties: { details: { type: 'array', items: detail } } },
              mapping: {
                version: 1,
                fields: ['id', 'detail'].map((f) => ({
                  target: `details[*].${f}`,
                  sources: [`detail[*].${f}`],
                  transform: { kind: 'copy' },
                })),
              },
            },
          },
        ],
        edges: [
          { id: 'e0', source: 'items', target: 'detail' },
          { id: 'e1', source: 'detail', target: 'out' },
        ],
      });
      const run = await call('POST', `/workflows/${workflow.id}/run`);

      const first = await cluster.start({ ROLE: 'worker' });
      // inside the slow node: some detail calls made, most still to come
      await until(async () => api.detailCalls >= 4, 60_000, 10);
      await kill(first);
      const midway = await call<{ status: string; nodes: { nodeId: string; status: string }[] }>(
        'GET',
        `/workflow-runs/${run.id}`,
      );
      expect(midway.status).toBe('running');
      expect(midway.nodes.map((n) => n.status)).toEqual(['succeeded', 'running', 'pending']);

      await cluster.start({ ROLE: 'worker' });
      const end = await until(async () => {
        const r = await call('GET', `/workflow-runs/${run.id}`);
        return ['succeeded', 'failed', 'cancelled'].includes(r.status as string) && r;
      });
      expect(end.status, end.error as string).toBe('succeeded');
      const expected = IDS.map((id) => ({ id, detail: `detail of ${id}` }));
      const output = end.output as { details: { id: string }[] };
      expect(output.details.length).toBe(IDS.length);
      expect([...output.details].sort((a, b) => a.id.localeCompare(b.id))).toEqual(expected);
      expect(end.nodes).toMatchObject([
        { nodeId: 'items', status: 'succeeded', records: IDS.length },
        { nodeId: 'detail', status: 'succeeded', records: IDS.length },
        { nodeId: 'out', status: 'succeeded' },
      ]);
      // resumed, not started over: the finished node's stored output was reused
      expect(api.itemCalls).toBe(1);
      // delivered once, by the worker that finished the run
      expect(api.deliveries).toEqual([output]);
    }, 120_000);
  },
);
