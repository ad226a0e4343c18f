import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DATABASES, type TestApp, type TestUser } from './helper.ts';

/**
 * A third-party ledger API on loopback (allow-listed for these tests) that publishes its OpenAPI
 * 3.0 catalogue under /openapi.json, its operations under /v1 (the document's server URL), and
 * counts the catalogue requests with the API key each carried.
 */
function startLedgerApi() {
  const catalogueHits: Record<string, string[]> = {};
  const invoices = Array.from({ length: 5 }, (_, i) => ({ id: `inv-${i + 1}`, amount: (i + 1) * 100 }));
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const port = (server.address() as AddressInfo).port;
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname.endsWith('.json')) {
      catalogueHits[url.pathname] ??= [];
      catalogueHits[url.pathname]!.push(String(req.headers['x-api-key'] ?? ''));
    }
    if (req.headers['x-api-key'] !== 'ledger-key' && url.pathname.startsWith('/v1/'))
      return json(401, { detail: 'no key' });
    switch (url.pathname) {
      case '/openapi.json':
        return json(200, ledgerCatalogue(port));
      case '/not-openapi.json':
        return json(200, { hello: 'world', paths: {} });
      case '/v1/invoices': {
        // two per page, linked by page.next
        const start = Number(url.searchParams.get('start') ?? 0);
        const next =
          start + 2 < invoices.length ? `http://127.0.0.1:${port}/v1/invoices?start=${start + 2}` : null;
        return json(200, { data: invoices.slice(start, start + 2), page: { next } });
      }
      default: {
        const one = /^\/v1\/invoices\/([^/]+)$/.exec(url.pathname);
        const found = one && invoices.find((i) => i.id === one[1]);
        return found ? json(200, found) : json(404, { detail: 'not found' });
      }
    }
  });
  return {
    catalogueHits,
    listen: () =>
      new Promise<number>((r) =>
        server.listen(0, '127.0.0.1', () => r((server.address() as AddressInfo).port)),
      ),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A small OpenAPI 3.0 document: a paginated list and a get by id, with $refs. */
const ledgerCatalogue = (port: number) => ({
  openapi: '3.0.3',
  info: { title: 'Ledger', version: '1.0.0' },
  servers: [{ url: `http://127.0.0.1:${port}/v1` }],
  paths: {
    '/invoices': {
      get: {
        operationId: 'listInvoices',
        summary: 'List invoices',
        parameters: [
          {
            name: 'status',
            in: 'query',
            required: false,
            schema: { type: 'string', enum: ['open', 'paid'] },
          },
          { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'A page of invoices',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/InvoicePage' } } },
          },
        },
      },
    },
    '/invoices/{invoice_id}': {
      parameters: [{ $ref: '#/components/parameters/InvoiceId' }],
      get: {
        operationId: 'getInvoice',
        summary: 'One invoice',
        responses: {
          '200': {
            description: 'The invoice',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Invoice' } } },
          },
          '404': { description: 'Not found' },
        },
      },
    },
  },
  components: {
    parameters: {
      InvoiceId: {
        name: 'invoice_id',
        in: 'path',
        required: true,
        description: 'The invoice id',
        schema: { type: 'string' },
      },
    },
    schemas: {
      Invoice: {
        type: 'object',
        properties: { id: { type: 'string' }, amount: { type: 'number' } },
        required: ['id', 'amount'],
      },
      InvoicePage: {
        type: 'object',
        properties: {
          data: { type: 'array', items: { $ref: '#/components/schemas/Invoice' } },
          page: { type: 'object', properties: { next: { type: 'string', nullable: true } } },
        },
      },
    },
  },
});

interface Endpoint {
  operationId: string;
  method: string;
  path: string;
  parameters: { name: string; in: string; required: boolean }[];
  responseSchema: Record<string, unknown>;
  recordsPath: string | null;
  pagination: { follow: string } | null;
}
interface SourceApp {
  id: string;
  catalogueUrl: string | null;
  catalogueError: string | null;
  endpoints: Endpoint[];
}

describe.each(DATABASES)('connected app catalogues in the palette (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  let api: ReturnType<typeof startLedgerApi>;
  let origin: string;
  let ledgerId: string;

  const get = (url: string) => t.as(u.token, { method: 'GET', url });
  const post = (url: string, payload: object) => t.as(u.token, { method: 'POST', url, payload });
  const connect = async (name: string, catalogueUrl: string | null) => {
    const res = await post('/api/workflows/authenticated-apps', {
      kind: 'api_key',
      name,
      baseUrl: origin,
      apiKey: 'ledger-key',
      headerName: 'X-Api-Key',
      catalogueUrl,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; catalogueUrl: string | null };
  };
  const palette = async () => {
    const res = await get('/api/workflows/apps');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items as SourceApp[];
  };

  beforeAll(async () => {
    api = startLedgerApi();
    origin = `http://127.0.0.1:${await api.listen()}`;
    t = await createTestApp(kind, { OUTBOUND_ALLOWLIST: '127.0.0.1' });
    u = await createUser(t);
    const app = await connect('Ledger', `${origin}/openapi.json`);
    expect(app.catalogueUrl).toBe(`${origin}/openapi.json`);
    ledgerId = app.id;
  });
  afterAll(async () => {
    await t.close();
    await api.close();
  });

  it("lists the app's catalogue endpoints, fetched with its API key, and the sample app unchanged", async () => {
    const items = await palette();
    expect(items[0]).toMatchObject({ id: 'sample-finance', catalogueError: null });
    const ledger = items.find((a) => a.id === ledgerId)!;
    expect(ledger).toMatchObject({ catalogueUrl: `${origin}/openapi.json`, catalogueError: null });
    // the document's server URL has /v1, the base URL does not: the paths get it
    expect(ledger.endpoints.map((e) => [e.operationId, e.method, e.path])).toEqual([
      ['listInvoices', 'GET', '/v1/invoices'],
      ['getInvoice', 'GET', '/v1/invoices/{invoice_id}'],
    ]);
    const [list, one] = ledger.endpoints as [Endpoint, Endpoint];
    // header parameters are not node parameters
    expect(list.parameters).toMatchObject([{ name: 'status', in: 'query', required: false }]);
    expect(list).toMatchObject({ recordsPath: 'data', pagination: { follow: 'page.next' } });
    // $refs are expanded
    expect(list.responseSchema).toMatchObject({
      properties: { data: { items: { properties: { amount: { type: 'number' } } } } },
    });
    expect(one.parameters).toMatchObject([
      { name: 'invoice_id', in: 'path', required: true, description: 'The invoice id' },
    ]);
    expect(one).toMatchObject({ recordsPath: null, pagination: null });
    expect(api.catalogueHits['/openapi.json']).toEqual(['ledger-key']);

    const apps = (await get('/api/workflows/authenticated-apps')).json().items;
    expect(apps.find((a: { id: string }) => a.id === ledgerId).catalogueUrl).toBe(`${origin}/openapi.json`);
  });

  it('answers one app the same, and fetches the catalogue once within the cache window', async () => {
    const res = await get(`/api/workflows/apps/${ledgerId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().endpoints.map((e: Endpoint) => e.path)).toEqual([
      '/v1/invoices',
      '/v1/invoices/{invoice_id}',
    ]);
    await Promise.all([palette(), palette(), get(`/api/workflows/apps/${ledgerId}`)]);
    expect(api.catalogueHits['/openapi.json']).toHaveLength(1);
  });

  it('a workflow on a catalogue endpoint test-runs against the app and follows its pages', async () => {
    const ledger = (await palette()).find((a) => a.id === ledgerId)!;
    const list = ledger.endpoints.find((e) => e.operationId === 'listInvoices')!;
    const created = await post('/api/workflows', {
      name: 'Invoices from the ledger',
      sourceApp: ledgerId,
      nodes: [
        {
          id: 'invoices',
          type: 'custom',
          data: {
            endpoint: { app: ledgerId, method: list.method, path: list.path, operationId: list.operationId },
            params: {},
            isFirstNode: true,
            errorHandling: { retries: 0, delay: 10 },
            pagination: list.pagination,
          },
        },
        { id: 'out', type: 'final', data: { finalSchema: { type: 'object', properties: {} } } },
      ],
      edges: [{ id: 'e0', source: 'invoices', target: 'out' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const res = await post(`/api/workflows/${created.json().id}/test`, {});
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json();
    expect(run.status, run.error).toBe('succeeded');
    expect(run.nodes[0]).toMatchObject({ status: 'succeeded', calls: 3, records: 5 });
    expect(run.nodes[0].outputSample.map((r: { id: string }) => r.id)).toEqual([
      'inv-1',
      'inv-2',
      'inv-3',
      'inv-4',
      'inv-5',
    ]);
  });

  it('a catalogue that cannot be read gives no endpoints and a clear error; the list still answers', async () => {
    const missing = await connect('Missing catalogue', `${origin}/missing.json`);
    const notOpenApi = await connect('Not OpenAPI', `${origin}/not-openapi.json`);
    const privateHost = await connect('Private', 'http://10.0.0.5/openapi.json');
    const none = await connect('No catalogue', null);
    expect(none.catalogueUrl).toBeNull();

    const items = await palette();
    const byId = (id: string) => items.find((a) => a.id === id)!;
    expect(byId(missing.id)).toMatchObject({
      endpoints: [],
      catalogueError: `could not fetch ${origin}/missing.json: HTTP 404`,
    });
    expect(byId(notOpenApi.id).endpoints).toEqual([]);
    expect(byId(notOpenApi.id).catalogueError).toBe(
      `${origin}/not-openapi.json is not an OpenAPI 3 document: it has no "openapi" version`,
    );
    expect(byId(privateHost.id).endpoints).toEqual([]);
    expect(byId(privateHost.id).catalogueError).toMatch(
      /^could not fetch http:\/\/10\.0\.0\.5\/openapi\.json: refused: 10\.0\.0\.5 resolves to a private address/,
    );
    expect(byId(none.id)).toMatchObject({ catalogueUrl: null, catalogueError: null, endpoints: [] });
    // the other apps are not affected
    expect(byId(ledgerId).endpoints).toHaveLength(2);

    const one = await get(`/api/workflows/apps/${missing.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().catalogueError).toMatch(/HTTP 404$/);
    // a failure is cached too (30 s): the missing document was asked for once
    expect(api.catalogueHits['/missing.json']).toHaveLength(1);
  });

  it('refuses a catalogue URL that is not http(s), naming the field', async () => {
    const res = await post('/api/workflows/authenticated-apps', {
      kind: 'oauth2_client_credentials',
      name: 'Bad catalogue',
      baseUrl: origin,
      tokenUrl: `${origin}/token`,
      clientId: 'id',
      clientSecret: 'secret',
      catalogueUrl: 'ftp://x',
    });
    expect(res.statusCode).toBe(422);
    const issue = res.json().detail.find((d: { loc: string[] }) => d.loc.includes('catalogueUrl'));
    expect(issue?.msg).toMatch(/http\(s\) URL/);
  });
});
