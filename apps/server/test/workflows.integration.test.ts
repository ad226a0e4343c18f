import { Validator } from '@seriousme/openapi-schema-validator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticatedApps, workflows } from '../src/db/schema.ts';
import { decryptSecret } from '../src/lib/secret-box.ts';
import { createTestApp, createUser, DATABASES, login, type TestApp, type TestUser } from './helper.ts';

/** A small complete graph on the sample API: entities → final. */
const graph = () => ({
  nodes: [
    {
      id: 'entities',
      type: 'custom',
      data: { endpoint: { path: '/api/v1/entities' }, isFirstNode: true },
    },
    {
      id: 'out',
      type: 'final',
      data: { finalSchema: { type: 'object', properties: { count: { type: 'integer' } } } },
    },
  ],
  edges: [{ id: 'e1', source: 'entities', target: 'out' }],
});

describe.each(DATABASES)('workflows API (%s)', (kind) => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let demoToken: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await createUser(t);
    other = await createUser(t);
    demoToken = await login(t, 'demo@mapwright.dev', 'demo-harbour-lantern');
  });
  afterAll(() => t.close());

  const api = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.as(token, { method, url, ...(payload !== undefined ? { payload: payload as object } : {}) });

  it('creates a workflow with the spec defaults and the schedule in words', async () => {
    const res = await api(owner.token, 'POST', '/api/workflows', { name: 'Entities', ...graph() });
    expect(res.statusCode).toBe(201);
    const w = res.json();
    expect(w).toMatchObject({
      name: 'Entities',
      isActive: false,
      isComplete: true,
      syncFrequency: '* * * * *',
      timezone: 'UTC',
      scheduleText: 'Every minute',
      nextRunAt: null,
      sourceApp: 'sample-finance',
      groupId: null,
      version: 1,
      lastRun: null,
    });
    expect(w.nodes[0].data).toMatchObject({
      errorHandling: { retries: 3, delay: 1000 },
      isFirstNode: true,
      params: {},
      pagination: null,
      endpoint: { method: 'GET', path: '/api/v1/entities' },
    });
    expect(w.nodes[1].data).toMatchObject({
      isSubmitted: false,
      errorHandling: { retries: 3, delay: 1000 },
      initialUrl: '',
    });
    expect(w.edges[0]).toEqual({ id: 'e1', source: 'entities', target: 'out', animated: false });
    expect(Date.parse(w.createdAt)).not.toBeNaN();
  });

  it('an empty canvas is a valid start; a draft skips the completeness rules', async () => {
    const blank = await api(owner.token, 'POST', '/api/workflows', { name: 'Blank' });
    expect(blank.statusCode).toBe(201);
    const draft = await api(owner.token, 'POST', '/api/workflows', {
      name: 'Draft',
      isComplete: false,
      nodes: [{ id: 'a', type: 'custom', data: { endpoint: { path: '/api/v1/entities' } } }],
    });
    expect(draft.statusCode).toBe(201);
    const activate = await api(owner.token, 'PUT', `/api/workflows/${draft.json().id}`, { isActive: true });
    expect(activate.statusCode).toBe(422);
    expect(activate.json().detail[0]).toMatchObject({
      loc: ['body', 'isActive'],
      msg: 'only a complete workflow (isComplete: true) can be active',
    });
  });

  it.each([
    [
      'no first node',
      (g: ReturnType<typeof graph>) => {
        g.nodes[0]!.data.isFirstNode = false;
      },
      ['body', 'nodes'],
      /exactly one endpoint node must be the first node/,
    ],
    [
      'two first nodes',
      (g: ReturnType<typeof graph>) => {
        g.nodes.push({
          id: 'x',
          type: 'custom',
          data: { endpoint: { path: '/api/v1/cards' }, isFirstNode: true },
        } as never);
        g.edges.push({ id: 'e2', source: 'x', target: 'out' });
      },
      ['body', 'nodes'],
      /found 2: entities, x/,
    ],
    [
      'no final node',
      (g: ReturnType<typeof graph>) => {
        g.nodes.pop();
        g.edges.pop();
      },
      ['body', 'nodes'],
      /exactly one final node; found 0/,
    ],
    [
      'the final node not last',
      (g: ReturnType<typeof graph>) => {
        g.nodes.push({ id: 'after', type: 'custom', data: { endpoint: { path: '/api/v1/cards' } } } as never);
        g.edges.push({ id: 'e2', source: 'out', target: 'after' });
      },
      ['body', 'edges', 1, 'source'],
      /the final node 'out' must be last/,
    ],
    [
      'a cycle',
      (g: ReturnType<typeof graph>) => {
        g.nodes.push(
          { id: 'b', type: 'custom', data: { endpoint: { path: '/api/v1/cards' } } } as never,
          { id: 'c', type: 'custom', data: { endpoint: { path: '/api/v1/cards' } } } as never,
        );
        g.edges.push(
          { id: 'e2', source: 'entities', target: 'b' },
          { id: 'e3', source: 'b', target: 'c' },
          { id: 'e4', source: 'c', target: 'b' },
        );
      },
      ['body', 'edges'],
      /the graph has a cycle: b → c → b/,
    ],
    [
      'an unreachable node',
      (g: ReturnType<typeof graph>) => {
        g.nodes.push({
          id: 'lonely',
          type: 'custom',
          data: { endpoint: { path: '/api/v1/cards' } },
        } as never);
      },
      ['body', 'nodes', 2],
      /node 'lonely' is not reachable from the first node 'entities'/,
    ],
    [
      'an edge to nowhere',
      (g: ReturnType<typeof graph>) => {
        g.edges.push({ id: 'e2', source: 'entities', target: 'ghost' });
      },
      ['body', 'edges', 1, 'target'],
      /no node has the id 'ghost'/,
    ],
    [
      'a reference to a later node',
      (g: ReturnType<typeof graph>) => {
        (g.nodes[0]!.data as Record<string, unknown>).params = { entity_id: '{{nodes.cards.data[*].id}}' };
        g.nodes.push({ id: 'cards', type: 'custom', data: { endpoint: { path: '/api/v1/cards' } } } as never);
        g.edges.push(
          { id: 'e2', source: 'entities', target: 'cards' },
          { id: 'e3', source: 'cards', target: 'out' },
        );
      },
      ['body', 'nodes', 0, 'data', 'params', 'entity_id'],
      /references node 'cards', which does not run before 'entities'/,
    ],
  ])('refuses %s with a message naming the field', async (_what, change, loc, msg) => {
    const g = graph();
    change(g);
    const res = await api(owner.token, 'POST', '/api/workflows', { name: 'Bad', ...g });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(loc);
    expect(res.json().detail[0].msg).toMatch(msg);
  });

  it('refuses a bad cron, time zone, node id, final schema and unknown source app', async () => {
    const cases: [Record<string, unknown>, (string | number)[], RegExp][] = [
      [{ syncFrequency: '61 * * * *' }, ['body', 'syncFrequency'], /not a valid cron expression/],
      [{ syncFrequency: 'every minute' }, ['body', 'syncFrequency'], /5 fields/],
      [{ timezone: 'Mars/Olympus' }, ['body', 'timezone'], /unknown time zone 'Mars\/Olympus'/],
      [{ sourceApp: 'nope' }, ['body', 'sourceApp'], /unknown source app 'nope'/],
      [
        { nodes: [{ id: '1 bad', type: 'custom', data: { endpoint: { path: '/x' } } }] },
        ['body', 'nodes', '0', 'id'],
        /must start with a letter/,
      ],
      [
        { nodes: [{ id: 'f', type: 'final', data: { finalSchema: { type: 'string' } } }], isComplete: false },
        ['body', 'nodes', 0, 'data', 'finalSchema'],
        /must be an object schema/,
      ],
    ];
    for (const [body, loc, msg] of cases) {
      const res = await api(owner.token, 'POST', '/api/workflows', { name: 'Bad', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().detail[0].loc).toEqual(loc);
      expect(res.json().detail[0].msg).toMatch(msg);
    }
  });

  it('accepts a six-field cron with seconds in a time zone and shows the next tick when active', async () => {
    const res = await api(owner.token, 'POST', '/api/workflows', {
      name: 'Weekdays',
      ...graph(),
      syncFrequency: '0 30 9 * * MON-FRI',
      timezone: 'Europe/Paris',
      isActive: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().scheduleText).toBe('At 09:30, Monday through Friday');
    expect(Date.parse(res.json().nextRunAt)).toBeGreaterThan(Date.now());
  });

  it('every save is a numbered version; list filters; delete', async () => {
    const w = (
      await api(owner.token, 'POST', '/api/workflows', { name: 'Versioned', ...graph(), groupId: 'g1' })
    ).json();
    const up = await api(owner.token, 'PUT', `/api/workflows/${w.id}`, {
      name: 'Versioned 2',
      note: 'renamed',
    });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ name: 'Versioned 2', version: 2 });
    await api(owner.token, 'PUT', `/api/workflows/${w.id}`, { isActive: true });
    const versions = (await api(owner.token, 'GET', `/api/workflows/${w.id}/versions`)).json().items;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(versions[1]).toMatchObject({ name: 'Versioned 2', note: 'renamed', isActive: false });
    expect(versions[0]).toMatchObject({ isActive: true });
    expect(versions[2]).toMatchObject({ name: 'Versioned', note: 'created' });

    const byGroup = (await api(owner.token, 'GET', '/api/workflows?groupId=g1')).json();
    expect(byGroup.items.map((x: { id: string }) => x.id)).toEqual([w.id]);
    const active = (await api(owner.token, 'GET', '/api/workflows?isActive=true&name=versioned')).json();
    expect(active.items.map((x: { id: string }) => x.id)).toEqual([w.id]);

    // delete archives: out of the list, still readable, restorable
    expect((await api(owner.token, 'DELETE', `/api/workflows/${w.id}`)).statusCode).toBe(204);
    expect((await api(owner.token, 'GET', '/api/workflows?groupId=g1')).json().items).toEqual([]);
    expect((await api(owner.token, 'GET', `/api/workflows/${w.id}`)).json().archivedAt).toEqual(
      expect.any(String),
    );
  });

  it("another organization's workflows, runs and apps are 404", async () => {
    const w = (await api(owner.token, 'POST', '/api/workflows', { name: 'Mine', ...graph() })).json();
    const run = (await api(owner.token, 'POST', `/api/workflows/${w.id}/test`, {})).json();
    const app = (
      await api(owner.token, 'POST', '/api/workflows/authenticated-apps', {
        kind: 'api_key',
        name: 'Mine',
        baseUrl: 'https://api.example.com',
        apiKey: 'k',
      })
    ).json();
    for (const [method, url, body] of [
      ['GET', `/api/workflows/${w.id}`],
      ['PUT', `/api/workflows/${w.id}`, { name: 'Theirs' }],
      ['DELETE', `/api/workflows/${w.id}`],
      ['POST', `/api/workflows/${w.id}/restore`],
      ['GET', `/api/workflows/${w.id}/versions`],
      ['GET', `/api/workflows/${w.id}/runs`],
      ['POST', `/api/workflows/${w.id}/run`],
      ['POST', `/api/workflows/${w.id}/test`, {}],
      ['GET', `/api/workflow-runs/${run.id}`],
      ['POST', `/api/workflow-runs/${run.id}/cancel`],
      ['POST', `/api/workflow-runs/${run.id}/retry`, { from: 'start' }],
      ['DELETE', `/api/workflows/authenticated-apps/${app.id}`],
    ] as const) {
      const res = await api(other.token, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await api(other.token, 'GET', '/api/workflows')).json().items).toEqual([]);
    expect((await api(other.token, 'GET', '/api/workflow-runs')).json().items).toEqual([]);
    expect((await api(other.token, 'GET', '/api/workflows/authenticated-apps')).json().items).toEqual([]);
    // nor can a workflow point at another organization's app
    const foreign = await api(other.token, 'POST', '/api/workflows', { name: 'x', sourceApp: app.id });
    expect(foreign.statusCode).toBe(422);
    expect((await api(owner.token, 'GET', `/api/workflows/${w.id}`)).json().name).toBe('Mine');
  });

  it('submit replaces the whole list, each with the spec §4 defaults', async () => {
    const u = await createUser(t);
    const old = (await api(u.token, 'POST', '/api/workflows', { name: 'Old one', ...graph() })).json();
    const res = await api(u.token, 'POST', '/api/workflows/submit', {
      workflows: [
        { name: 'First', ...graph() },
        { name: 'Second', sourceApp: 'ignored', prompt: 'ignored' },
      ],
      confirm_remove: [old.id],
    });
    expect(res.statusCode).toBe(200);
    const items = res.json().items;
    expect(items.map((w: { name: string }) => w.name)).toEqual(['First', 'Second']);
    for (const w of items) {
      expect(w).toMatchObject({
        sourceApp: 'sample-finance',
        prompt: 'Sample prompt',
        urlString: 'https://example.com',
        jsonSchema: {},
        groupId: 'no-id',
        isActive: false,
        isComplete: true,
      });
      expect(Math.abs(Date.parse(w.createdAt) - Date.now())).toBeLessThan(60_000);
    }
    const list = (await api(u.token, 'GET', '/api/workflows')).json();
    expect(list.total).toBe(2);
    expect(list.items.map((w: { name: string }) => w.name).sort()).toEqual(['First', 'Second']);

    const grouped = await api(u.token, 'POST', '/api/workflows/submit', {
      workflows: [{ name: 'G' }],
      groupId: 'team-7',
      confirm_remove: list.items.map((w: { id: string }) => w.id),
    });
    expect(grouped.json().items[0].groupId).toBe('team-7');
    const bad = await api(u.token, 'POST', '/api/workflows/submit', {
      workflows: [{ name: 'ok' }, { name: 'x', syncFrequency: 'nope' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['body', 'workflows', 1, 'syncFrequency']);
    // a refused submit changes nothing
    expect(
      (await api(u.token, 'GET', '/api/workflows')).json().items.map((w: { name: string }) => w.name),
    ).toEqual(['G']);
  });

  it('authenticated apps: the secret is encrypted at rest and never returned', async () => {
    const me = await createUser(t);
    const res = await api(me.token, 'POST', '/api/workflows/authenticated-apps', {
      kind: 'api_key',
      name: 'Ledger',
      logo: 'https://ledger.example/logo.png',
      baseUrl: 'https://api.ledger.example/v2',
      apiKey: 'sk_live_TOPSECRET',
      headerName: 'X-Api-Key',
    });
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain('TOPSECRET');
    const app = res.json();
    expect(app).toMatchObject({
      name: 'Ledger',
      kind: 'api_key',
      headerName: 'X-Api-Key',
      baseUrl: 'https://api.ledger.example/v2',
    });
    expect(Date.parse(app.authenticatedAt)).not.toBeNaN();
    const oauth = await api(me.token, 'POST', '/api/workflows/authenticated-apps', {
      kind: 'oauth2_client_credentials',
      name: 'Books',
      baseUrl: 'https://books.example',
      tokenUrl: 'https://books.example/oauth/token',
      clientId: 'client-1',
      clientSecret: 'cs_TOPSECRET',
    });
    expect(oauth.statusCode).toBe(201);
    expect(oauth.json()).toMatchObject({
      clientId: 'client-1',
      tokenUrl: 'https://books.example/oauth/token',
    });
    const list = await api(me.token, 'GET', '/api/workflows/authenticated-apps');
    expect(list.body).not.toContain('TOPSECRET');
    expect(list.json().items.map((a: { name: string }) => a.name)).toEqual(['Books', 'Ledger']);

    const [row] = await t.database.db
      .select()
      .from(authenticatedApps)
      .where(eq(authenticatedApps.id, app.id));
    expect(row!.secretEncrypted).not.toContain('TOPSECRET');
    expect(row!.secretEncrypted).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain('TOPSECRET');
    expect(decryptSecret(t.app.ctx.jwtSecret, row!.secretEncrypted, app.id)).toBe('sk_live_TOPSECRET');
    // bound to its row: the same ciphertext does not open as another app's
    expect(() => decryptSecret(t.app.ctx.jwtSecret, row!.secretEncrypted, oauth.json().id)).toThrow();

    const bad = await api(me.token, 'POST', '/api/workflows/authenticated-apps', {
      kind: 'api_key',
      name: 'x',
      baseUrl: 'ftp://x',
      apiKey: '',
    });
    expect(bad.statusCode).toBe(422);
    expect((await api(me.token, 'DELETE', `/api/workflows/authenticated-apps/${app.id}`)).statusCode).toBe(
      204,
    );
    expect((await api(me.token, 'DELETE', `/api/workflows/authenticated-apps/${app.id}`)).statusCode).toBe(
      404,
    );
  });

  it('the palette lists the sample API endpoints from its catalogue', async () => {
    const res = await api(owner.token, 'GET', '/api/workflows/apps');
    expect(res.statusCode).toBe(200);
    const sample = res.json().items[0];
    expect(sample).toMatchObject({
      id: 'sample-finance',
      kind: 'builtin',
      catalogueUrl: '/api/v1/openapi.json',
    });
    const ops = sample.endpoints.map((e: { operationId: string }) => e.operationId);
    expect(ops).toEqual([
      'listEntities',
      'listTransactions',
      'getTransaction',
      'listCards',
      'listReimbursements',
    ]);
    const cards = sample.endpoints.find((e: { operationId: string }) => e.operationId === 'listCards');
    expect(cards).toMatchObject({
      method: 'GET',
      path: '/api/v1/cards',
      recordsPath: 'data',
      pagination: { follow: 'page.next' },
    });
    expect(cards.parameters.find((p: { name: string }) => p.name === 'entity_id')).toMatchObject({
      in: 'query',
      required: true,
    });
    expect(cards.responseSchema.properties.data.items.properties.limit).toBeTruthy();
    const tx = sample.endpoints.find((e: { operationId: string }) => e.operationId === 'getTransaction');
    expect(tx).toMatchObject({
      path: '/api/v1/transactions/{transaction_id}',
      recordsPath: null,
      pagination: null,
    });
    expect(
      (await api(owner.token, 'GET', '/api/workflows/apps/sample-finance')).json().endpoints,
    ).toHaveLength(5);
    expect((await api(owner.token, 'GET', '/api/workflows/apps/unknown')).statusCode).toBe(404);
  });

  it('the seeded cards workflow test-runs and its output validates: 10000 + 20000 = 30000', async () => {
    const list = (await api(demoToken, 'GET', '/api/workflows?name=cards')).json();
    const sample = list.items.find((w: { name: string }) => w.name === 'Sample cards workflow');
    expect(sample).toMatchObject({
      isActive: false,
      isComplete: true,
      syncFrequency: '* * * * *',
      sourceApp: 'sample-finance',
    });
    const res = await api(demoToken, 'POST', `/api/workflows/${sample.id}/test`, {});
    expect(res.statusCode).toBe(200);
    const run = res.json();
    expect(run).toMatchObject({ status: 'succeeded', trigger: 'test', outputValid: true, outputErrors: [] });
    expect(run.nodes.map((n: { nodeId: string; status: string }) => `${n.nodeId}:${n.status}`)).toEqual([
      'entities:succeeded',
      'cards:succeeded',
      'final:succeeded',
    ]);
    const cardsNode = run.nodes[1];
    expect(cardsNode.records).toBe(2);
    expect(cardsNode.requestSample.url).toMatch(
      /^\/api\/v1\/cards\?entity_id=2a17a7e5-98c9-4b50-8f06-a45eaa52af8a&card_program_id=/,
    );
    expect(cardsNode.responseSample.status).toBe(200);
    expect(run.output['Number of Cards']).toBe(2);
    expect(run.output['Total Monthly Limit']).toBe(30000);
    const limits = run.output.cards
      .map((c: { Card: { 'Monthly Limit': number } }) => c.Card['Monthly Limit'])
      .sort();
    expect(limits).toEqual([10000, 20000]);
    for (const c of run.output.cards) {
      expect(c.Card['Card Number']).toMatch(/^\d{4}$/);
      expect(['Physical', 'Virtual']).toContain(c.Card['Card Type']);
      expect(c.Holder.Address).toMatch(/\d/);
    }
    // stored with trigger test and visible as the workflow's last run
    const again = (await api(demoToken, 'GET', `/api/workflows/${sample.id}`)).json();
    expect(again.lastRun).toMatchObject({ id: run.id, status: 'succeeded', trigger: 'test' });

    // one node alone runs with what it needs
    const one = (
      await api(demoToken, 'POST', `/api/workflows/${sample.id}/test`, { nodeId: 'cards' })
    ).json();
    expect(one.nodes.map((n: { nodeId: string }) => n.nodeId)).toEqual(['entities', 'cards']);
    expect(one.output).toBeNull();
    expect(one.nodes[1].outputSample).toHaveLength(2);

    // what the engine would map from that run's data, field by field, explained
    const suggested = await api(demoToken, 'POST', `/api/workflow-runs/${one.id}/mapping`, {});
    expect(suggested.statusCode).toBe(200);
    const fields = Object.fromEntries(
      suggested
        .json()
        .mapping.fields.map((f: { target: string; sources: string[]; reason: string }) => [f.target, f]),
    );
    expect(suggested.json().nodes.sort()).toEqual(['cards', 'entities']);
    expect(fields['cards[*].Card.Monthly Limit'].sources).toEqual(['cards[*].limit']);
    expect(fields['Total Monthly Limit']).toMatchObject({
      sources: ['cards[*].limit'],
      transform: { kind: 'aggregate', fn: 'sum' },
    });
    expect(fields['cards[*].Holder.Last Name'].reason).toBeTruthy();
    // onto another schema; a bad schema names the field; another organization's run is not found
    const other = await api(demoToken, 'POST', `/api/workflow-runs/${one.id}/mapping`, {
      finalSchema: { type: 'object', properties: { total: { type: 'number' } } },
    });
    expect(other.json().mapping.fields.map((f: { target: string }) => f.target)).toEqual(['total']);
    const bad = await api(demoToken, 'POST', `/api/workflow-runs/${one.id}/mapping`, {
      finalSchema: { type: 'array' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toContain('finalSchema');
    expect((await api(owner.token, 'POST', `/api/workflow-runs/${one.id}/mapping`, {})).statusCode).toBe(404);
  });

  it('the engine maps to the final schema when the final node has no mapping', async () => {
    const res = await api(owner.token, 'POST', '/api/workflows', {
      name: 'Suggested',
      nodes: [
        {
          id: 'entities',
          type: 'custom',
          data: { endpoint: { path: '/api/v1/entities' }, isFirstNode: true },
        },
        {
          id: 'out',
          type: 'final',
          data: {
            finalSchema: {
              type: 'object',
              properties: {
                'Entity Names': { type: 'array', items: { type: 'string' } },
                'Number of Entities': { type: 'integer' },
              },
            },
          },
        },
      ],
      edges: [{ id: 'e', source: 'entities', target: 'out' }],
    });
    const run = (await api(owner.token, 'POST', `/api/workflows/${res.json().id}/test`, {})).json();
    expect(run.status, run.error).toBe('succeeded');
    expect(run.output['Number of Entities']).toBe(run.nodes[0].records);
    expect(run.output['Entity Names']).toContain('Northwind Holdings Inc.');
  });

  it('a final output that does not match its schema fails the run with the problems listed', async () => {
    const g = graph();
    (g.nodes[1]!.data as Record<string, unknown>).finalSchema = {
      type: 'object',
      properties: { total: { type: 'string', enum: ['never'] } },
      required: ['total'],
    };
    (g.nodes[1]!.data as Record<string, unknown>).mapping = {
      version: 1,
      fields: [
        { target: 'total', sources: ['entities[*].id'], transform: { kind: 'aggregate', fn: 'count' } },
      ],
    };
    const w = (await api(owner.token, 'POST', '/api/workflows', { name: 'Strict', ...g })).json();
    const run = (await api(owner.token, 'POST', `/api/workflows/${w.id}/test`, {})).json();
    expect(run.status).toBe('failed');
    expect(run.outputValid).toBe(false);
    expect(run.outputErrors[0].path).toBe('total');
    expect(run.nodes[1]).toMatchObject({ status: 'failed' });
    expect(run.error).toMatch(
      /^out: the output does not match the final schema: 2 problems; first: total: must be string/,
    );
  });

  it('documents every workflow route in the OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const check = await new Validator().validate(doc);
    expect(check.errors ?? []).toEqual([]);
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/api/workflows',
      '/api/workflows/{id}',
      '/api/workflows/{id}/versions',
      '/api/workflows/{id}/runs',
      '/api/workflows/{id}/run',
      '/api/workflows/{id}/test',
      '/api/workflows/submit',
      '/api/workflows/{id}/restore',
      '/api/workflows/apps',
      '/api/workflows/apps/{appId}',
      '/api/workflows/authenticated-apps',
      '/api/workflows/authenticated-apps/{id}',
      '/api/workflow-runs',
      '/api/workflow-runs/{id}',
      '/api/workflow-runs/{id}/cancel',
      '/api/workflow-runs/{id}/retry',
    ])
      expect(paths).toContain(p);
  });

  it('the seeded sample is stored like any workflow (version 1)', async () => {
    const rows = await t.database.db
      .select()
      .from(workflows)
      .where(eq(workflows.name, 'Sample cards workflow'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.version).toBe(1);
  });
});
