import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeData } from '../src/sample-apps/finance/finance.data.ts';
import { createTestApp, createUser, DATABASES, type TestApp, type TestUser } from './helper.ts';

const CARDS_PROMPT = 'Every active card of the primary entity with the holder and the total monthly limit';

/** What the sample API returns for that plan: the primary entity's activated, non-terminated cards. */
function expectedCards() {
  const d = financeData();
  const primary = d.entities.find((e) => e.is_primary)!;
  return d.cards.filter(
    (c) => c.entity_id === primary.id && c.is_activated && c.card_status !== 'TERMINATED',
  );
}

describe.each(DATABASES)('create-from-prompt over HTTP (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind);
    u = await createUser(t);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, token = u.token) =>
    t.as(token, { method: 'POST', url, payload: payload as object });

  it('plans, creates the workflow from the plan, and the test run gives a valid output', async () => {
    const res = await post('/api/workflows/plan', { prompt: CARDS_PROMPT });
    expect(res.statusCode).toBe(200);
    const plan = res.json();
    expect(plan.via).toBe('planner');
    expect(plan.nodes.map((n: { id: string }) => n.id)).toEqual(['entities', 'cards', 'final']);

    const created = await post('/api/workflows', {
      name: plan.name,
      nodes: plan.nodes,
      edges: plan.edges,
      prompt: CARDS_PROMPT,
      sourceApp: 'sample-finance',
      jsonSchema: plan.finalSchema,
      isActive: false,
    });
    expect(created.statusCode).toBe(201);
    const w = created.json();
    expect(w.nodes).toEqual(plan.nodes);

    const run = await post(`/api/workflows/${w.id}/test`, {});
    expect(run.statusCode).toBe(200);
    const r = run.json();
    expect(r.error).toBeNull();
    expect(r).toMatchObject({ status: 'succeeded', outputValid: true, outputErrors: [] });
    expect(r.nodes.map((n: { nodeId: string; status: string }) => [n.nodeId, n.status])).toEqual([
      ['entities', 'succeeded'],
      ['cards', 'succeeded'],
      ['final', 'succeeded'],
    ]);
    // is_primary=true: one entity, so one cards call
    expect(r.nodes[0].records).toBe(1);
    const cards = expectedCards();
    expect(r.output.cards).toHaveLength(cards.length);
    expect(r.output['Total limit']).toBe(cards.reduce((s, c) => s + c.limit, 0));
    expect(r.output.cards[0]).toMatchObject({
      card_name: cards[0]!.card_name,
      limit: cards[0]!.limit,
      card_holder: { first_name: cards[0]!.card_holder.first_name },
    });
  });

  it('plans that count and total run too', async () => {
    const plan = (
      await post('/api/workflows/plan', {
        prompt: 'How many approved reimbursements and their total amount?',
      })
    ).json();
    const w = (
      await post('/api/workflows', { name: plan.name, nodes: plan.nodes, edges: plan.edges })
    ).json();
    const r = (await post(`/api/workflows/${w.id}/test`, {})).json();
    expect(r).toMatchObject({ status: 'succeeded', outputValid: true });
    const approved = financeData().reimbursements.filter((x) => x.status === 'APPROVED');
    expect(r.output['Number of reimbursements']).toBe(approved.length);
    expect(r.output['Total amount']).toBeCloseTo(
      approved.reduce((s, x) => s + x.amount, 0),
      2,
    );
  });

  it.each([
    ['transactions', 'transactions'],
    ['cards and transactions of the primary entity', 'cards'],
    ['non-primary entities', 'entities'],
  ])('the plan for "%s" runs to a valid output', async (prompt, main) => {
    const plan = (await post('/api/workflows/plan', { prompt })).json();
    const w = (
      await post('/api/workflows', { name: plan.name, nodes: plan.nodes, edges: plan.edges })
    ).json();
    const r = (await post(`/api/workflows/${w.id}/test`, {})).json();
    expect(r).toMatchObject({ status: 'succeeded', outputValid: true });
    expect(r.output[main].length).toBeGreaterThan(0);
  });

  it('answers 422 with what went wrong', async () => {
    const detail = async (payload: unknown) => {
      const res = await post('/api/workflows/plan', payload);
      expect(res.statusCode).toBe(422);
      return res.json().detail[0];
    };
    expect(await detail({ prompt: 'the weather in Paris' })).toMatchObject({
      loc: ['body', 'prompt'],
      msg: expect.stringMatching(/It can fetch: entities .*cards .*reimbursements/),
    });
    expect((await detail({})).loc).toEqual(['body', 'prompt']);
    expect((await detail({ prompt: '   ' })).loc).toEqual(['body', 'prompt']);
    expect((await detail({ prompt: `cards ${'x'.repeat(2000)}` })).loc).toEqual(['body', 'prompt']);
    expect((await detail({ prompt: 'cards', sourceApp: 'nope' })).loc).toEqual(['body', 'sourceApp']);
    const poisoned = await t.as(u.token, {
      method: 'POST',
      url: '/api/workflows/plan',
      headers: { 'content-type': 'application/json' },
      payload: '{"prompt": "cards", "__proto__": {"polluted": true}}',
    });
    expect(poisoned.statusCode).toBe(422);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/workflows/plan',
      payload: { prompt: 'cards' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('create-from-prompt with an OpenAI-compatible LLM (a fake one on loopback)', () => {
  let t: TestApp;
  let u: TestUser;
  let server: Server;
  let answer = '';
  const asked: { system: string; user: string; json: boolean }[] = [];
  const llmPlan = {
    name: 'Cards of the primary entity (LLM)',
    nodes: [
      {
        id: 'primary',
        type: 'custom',
        data: {
          label: 'The primary entity',
          endpoint: { method: 'GET', path: '/api/v1/entities', operationId: 'listEntities' },
          params: { is_primary: true },
          isFirstNode: true,
        },
      },
      {
        id: 'cards',
        type: 'custom',
        data: {
          endpoint: { method: 'GET', path: '/api/v1/cards', operationId: 'listCards' },
          params: { entity_id: '{{nodes.primary.data[*].id}}' },
        },
      },
      { id: 'summary', type: 'final', data: { name: 'Cards summary' } },
    ],
    edges: [
      { id: 'p-c', source: 'primary', target: 'cards' },
      { id: 'c-s', source: 'cards', target: 'summary' },
    ],
    finalSchema: {
      type: 'object',
      properties: {
        cards: { type: 'array', items: { type: 'object', properties: { card_name: { type: 'string' } } } },
        'Total limit': { type: 'number' },
      },
    },
    finalSampleData: { cards: [{ card_name: 'Travel' }], 'Total limit': 10 },
    explanation: ['The primary entity first, then its cards (one call per entity).'],
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const sent = JSON.parse(body);
        asked.push({
          system: sent.messages[0].content,
          user: sent.messages[1].content,
          json: sent.response_format?.type === 'json_object',
        });
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            id: 'x',
            object: 'chat.completion',
            created: 0,
            model: 'fake',
            choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: answer } }],
          }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    t = await createTestApp('pglite', {
      OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      OPENAI_API_KEY: 'test',
    });
    u = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
    server.close();
  });

  const plan = async (prompt: string) => {
    const res = await t.as(u.token, { method: 'POST', url: '/api/workflows/plan', payload: { prompt } });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it("uses the model's plan when it passes the checks, and that plan runs", async () => {
    answer = JSON.stringify(llmPlan);
    const p = await plan(CARDS_PROMPT);
    const last = asked.at(-1)!;
    expect(last.json).toBe(true);
    expect(last.user).toContain(CARDS_PROMPT);
    expect(last.user).toContain('listCards: GET /api/v1/cards');
    expect(p).toMatchObject({ via: 'llm', name: llmPlan.name, warnings: [] });
    expect(p.nodes.map((n: { id: string }) => n.id)).toEqual(['primary', 'cards', 'summary']);
    expect(p.nodes[1].data).toMatchObject({
      endpoint: { app: 'sample-finance', operationId: 'listCards' },
      pagination: { follow: 'page.next' },
    });
    expect(p.explanation).toContain(llmPlan.explanation[0]);
    const w = (
      await t.as(u.token, {
        method: 'POST',
        url: '/api/workflows',
        payload: { name: p.name, nodes: p.nodes, edges: p.edges },
      })
    ).json();
    const r = (
      await t.as(u.token, { method: 'POST', url: `/api/workflows/${w.id}/test`, payload: {} })
    ).json();
    expect(r).toMatchObject({ status: 'succeeded', outputValid: true });
    expect(r.output.cards).toHaveLength(expectedCards().length);
  });

  it('falls back to the built-in planner with a warning when the answer is garbage', async () => {
    answer = 'Sure! You want the cards endpoint.';
    const p = await plan(CARDS_PROMPT);
    expect(p.via).toBe('planner');
    expect(p.nodes.map((n: { id: string }) => n.id)).toEqual(['entities', 'cards', 'final']);
    expect(p.warnings[0]).toBe(
      "The LLM's plan could not be used (its answer is not JSON): this is the built-in planner's proposal.",
    );
    answer = JSON.stringify({
      ...llmPlan,
      edges: [...llmPlan.edges, { id: 'back', source: 'summary', target: 'cards' }],
    });
    const cyclic = await plan(CARDS_PROMPT);
    expect(cyclic.via).toBe('planner');
    expect(cyclic.warnings[0]).toMatch(/the final node 'summary' must be last/);
  });
});
