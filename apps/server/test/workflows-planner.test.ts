import {
  type TCustomNode,
  type TFinalNode,
  type TWorkflowPlan,
  ZCreateWorkflowRequest,
  ZWorkflowPlan,
} from '@mapwright/contracts';
import { compileSpec, createValidator, type MappingSpec } from '@mapwright/engine';
import { describe, expect, it } from 'vitest';
import { FieldError } from '../src/lib/errors.ts';
import type { Llm } from '../src/lib/llm.ts';
import { checkTargetSchema } from '../src/modules/target-schemas/schema-check.ts';
import { sampleFinanceApp } from '../src/modules/workflows/catalogue.ts';
import { checkGraph } from '../src/modules/workflows/graph.ts';
import { planWorkflow } from '../src/modules/workflows/planner.ts';
import { checkLlmAnswer } from '../src/modules/workflows/planner-llm.ts';
import { financeData } from '../src/sample-apps/finance/finance.data.ts';

const app = sampleFinanceApp();
const plan = (prompt: string, llm: Llm | null = null) => planWorkflow(prompt, app, { llm });
const CARDS_PROMPT = 'Every active card of the primary entity with the holder and the total monthly limit';

const custom = (p: TWorkflowPlan, id: string) => p.nodes.find((n) => n.id === id) as TCustomNode;
const final = (p: TWorkflowPlan) => p.nodes.find((n) => n.type === 'final') as TFinalNode;

/** What every plan must be: the contract's shape, a valid graph, sample data valid against the schema. */
function expectSound(p: TWorkflowPlan) {
  expect(ZWorkflowPlan.parse(p)).toEqual(p);
  // the exact node shapes the workflow API stores (defaults change nothing)
  const created = ZCreateWorkflowRequest.parse({ name: p.name, nodes: p.nodes, edges: p.edges });
  expect(created.nodes).toEqual(p.nodes);
  expect(created.edges).toEqual(p.edges);
  expect(() => checkGraph({ nodes: p.nodes, edges: p.edges })).not.toThrow();
  expect(p.nodes.at(-1)?.type).toBe('final');
  expect(final(p).data).toMatchObject({ finalSchema: p.finalSchema, finalSampleData: p.finalSampleData });
  const schema = checkTargetSchema(p.finalSchema, ['finalSchema']);
  expect(createValidator(schema).validateRecord(p.finalSampleData)).toEqual([]);
}

/** The planned mapping turns upstream and main records into output valid against the final schema. */
function expectMappingWorks(p: TWorkflowPlan, input: Record<string, unknown[]>) {
  const mapping = final(p).data.mapping;
  expect(mapping).not.toBeNull();
  const output = compileSpec(mapping as unknown as MappingSpec).map(input) as Record<string, unknown>;
  const schema = checkTargetSchema(p.finalSchema, ['finalSchema']);
  expect(createValidator(schema).validateRecord(output)).toEqual([]);
  return output;
}

async function refusal(prompt: string) {
  const err = await plan(prompt).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FieldError);
  return err as FieldError;
}

