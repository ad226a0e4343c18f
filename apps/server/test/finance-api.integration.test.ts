import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeData, SAMPLE_CARD_PROGRAM_NAME } from '../src/sample-apps/finance/finance.data.ts';
import { createTestApp, type TestApp } from './helper.ts';

/*
 * The sample finance API over HTTP. It needs no database, so this runs on PGlite only.
 */

const d = financeData();
const primary = d.entities.find((e) => e.is_primary)!;
const labs = d.entities.find((e) => e.entity_name.includes('Labs'))!;
const execTravel = d.cardPrograms.find((p) => p.name === SAMPLE_CARD_PROGRAM_NAME)!;
const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

type Doc = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<
    string,
    {
      get: {
        parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
        responses: Record<string, { content: { 'application/json': { schema: object } } }>;
      };
    }
  >;
  components: { schemas: Record<string, object> };
};

type ListBody<T = Record<string, unknown>> = { data: T[]; page: { next: string | null } };

describe('sample finance API (pglite)', () => {
  let t: TestApp;
  let keyed: TestApp;
  let doc: Doc;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const validators = new Map<string, ValidateFunction>();

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  /** Validates a response against the catalogue's schema for its path and status. */
  function expectMatchesCatalogue(path: string, res: LightMyRequestResponse) {
    const key = `${path} ${res.statusCode}`;
    let validate = validators.get(key);
    if (!validate) {
      const schema =
        doc.paths[path]?.get.responses[String(res.statusCode)]?.content['application/json'].schema;
      expect(schema, `catalogue has a schema for ${key}`).toBeDefined();
      validate = ajv.compile(schema!);
      validators.set(key, validate);
    }
    const ok = validate(res.json());
    expect(ok, `${key}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  }

  /** Follows page.next from `url` to the end; returns every record and the number of requests. */
  async function walk(url: string, headers: Record<string, string> = {}) {
    const all: Record<string, unknown>[] = [];
    let next: string | null = url;
    let requests = 0;
    while (next) {
      const u = new URL(next, 'http://localhost:80');
      const res = await get(u.pathname + u.search, headers);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as ListBody;
      if (requests > 0 || body.page.next) expect(body.data.length).toBeGreaterThan(0);
      all.push(...body.data);
      next = body.page.next;
      if (next) {
        expect(next).toMatch(/^http:\/\/localhost(:80)?\/api\/v1\//);
        expect(new URL(next).pathname).toBe(u.pathname);
      }
      requests++;
      expect(requests).toBeLessThan(500);
    }
    return { all, requests };
  }

  beforeAll(async () => {
    // the next links follow X-Forwarded-Proto, which is only believed from a configured proxy
    t = await createTestApp('pglite', { TRUST_PROXY: 'loopback' });
    keyed = await createTestApp('pglite', { FINANCE_API_KEY: 'sample-finance-key-123' });
    const res = await get('/api/v1/openapi.json');
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(async () => {
    await t?.close();
    await keyed?.close();
  });

  // ---------- validation (spec §5) ----------

  const cardsBase = `/api/v1/cards?entity_id=${primary.id}`;
  const txBase = `/api/v1/transactions?entity_id=${primary.id}`;
  const bad: [string, string, (string | number)[]][] = [
    // entities: page_size 2..10000
    ['/api/v1/entities?page_size=1', 'too small', ['query', 'page_size']],
    ['/api/v1/entities?page_size=10001', 'too big', ['query', 'page_size']],
    ['/api/v1/entities?page_size=2.5', 'not an integer', ['query', 'page_size']],
    ['/api/v1/entities?page_size=abc', 'not a number', ['query', 'page_size']],
    ['/api/v1/entities?page_size=', 'empty', ['query', 'page_size']],
    ['/api/v1/entities?page_size=5&page_size=6', 'repeated', ['query', 'page_size']],
    ['/api/v1/entities?start=not-a-uuid', 'malformed uuid', ['query', 'start']],
    [`/api/v1/entities?start=${UNKNOWN_UUID}`, 'not a record of the list', ['query', 'start']],
    ['/api/v1/entities?is_primary=yes', 'not a boolean', ['query', 'is_primary']],
    // transactions: entity_id required, page_size 2..10000
    ['/api/v1/transactions', 'entity_id missing', ['query', 'entity_id']],
    ['/api/v1/transactions?page_size=10', 'entity_id missing', ['query', 'entity_id']],
    ['/api/v1/transactions?entity_id=123', 'malformed entity_id', ['query', 'entity_id']],
    [`${txBase}&page_size=1`, 'too small', ['query', 'page_size']],
    [`${txBase}&page_size=10001`, 'too big', ['query', 'page_size']],
    [`${txBase}&page_size=3.7`, 'not an integer', ['query', 'page_size']],
    [`${txBase}&start=zzz`, 'malformed cursor', ['query', 'start']],
    [
      `${txBase}&start=${d.transactionsByEntity.get(labs.id)![0]!.id}`,
      'cursor of another entity',
      ['query', 'start'],
    ],
    // transaction detail
    ['/api/v1/transactions/not-a-uuid', 'malformed transaction_id', ['path', 'transaction_id']],
    // cards: entity_id required, page_size 1..100, booleans, card_program_id uuid
    ['/api/v1/cards', 'entity_id missing', ['query', 'entity_id']],
    ['/api/v1/cards?entity_id=nope', 'malformed entity_id', ['query', 'entity_id']],
    [`${cardsBase}&page_size=0`, 'too small', ['query', 'page_size']],
    [`${cardsBase}&page_size=101`, 'too big', ['query', 'page_size']],
    [`${cardsBase}&page_size=1.5`, 'not an integer', ['query', 'page_size']],
    [`${cardsBase}&page_size=ten`, 'not a number', ['query', 'page_size']],
    [`${cardsBase}&is_activated=maybe`, 'not a boolean', ['query', 'is_activated']],
    [`${cardsBase}&is_terminated=2`, 'not a boolean', ['query', 'is_terminated']],
    [`${cardsBase}&is_terminated=TRUE`, 'not a boolean (case)', ['query', 'is_terminated']],
    [`${cardsBase}&card_program_id=abc`, 'malformed card_program_id', ['query', 'card_program_id']],
    [`${cardsBase}&start=abc`, 'malformed cursor', ['query', 'start']],
    [
      `${cardsBase}&start=${d.cards.find((c) => c.entity_id === labs.id)!.card_id}`,
      'card of another entity',
      ['query', 'start'],
    ],
    // reimbursements: page_size 1..100
    ['/api/v1/reimbursements?page_size=0', 'too small', ['query', 'page_size']],
    ['/api/v1/reimbursements?page_size=101', 'too big', ['query', 'page_size']],
    ['/api/v1/reimbursements?page_size=-3', 'negative', ['query', 'page_size']],
    ['/api/v1/reimbursements?status=LOST', 'unknown status', ['query', 'status']],
    ['/api/v1/reimbursements?start=1234', 'malformed cursor', ['query', 'start']],
    [`/api/v1/reimbursements?start=${primary.id}`, 'id of another list', ['query', 'start']],
  ];

  it.each(bad)('422 for %s (%s)', async (url, _why, loc) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json() as { detail: { loc: (string | number)[]; msg: string; type: string }[] };
    expect(body.detail.length).toBeGreaterThan(0);
    expect(body.detail.map((x) => x.loc)).toContainEqual(loc);
    for (const x of body.detail) {
      expect(typeof x.msg).toBe('string');
      expect(x.msg.length).toBeGreaterThan(0);
      expect(typeof x.type).toBe('string');
    }
    expectMatchesCatalogue(
      new URL(url, 'http://x').pathname.replace(/\/transactions\/[^/]+$/, '/transactions/{transaction_id}'),
      res,
    );
  });

  it('says a required entity_id is missing the way the spec client expects', async () => {
    const res = await get('/api/v1/cards');
    expect(res.json().detail).toContainEqual({
      loc: ['query', 'entity_id'],
      msg: 'Field required',
      type: 'missing',
    });
  });

  it('accepts the edge page sizes and 1/0 booleans', async () => {
    for (const url of [
      '/api/v1/entities?page_size=2',
      '/api/v1/entities?page_size=10000',
      `${txBase}&page_size=2`,
      `${txBase}&page_size=10000`,
      `${cardsBase}&page_size=1&is_activated=1&is_terminated=0`,
      `${cardsBase}&page_size=100&is_activated=false&is_terminated=true`,
      '/api/v1/reimbursements?page_size=1',
      '/api/v1/reimbursements?page_size=100',
      '/api/v1/entities?is_primary=1',
    ]) {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });

  // ---------- defaults ----------

  it('defaults: entities page of 1000 (all 3), transactions 1000, cards and reimbursements 50', async () => {
    const entities = (await get('/api/v1/entities')).json() as ListBody;
    expect(entities.data).toHaveLength(3);
    expect(entities.page.next).toBeNull();

    const tx = (await get(txBase)).json() as ListBody;
    expect(tx.data).toHaveLength(1000);
    expect(tx.page.next).not.toBeNull();

    const reimb = (await get('/api/v1/reimbursements')).json() as ListBody;
    expect(reimb.data).toHaveLength(50);
    expect(reimb.page.next).not.toBeNull();

    // cards default to activated and not terminated
    const cards = (await get(`${cardsBase}&page_size=100`)).json() as ListBody<{
      card_status: string;
      is_activated: boolean;
    }>;
    const expected = d.cards.filter(
      (c) => c.entity_id === primary.id && c.is_activated && c.card_status !== 'TERMINATED',
    );
    expect(cards.data).toHaveLength(expected.length);
    expect(cards.data.every((c) => c.is_activated && c.card_status !== 'TERMINATED')).toBe(true);
    const explicit = (await get(`${cardsBase}&page_size=100&is_activated=true&is_terminated=false`)).json();
    expect(explicit).toEqual(cards);
    const defaultPage = (await get(cardsBase)).json() as ListBody;
    expect(defaultPage.data).toEqual(cards.data.slice(0, 50));
  });

  // ---------- filters ----------

  it('filters entities by currency, entity_name and is_primary', async () => {
    const names = async (q: string) =>
      ((await get(`/api/v1/entities?${q}`)).json() as ListBody<{ entity_name: string }>).data.map(
        (e) => e.entity_name,
      );
    expect(await names('currency=EUR')).toEqual(['Northwind Europe B.V.']);
    expect(await names('currency=usd')).toHaveLength(2);
    expect(await names('entity_name=holdings')).toEqual(['Northwind Holdings Inc.']);
    expect(await names('is_primary=true')).toEqual([primary.entity_name]);
    expect(await names('is_primary=false')).not.toContain(primary.entity_name);
    expect(await names('is_primary=false')).toHaveLength(2);
    expect(await names('currency=USD&is_primary=false')).toEqual(['Northwind Labs LLC']);
    expect(await names('entity_name=nothing-like-this')).toEqual([]);
  });

  it('lists only the requested entity transactions; an unknown entity has none', async () => {
    const res = await get(`/api/v1/transactions?entity_id=${labs.id}&page_size=10000`);
    const body = res.json() as ListBody<{ entity_id: string; currency: string }>;
    expect(body.data).toHaveLength(d.transactionsByEntity.get(labs.id)!.length);
    expect(body.data.every((x) => x.entity_id === labs.id)).toBe(true);
    expect(body.page.next).toBeNull();
    expectMatchesCatalogue('/api/v1/transactions', res);
    const none = (await get(`/api/v1/transactions?entity_id=${UNKNOWN_UUID}`)).json();
    expect(none).toEqual({ data: [], page: { next: null } });
  });

  it('filters cards by activation, termination and card program', async () => {
    type Card = { card_status: string; is_activated: boolean; card_program_id: string; entity_id: string };
    const cards = async (q: string) =>
      ((await get(`${cardsBase}&page_size=100&${q}`)).json() as ListBody<Card>).data;
    const terminated = await cards('is_terminated=true');
    expect(terminated.length).toBeGreaterThan(0);
    expect(terminated.every((c) => c.card_status === 'TERMINATED' && c.is_activated)).toBe(true);
    const unactivated = await cards('is_activated=false');
    expect(unactivated.length).toBeGreaterThan(0);
    expect(unactivated.every((c) => !c.is_activated && c.card_status !== 'TERMINATED')).toBe(true);
    const program = d.cardPrograms.find(
      (p) => p.entity_id === primary.id && p.name !== SAMPLE_CARD_PROGRAM_NAME,
    )!;
    const inProgram = await cards(`card_program_id=${program.id}`);
    expect(inProgram.length).toBeGreaterThan(0);
    expect(inProgram.every((c) => c.card_program_id === program.id && c.entity_id === primary.id)).toBe(true);
    // a program of another entity gives nothing for this entity
    const foreign = d.cardPrograms.find((p) => p.entity_id === labs.id)!;
    expect(await cards(`card_program_id=${foreign.id}`)).toEqual([]);
  });

  it('filters reimbursements by user and status', async () => {
    const user = d.users[3]!;
    type R = { user_id: string; status: string };
    const mine = (
      (await get(`/api/v1/reimbursements?user_id=${user.id}&page_size=100`)).json() as ListBody<R>
    ).data;
    expect(mine.length).toBe(d.reimbursements.filter((r) => r.user_id === user.id).length);
    expect(mine.every((r) => r.user_id === user.id)).toBe(true);
    const rejected = (
      (await get('/api/v1/reimbursements?status=REJECTED&page_size=100')).json() as ListBody<R>
    ).data;
    expect(rejected.length).toBe(d.reimbursements.filter((r) => r.status === 'REJECTED').length);
    expect(rejected.every((r) => r.status === 'REJECTED')).toBe(true);
    const both = (
      (await get(`/api/v1/reimbursements?status=REIMBURSED&user_id=${user.id}`)).json() as ListBody<R>
    ).data;
    expect(both.every((r) => r.status === 'REIMBURSED' && r.user_id === user.id)).toBe(true);
    expect(((await get('/api/v1/reimbursements?user_id=someone-else')).json() as ListBody).data).toEqual([]);
  });

  // ---------- pagination ----------

  const keyOf: Record<string, string> = {
    entities: 'id',
    transactions: 'id',
    cards: 'card_id',
    reimbursements: 'reimbursement_id',
  };

  it.each([
    ['entities', '/api/v1/entities?page_size=2', '/api/v1/entities?page_size=10000'],
    ['transactions', `${txBase}&page_size=97`, `${txBase}&page_size=10000`],
    [
      'transactions',
      `/api/v1/transactions?entity_id=${labs.id}&page_size=2`,
      `/api/v1/transactions?entity_id=${labs.id}&page_size=10000`,
    ],
    ['cards', `${cardsBase}&page_size=1`, `${cardsBase}&page_size=100`],
    ['cards', `${cardsBase}&page_size=4&is_terminated=true`, `${cardsBase}&page_size=100&is_terminated=true`],
    [
      'reimbursements',
      '/api/v1/reimbursements?page_size=7&status=REJECTED',
      '/api/v1/reimbursements?page_size=100&status=REJECTED',
    ],
  ])('walks %s via page.next end to end: %s', async (list, url, bigUrl) => {
    const walked = await walk(url);
    const single = (await get(bigUrl)).json() as ListBody;
    expect(single.page.next).toBeNull();
    const ids = walked.all.map((r) => r[keyOf[list]!]);
    expect(new Set(ids).size).toBe(ids.length); // nothing repeated
    expect(walked.all).toEqual(single.data); // nothing skipped, same order
    const pageSize = Number(new URL(url, 'http://x').searchParams.get('page_size'));
    expect(walked.requests).toBe(Math.max(1, Math.ceil(single.data.length / pageSize)));
  });

  it('walks all reimbursements (more than one maximal page) without gaps', async () => {
    const walked = await walk('/api/v1/reimbursements?page_size=100');
    expect(walked.requests).toBe(Math.ceil(d.reimbursements.length / 100));
    expect(walked.all).toEqual(d.reimbursements);
    const small = await walk('/api/v1/reimbursements?page_size=13');
    expect(small.all).toEqual(d.reimbursements);
  });

  it('builds next from the request host and protocol and keeps the other parameters', async () => {
    const res = await get('/api/v1/reimbursements?page_size=5&status=REIMBURSED', {
      host: 'finance.example.com',
      'x-forwarded-proto': 'https',
    });
    const next = new URL((res.json() as ListBody).page.next!);
    expect(next.origin).toBe('https://finance.example.com');
    expect(next.pathname).toBe('/api/v1/reimbursements');
    expect(next.searchParams.get('page_size')).toBe('5');
    expect(next.searchParams.get('status')).toBe('REIMBURSED');
    expect(next.searchParams.get('start')).toBe(
      d.reimbursements.filter((r) => r.status === 'REIMBURSED')[5]!.reimbursement_id,
    );
    // a cursor moves, it does not accumulate
    const second = await get(next.pathname + next.search);
    const next2 = new URL((second.json() as ListBody).page.next!, 'http://x');
    expect(next2.searchParams.getAll('start')).toHaveLength(1);
  });

  // ---------- transaction detail ----------

  it('returns a transaction detail and 404s an unknown id', async () => {
    const tx = d.transactionsByEntity.get(primary.id)![10]!;
    const res = await get(`/api/v1/transactions/${tx.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: tx.id,
      amount: tx.amount,
      transaction_date: tx.transaction_date,
      merchant_name: tx.merchant,
      state: tx.transaction_status,
    });
    expectMatchesCatalogue('/api/v1/transactions/{transaction_id}', res);
    expect((await get(`/api/v1/transactions/${tx.id.toUpperCase()}`)).json().id).toBe(tx.id);

    const missing = await get(`/api/v1/transactions/${UNKNOWN_UUID}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Transaction not found' });
    expectMatchesCatalogue('/api/v1/transactions/{transaction_id}', missing);
  });

  // ---------- bearer key ----------

  it('needs no login when no key is configured, and is rate limited per client', async () => {
    const res = await get('/api/v1/entities');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBe('3000');
  });

  it('accepts upper-case uuids for ids and cursors', async () => {
    const first = (await get(`${txBase}&page_size=5`)).json() as ListBody;
    const next = new URL(first.page.next!);
    const start = next.searchParams.get('start')!;
    const upper = await get(
      `/api/v1/transactions?entity_id=${primary.id.toUpperCase()}&page_size=5&start=${start.toUpperCase()}`,
    );
    expect(upper.statusCode).toBe(200);
    const lower = await get(next.pathname + next.search);
    expect(upper.json().data).toEqual(lower.json().data);
  });

  it('requires the configured bearer key on every endpoint', async () => {
    const tx = d.transactions[0]!;
    const urls = [
      '/api/v1/entities',
      `/api/v1/transactions?entity_id=${primary.id}&page_size=2`,
      `/api/v1/transactions/${tx.id}`,
      `/api/v1/cards?entity_id=${primary.id}`,
      '/api/v1/reimbursements',
    ];
    for (const url of urls) {
      const none = await keyed.app.inject({ method: 'GET', url });
      expect(none.statusCode, url).toBe(401);
      expect(typeof none.json().detail).toBe('string');
      expect(none.headers['www-authenticate']).toBe('Bearer');
      const wrong = await keyed.app.inject({
        method: 'GET',
        url,
        headers: { authorization: 'Bearer not-the-key' },
      });
      expect(wrong.statusCode, url).toBe(401);
      expect(typeof wrong.json().detail).toBe('string');
      const basic = await keyed.app.inject({
        method: 'GET',
        url,
        headers: { authorization: 'Basic c2FtcGxlLWZpbmFuY2Uta2V5LTEyMw==' },
      });
      expect(basic.statusCode, url).toBe(401);
      const ok = await keyed.app.inject({
        method: 'GET',
        url,
        headers: { authorization: 'Bearer sample-finance-key-123' },
      });
      expect(ok.statusCode, url).toBe(200);
    }
    // auth comes before validation: no key, bad params → 401, not 422
    expect((await keyed.app.inject({ method: 'GET', url: '/api/v1/cards' })).statusCode).toBe(401);
    // the catalogue stays readable so a workflow builder can list the endpoints
    expect((await keyed.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).statusCode).toBe(200);
  });

  // ---------- catalogue ----------

  it('publishes a catalogue that is a valid OpenAPI 3.1 document (checked against the OAS schema)', async () => {
    const validator = new Validator();
    const res = await validator.validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(res.errors ?? []).toEqual([]);
    expect(res.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('publishes an OpenAPI 3.1 catalogue with every endpoint, parameter constraint and default', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0]!.url).toBe('http://localhost:80');
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/v1/cards',
      '/api/v1/entities',
      '/api/v1/reimbursements',
      '/api/v1/transactions',
      '/api/v1/transactions/{transaction_id}',
    ]);
    const param = (path: string, name: string) =>
      doc.paths[path]!.get.parameters.find((p) => p.name === name)!;
    expect(doc.paths['/api/v1/entities']!.get.parameters.map((p) => p.name).sort()).toEqual(
      ['currency', 'entity_name', 'is_primary', 'page_size', 'start'].sort(),
    );
    expect(param('/api/v1/entities', 'page_size')).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 2, maximum: 10000, default: 1000 },
    });
    expect(param('/api/v1/transactions', 'page_size').schema).toMatchObject({
      minimum: 2,
      maximum: 10000,
      default: 1000,
    });
    expect(param('/api/v1/transactions', 'entity_id')).toMatchObject({
      required: true,
      schema: { format: 'uuid' },
    });
    expect(param('/api/v1/transactions', 'start')).toMatchObject({
      required: false,
      schema: { format: 'uuid' },
    });
    expect(param('/api/v1/transactions/{transaction_id}', 'transaction_id')).toMatchObject({
      in: 'path',
      required: true,
      schema: { format: 'uuid' },
    });
    expect(param('/api/v1/cards', 'page_size').schema).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 50,
    });
    expect(param('/api/v1/cards', 'entity_id').required).toBe(true);
    expect(param('/api/v1/cards', 'is_activated').schema).toMatchObject({ default: 'true' });
    expect(param('/api/v1/cards', 'is_terminated').schema).toMatchObject({ default: 'false' });
    expect(param('/api/v1/cards', 'card_program_id').schema).toMatchObject({ format: 'uuid' });
    expect(param('/api/v1/reimbursements', 'page_size').schema).toMatchObject({
      minimum: 1,
      maximum: 100,
      default: 50,
    });
    expect(param('/api/v1/reimbursements', 'status').schema).toMatchObject({
      enum: ['PENDING', 'APPROVED', 'REJECTED', 'REIMBURSED'],
    });
    // the record schemas carry the spec's fields
    const card = doc.components.schemas.Card as { properties: Record<string, unknown>; required: string[] };
    for (const f of [
      'card_id',
      'card_holder',
      'card_status',
      'limit',
      'last_four',
      'card_type',
      'expiration_date',
    ]) {
      expect(card.required).toContain(f);
    }
    const entity = doc.components.schemas.Entity as { required: string[] };
    expect(entity.required).toEqual(
      expect.arrayContaining(['id', 'entity_name', 'currency', 'is_primary', 'location_ids', 'accounts']),
    );
  });

  it('validates every list and detail response against the catalogue schemas', async () => {
    const cases: [string, string][] = [
      ['/api/v1/entities', '/api/v1/entities'],
      ['/api/v1/transactions', `${txBase}&page_size=10000`],
      ['/api/v1/transactions', `/api/v1/transactions?entity_id=${d.entities[2]!.id}&page_size=10000`],
      ['/api/v1/cards', `${cardsBase}&page_size=100`],
      ['/api/v1/cards', `${cardsBase}&page_size=100&is_terminated=true`],
      ['/api/v1/cards', `${cardsBase}&page_size=100&is_activated=false`],
      ['/api/v1/reimbursements', '/api/v1/reimbursements?page_size=100'],
    ];
    for (const [path, url] of cases) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expectMatchesCatalogue(path, res);
    }
    const unauthorized = await keyed.app.inject({ method: 'GET', url: '/api/v1/entities' });
    expectMatchesCatalogue('/api/v1/entities', unauthorized);
  });

  it('lists the finance routes in the main API docs', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/v1/entities',
      '/api/v1/transactions',
      '/api/v1/transactions/{transaction_id}',
      '/api/v1/cards',
      '/api/v1/reimbursements',
    ]) {
      expect(paths).toContain(p);
    }
  });

  // ---------- spec §3 sample cards workflow ----------

  it('reproduces the sample cards workflow output: 10000 + 20000 = 30000', async () => {
    // the primary entity's default cards query for the "Executive Travel" card program
    const entities = (await get('/api/v1/entities?is_primary=true')).json() as ListBody<{ id: string }>;
    const entityId = entities.data[0]!.id;
    const res = await get(`/api/v1/cards?entity_id=${entityId}&card_program_id=${execTravel.id}`);
    expect(res.statusCode).toBe(200);
    expectMatchesCatalogue('/api/v1/cards', res);
    type Card = {
      card_name: string;
      card_holder: { first_name: string; last_name: string; address: Record<string, string> };
      last_four: string;
      expiration_date: string;
      card_type: 'PHYSICAL' | 'VIRTUAL';
      card_status: string;
      limit: number;
    };
    const body = res.json() as ListBody<Card>;
    expect(body.page.next).toBeNull();
    // the spec's output shape, built the way a workflow's final node would
    const output = {
      cards: body.data.map((c) => ({
        Holder: {
          'First Name': c.card_holder.first_name,
          'Last Name': c.card_holder.last_name,
          Address: Object.values(c.card_holder.address).join(', '),
        },
        Card: {
          Name: c.card_name,
          'Card Number': c.last_four,
          'Expiration Date': c.expiration_date,
          'Card Type': c.card_type === 'PHYSICAL' ? 'Physical' : 'Virtual',
          'Card Status': c.card_status,
          'Monthly Limit': c.limit,
        },
      })),
      'Number of Cards': body.data.length,
      'Total Monthly Limit': body.data.reduce((s, c) => s + c.limit, 0),
    };
    expect(output['Number of Cards']).toBe(2);
    expect(output.cards.map((c) => c.Card['Monthly Limit']).sort((a, b) => a - b)).toEqual([10000, 20000]);
    expect(output['Total Monthly Limit']).toBe(30000);
    for (const c of output.cards) {
      expect(c.Holder['First Name']).not.toBe('');
      expect(c.Holder['Last Name']).not.toBe('');
      expect(c.Holder.Address).toMatch(/\d/);
      expect(c.Card['Card Number']).toMatch(/^\d{4}$/);
      expect(['Physical', 'Virtual']).toContain(c.Card['Card Type']);
      expect(c.Card['Card Status']).toBe('ACTIVE');
    }
  });
});