describe('the built-in planner on the sample finance catalogue', () => {
  it('plans the primary entity → its cards (fan-out) with the total monthly limit', async () => {
    const p = await plan(CARDS_PROMPT);
    expectSound(p);
    expect(p.via).toBe('planner');
    expect(p.name).toBe('Every active card of the primary entity');
    expect(p.nodes.map((n) => n.id)).toEqual(['entities', 'cards', 'final']);
    expect(p.edges.map((e) => [e.source, e.target])).toEqual([
      ['entities', 'cards'],
      ['cards', 'final'],
    ]);
    expect(custom(p, 'entities').data).toMatchObject({
      endpoint: {
        app: 'sample-finance',
        method: 'GET',
        path: '/api/v1/entities',
        operationId: 'listEntities',
      },
      params: { is_primary: true },
      isFirstNode: true,
      errorHandling: { retries: 3, delay: 1000 },
      pagination: { follow: 'page.next' },
    });
    expect(custom(p, 'cards').data).toMatchObject({
      endpoint: { app: 'sample-finance', method: 'GET', path: '/api/v1/cards', operationId: 'listCards' },
      params: { entity_id: '{{nodes.entities.data[*].id}}', is_activated: true },
      isFirstNode: false,
      pagination: { follow: 'page.next' },
    });
    const props = p.finalSchema.properties as Record<string, Record<string, unknown>>;
    expect(Object.keys(props)).toEqual(['cards', 'Total limit']);
    expect(props['Total limit']).toMatchObject({ type: 'number' });
    const card = (props.cards!.items as { properties: Record<string, unknown> }).properties;
    expect(Object.keys(card)).toEqual(
      expect.arrayContaining(['card_name', 'card_holder', 'limit', 'last_four']),
    );
    // lists are dropped, nested objects of scalars kept
    expect(card.card_holder).toMatchObject({ properties: { first_name: { type: 'string' } } });
    const sample = p.finalSampleData as { cards: { limit: number }[]; 'Total limit': number };
    expect(sample['Total limit']).toBe(sample.cards[0]!.limit);
    // one line per decision
    expect(p.explanation).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^cards: GET \/api\/v1\/cards \(listCards\) best matches the prompt: .*"card" \(path\)/,
        ),
        expect.stringMatching(/listCards needs entity_id, which listEntities returns as each record's id/),
        expect.stringMatching(/^Fan-out: cards calls \/api\/v1\/cards once per entities record/),
        'Filled from the prompt: is_primary = true on entities ("primary").',
        expect.stringMatching(/"Total limit" adds up limit over the cards records/),
      ]),
    );
    // the planned mapping: upstream entities do not leak into the cards
    const d = financeData();
    const primary = d.entities.find((e) => e.is_primary)!;
    const cards = d.cards.filter((c) => c.entity_id === primary.id).slice(0, 3);
    const out = expectMappingWorks(p, { entities: [primary], cards }) as {
      cards: { card_id: string; entity_id: string; card_holder: { first_name: string } }[];
      'Total limit': number;
    };
    expect(out.cards.map((c) => c.card_id)).toEqual(cards.map((c) => c.card_id));
    expect(out.cards[0]).toMatchObject({
      entity_id: primary.id,
      card_holder: { first_name: cards[0]!.card_holder.first_name },
    });
    expect(out['Total limit']).toBe(cards.reduce((s, c) => s + c.limit, 0));
    // ACTIVE is a card_status value the endpoint cannot filter on: said so
    expect(p.warnings).toEqual([expect.stringMatching(/"active" is a card_status value .*cannot filter/)]);
  });

  it('"transactions" → the transactions endpoint, fed by every entity', async () => {
    const p = await plan('transactions');
    expectSound(p);
    expect(p.nodes.map((n) => n.id)).toEqual(['entities', 'transactions', 'final']);
    expect(custom(p, 'transactions').data.endpoint.operationId).toBe('listTransactions');
    expect(custom(p, 'entities').data.params).toEqual({});
    expect(Object.keys(p.finalSchema.properties as object)).toEqual(['transactions']);
    // entities have an id and a currency too: the transactions keep their own
    const d = financeData();
    const transactions = d.transactions.slice(0, 5);
    const out = expectMappingWorks(p, { entities: d.entities, transactions }) as {
      transactions: { id: string; currency: string }[];
    };
    expect(out.transactions.map((x) => [x.id, x.currency])).toEqual(
      transactions.map((x) => [x.id, x.currency]),
    );
  });

  it('counts and totals, enum parameters, synonyms, negation and currencies', async () => {
    const r = await plan('How many approved reimbursements, and their total amount?');
    expectSound(r);
    const approved = financeData().reimbursements.filter((x) => x.status === 'APPROVED');
    expect(expectMappingWorks(r, { reimbursements: approved })).toMatchObject({
      'Number of reimbursements': approved.length,
      'Total amount': approved.reduce((s, x) => s + x.amount, 0),
    });
    expect(r.nodes.map((n) => n.id)).toEqual(['reimbursements', 'final']);
    expect(custom(r, 'reimbursements').data.params).toEqual({ status: 'APPROVED' });
    expect(r.finalSampleData).toMatchObject({ 'Number of reimbursements': 1, 'Total amount': 1000 });

    const e = await plan('expenses');
    expect(custom(e, 'reimbursements').data.endpoint.path).toBe('/api/v1/reimbursements');
    const s = await plan('spending of every company in EUR');
    expect(s.nodes.map((n) => n.id)).toEqual(['entities', 'transactions', 'final']);
    expect(custom(s, 'entities').data.params).toEqual({ currency: 'EUR' });
    expect(s.explanation[0]).toContain('"spending" (as transaction, path)');
    const n = await plan('non-primary entities');
    expect(custom(n, 'entities').data.params).toEqual({ is_primary: false });
    const v = await plan('virtual cards');
    expect(v.warnings.join(' ')).toMatch(/"virtual" is a card_type value \(VIRTUAL\)/);
  });

  it('plans several named resources on one start node', async () => {
    const p = await plan('cards and transactions of the primary entity');
    expectSound(p);
    expect(p.nodes.map((n) => n.id)).toEqual(['entities', 'transactions', 'cards', 'final']);
    expect(Object.keys(p.finalSchema.properties as object)).toEqual(['cards', 'transactions']);
    const independent = await plan('transactions and reimbursements');
    expectSound(independent);
    expect(independent.explanation).toContain(
      'reimbursements runs after entities: a workflow starts at one node.',
    );
  });

  it('is deterministic', async () => {
    expect(await plan(CARDS_PROMPT)).toEqual(await plan(CARDS_PROMPT));
  });

  it('says what can be fetched when nothing matches', async () => {
    const err = await refusal('the weather in Paris');
    expect(err.loc).toEqual(['body', 'prompt']);
    expect(err.msg).toMatch(/nothing in the prompt matches an endpoint of Sample Finance API/);
    for (const r of ['entities', 'transactions', 'cards', 'reimbursements']) expect(err.msg).toContain(r);
  });

  it('treats __proto__ and friends as plain words', async () => {
    const err = await refusal('__proto__ constructor prototype toString hasOwnProperty');
    expect(err.loc).toEqual(['body', 'prompt']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const p = await plan('cards __proto__ constructor');
    expect(p.nodes.map((n) => n.id)).toEqual(['entities', 'cards', 'final']);
  });
});

describe('the LLM planner', () => {
  const good = {
    name: 'Primary entity cards',
    nodes: [
      {
        id: 'ent',
        type: 'custom',
        data: {
          endpoint: { method: 'GET', path: '/api/v1/entities' },
          params: { is_primary: true },
          isFirstNode: true,
        },
      },
      {
        id: 'crd',
        type: 'custom',
        data: {
          endpoint: { operationId: 'listCards', path: '/api/v1/cards' },
          params: { entity_id: '{{nodes.ent.data[*].id}}' },
        },
      },
      { id: 'out', type: 'final', data: { name: 'Cards' } },
    ],
    edges: [
      { id: 'a', source: 'ent', target: 'crd' },
      { id: 'b', source: 'crd', target: 'out' },
    ],
    finalSchema: { type: 'object', properties: { cards: { type: 'array', items: { type: 'object' } } } },
    finalSampleData: { cards: [{}] },
    explanation: ['entities first, then their cards'],
  };
  const llm = (answer: string): Llm => ({ complete: async () => answer });

  it('uses a good answer, completed from the catalogue', async () => {
    const p = await plan('anything', llm(JSON.stringify(good)));
    expectSound(p);
    expect(p.via).toBe('llm');
    expect(custom(p, 'crd').data).toMatchObject({
      endpoint: { app: 'sample-finance', method: 'GET', path: '/api/v1/cards', operationId: 'listCards' },
      pagination: { follow: 'page.next' },
    });
    expect(p.explanation).toContain('entities first, then their cards');
    // the model's schema is its own: the engine suggests the mapping at run time
    expect(final(p).data.mapping).toBeNull();
  });

  it('rejects answers that are not JSON, not in the catalogue, or not a valid graph', () => {
    expect(checkLlmAnswer('cards, probably', app)).toEqual({ why: 'its answer is not JSON' });
    const unknown = structuredClone(good);
    unknown.nodes[1]!.data.endpoint = { operationId: 'listPets', path: '/pets' };
    expect(checkLlmAnswer(JSON.stringify(unknown), app)).toEqual({
      why: expect.stringContaining('not in the catalogue'),
    });
    const cycle = structuredClone(good);
    cycle.edges.push({ id: 'c', source: 'crd', target: 'ent' });
    expect(checkLlmAnswer(JSON.stringify(cycle), app)).toEqual({
      why: expect.stringMatching(/incoming edges|cycle/),
    });
    const twoFirsts = structuredClone(good);
    (twoFirsts.nodes[1]!.data as { isFirstNode?: boolean }).isFirstNode = true;
    expect(checkLlmAnswer(JSON.stringify(twoFirsts), app)).toEqual({
      why: expect.stringMatching(/first node/),
    });
  });

  it('falls back to the built-in planner and says why', async () => {
    const p = await plan(CARDS_PROMPT, llm('{"nodes": "no"}'));
    expectSound(p);
    expect(p.via).toBe('planner');
    expect(p.warnings[0]).toMatch(
      /^The LLM's plan could not be used \(its answer does not fit the plan: .*\): this is the built-in planner's proposal\.$/,
    );
    const slow: Llm = { complete: () => new Promise(() => {}) };
    const late = await planWorkflow(CARDS_PROMPT, app, { llm: slow, llmTimeoutMs: 50 });
    expect(late.via).toBe('planner');
    expect(late.warnings[0]).toMatch(/could not be reached: no answer within/);
  });
});
