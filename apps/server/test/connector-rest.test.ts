import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectorRuntimeError, ConnectorSettingsError } from '../src/modules/connectors/contract.ts';
import { backoffMs, retryAfterMs } from '../src/modules/connectors/http-util.ts';
import { findConnector } from '../src/modules/connectors/registry.ts';
import { createRestConnector } from '../src/modules/connectors/rest/rest.connector.ts';
import { collect, netContext, sendJson, startServer } from './connector-net-helpers.ts';

/*
 * The REST source against a local API that misbehaves on purpose: every few requests it answers
 * 429 (with Retry-After) or 5xx, and its pages have irregular sizes whatever size was asked for.
 */

const N = 53;
/** ids 1..N; updated_at = floor(id / 3), so records share cursor values */
const ALL = Array.from({ length: N }, (_, i) => ({
  id: i + 1,
  name: `r${i + 1}`,
  updated_at: Math.floor((i + 1) / 3),
}));
/** irregular page sizes, cycled */
const SIZES = [7, 3, 11, 1, 5];
const sizeAt = (page: number) => SIZES[page % SIZES.length]!;
/** where page p (0-based) starts with the irregular sizes */
const startOf = (p: number) => Array.from({ length: p }, (_, i) => sizeAt(i)).reduce((a, b) => a + b, 0);

let api: string;
let server: Server;
let requests = 0;
let tokenCalls = 0;
let emptyPages = 0;
const tokens = new Map<string, number>();
const rest = createRestConnector({ retry: { baseDelayMs: 1, maxDelayMs: 20 } });
const ctx = netContext();
const signal = new AbortController().signal;

beforeAll(async () => {
  ({ url: api, server } = await startServer((req, res, body) => {
    const url = new URL(req.url!, 'http://x');
    const q = (k: string) => url.searchParams.get(k);
    requests++;
    if (url.pathname === '/down') return sendJson(res, 503, { error: 'down' });
    if (url.pathname === '/token') {
      tokenCalls++;
      const ok = req.headers.authorization === `Basic ${Buffer.from('cid:csecret').toString('base64')}`;
      if (!ok || !body.includes('grant_type=client_credentials'))
        return sendJson(res, 401, { error: 'bad client' });
      const t = `tok${tokenCalls}`;
      tokens.set(t, 0);
      // scope "short": a token announced to live 1 s (inside the client's 30 s safety margin)
      const ttl = body.includes('scope=short') ? 1 : 3600;
      return sendJson(res, 200, { access_token: t, token_type: 'bearer', expires_in: ttl });
    }
    // the chaos: every 5th request is rate-limited, every 7th fails
    if (requests % 5 === 0) return sendJson(res, 429, { error: 'slow down' }, { 'retry-after': '0' });
    if (requests % 7 === 0) return sendJson(res, 502, { error: 'bad gateway' });
    if (url.pathname === '/oauth') {
      const t = req.headers.authorization?.replace('Bearer ', '') ?? '';
      const uses = tokens.get(t);
      // a token is good for 3 calls, then it has "expired"
      if (uses === undefined || uses >= 3) return sendJson(res, 401, { error: 'expired' });
      tokens.set(t, uses + 1);
    }
    if (url.pathname === '/keyed' && req.headers['x-key'] !== 'k1' && q('api_key') !== 'k1')
      return sendJson(res, 403, { error: 'no key' });
    if (
      url.pathname === '/basic' &&
      req.headers.authorization !== `Basic ${Buffer.from('u:p').toString('base64')}`
    )
      return sendJson(res, 401, { error: 'who?' });
    const since = Number(q('since') ?? -1);
    const rows = ALL.filter((r) => r.updated_at >= since);
    switch (url.pathname) {
      case '/cursor':
      case '/oauth':
      case '/keyed':
      case '/basic': {
        const at = Number(Buffer.from(q('cursor') ?? 'MA==', 'base64').toString());
        const page = Math.floor(at / 4);
        const end = at + sizeAt(page);
        const next = end < rows.length ? Buffer.from(String(end)).toString('base64') : null;
        return sendJson(res, 200, { data: rows.slice(at, end), meta: { next_cursor: next } });
      }
      case '/next': {
        const at = Number(q('start') ?? 0);
        const end = at + sizeAt(at);
        return sendJson(res, 200, {
          items: rows.slice(at, end),
          links: { next: end < N ? `/next?start=${end}` : null },
        });
      }
      case '/offset': {
        const at = Number(q('offset'));
        const limit = Number(q('limit'));
        // never more than asked, sometimes fewer
        const results = rows.slice(at, at + Math.min(limit, sizeAt(at)));
        if (results.length === 0) emptyPages++;
        return sendJson(res, 200, { results, total: N });
      }
      case '/page': {
        const p = Number(q('page')) - 1;
        return sendJson(res, 200, { data: rows.slice(startOf(p), startOf(p + 1)) });
      }
      case '/link': {
        const at = Number(q('after') ?? 0);
        const end = at + sizeAt(at);
        const link: Record<string, string> =
          end < N ? { link: `<${api}/link?after=${end}>; rel="next", <${api}/link>; rel="first"` } : {};
        return sendJson(res, 200, rows.slice(at, end), link);
      }
      case '/loop':
        return sendJson(res, 200, { data: [{ id: 1 }], next: '/loop' });
      case '/elsewhere':
        return sendJson(res, 200, { data: [{ id: 1 }], next: 'http://127.0.0.2:1/x' });
    }
    sendJson(res, 404, { error: 'no such path' });
  }));
});
afterAll(() => server?.close());

const settings = (
  path: string,
  pagination: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) => ({
  baseUrl: api,
  maxAttempts: 6,
  streams: [
    {
      name: 'things',
      path,
      recordsPointer: pagination.recordsPointer ?? '/data',
      primaryKey: 'id',
      cursorField: 'updated_at',
      cursorParam: 'since',
      pagination: { ...pagination, recordsPointer: undefined } as Record<string, unknown>,
    },
  ],
  ...extra,
});
const clean = (s: ReturnType<typeof settings>) => {
  for (const st of s.streams) delete (st.pagination as Record<string, unknown>).recordsPointer;
  return s;
};
const read = (s: ReturnType<typeof settings>, more: Record<string, unknown> = {}) =>
  collect(rest.read(clean(s), { stream: 'things', syncMode: 'full_refresh', signal, ...more }, ctx));
const ids = (records: Record<string, unknown>[]) => records.map((r) => r.id);
const everyId = ALL.map((r) => r.id);

describe('REST source: pagination styles walk every record exactly once and stop', () => {
  it('is registered', () => {
    expect(findConnector('rest')?.spec.roles).toEqual(['source']);
  });
  it('cursor token in the body, sent back as a query parameter', async () => {
    const { records, states } = await read(
      settings('/cursor', { type: 'cursor', tokenPointer: '/meta/next_cursor', tokenParam: 'cursor' }),
    );
    expect(ids(records)).toEqual(everyId);
    expect(states.length).toBeGreaterThan(5);
  });
  it('next URL in the body', async () => {
    const { records } = await read(
      settings('/next', { type: 'next_url', nextUrlPointer: '/links/next', recordsPointer: '/items' }),
    );
    expect(ids(records)).toEqual(everyId);
  });
  it('offset/limit, advancing by the records really received, stopping at the total', async () => {
    emptyPages = 0;
    const { records } = await read(
      settings('/offset', {
        type: 'offset',
        pageSize: 10,
        totalPointer: '/total',
        recordsPointer: '/results',
      }),
    );
    expect(ids(records)).toEqual(everyId);
    // stopped at the total: no empty page was asked for after the last record
    expect(emptyPages).toBe(0);
  });
  it('page number, stopping on the empty page', async () => {
    const { records } = await read(settings('/page', { type: 'page', pageSize: 5 }));
    expect(ids(records)).toEqual(everyId);
  });
  it('RFC 8288 Link header with rel="next"', async () => {
    const { records } = await read(settings('/link', { type: 'link_header', recordsPointer: '' }));
    expect(ids(records)).toEqual(everyId);
  });
  it('max pages bounds a read', async () => {
    const { records } = await read(
      settings('/cursor', { type: 'cursor', tokenPointer: '/meta/next_cursor', maxPages: 2 }),
    );
    expect(ids(records)).toEqual(everyId.slice(0, 10));
  });
  it('an API that points back to a page already read stops instead of looping', async () => {
    const { records } = await read(settings('/loop', { type: 'next_url', nextUrlPointer: '/next' }));
    expect(ids(records)).toEqual([1]);
    expect(ctx.logs.some((l) => l.includes('already read'))).toBe(true);
  });
  it('a next link to another origin is refused (the credentials are not sent there)', async () => {
    await expect(read(settings('/elsewhere', { type: 'next_url', nextUrlPointer: '/next' }))).rejects.toThrow(
      /leaves the API/,
    );
  });
});

describe('REST source: incremental reads', () => {
  it('resumes after the last checkpoint without losing or repeating records sharing a cursor value', async () => {
    const s = settings('/cursor', { type: 'cursor', tokenPointer: '/meta/next_cursor', maxPages: 3 });
    const first = await read(s, { syncMode: 'incremental' });
    const state = first.states.at(-1)!;
    // the first 3 pages (7 + 3 + 11 records) end in the middle of a cursor value (ids 21, 22, 23 → 7)
    expect(ids(first.records)).toEqual(everyId.slice(0, 21));
    expect(state).toEqual({ cursor: 7, keys: ['[21]'] });
    s.streams[0]!.pagination.maxPages = 1000;
    const second = await read(s, { syncMode: 'incremental', state });
    expect(ids(second.records)).toEqual(everyId.slice(21));
    expect(second.states.at(-1)).toEqual({ cursor: 17, keys: ['[51]', '[52]', '[53]'] });
    const third = await read(s, { syncMode: 'incremental', state: second.states.at(-1) });
    expect(third.records).toEqual([]);
  });
});

describe('REST source: authentication', () => {
  it('OAuth2 client credentials: a token is fetched, and fetched again when the API says it expired', async () => {
    tokenCalls = 0;
    const s = settings(
      '/oauth',
      { type: 'cursor', tokenPointer: '/meta/next_cursor' },
      { authType: 'oauth2', tokenUrl: `${api}/token`, clientId: 'cid', clientSecret: 'csecret' },
    );
    const { records, states } = await read(s);
    expect(ids(records)).toEqual(everyId);
    // a token serves 3 pages, then the API answers 401 and a new one is fetched
    expect(states.length).toBeGreaterThan(6);
    expect(tokenCalls).toBe(Math.ceil(states.length / 3));
  });
  it('OAuth2: a token about to expire is replaced before use', async () => {
    tokenCalls = 0;
    const s = settings(
      '/oauth',
      { type: 'cursor', tokenPointer: '/meta/next_cursor' },
      {
        authType: 'oauth2',
        tokenUrl: `${api}/token`,
        clientId: 'cid',
        clientSecret: 'csecret',
        scope: 'short',
      },
    );
    const { records, states } = await read(s);
    expect(ids(records)).toEqual(everyId);
    // no 401 was needed: every page asked for a fresh token first
    expect(tokenCalls).toBe(states.length);
  });
  it('OAuth2 with a wrong client secret is a readable error', async () => {
    const s = settings(
      '/oauth',
      { type: 'none' },
      { authType: 'oauth2', tokenUrl: `${api}/token`, clientId: 'cid', clientSecret: 'nope' },
    );
    await expect(rest.check(clean(s), ctx)).rejects.toThrow(
      /OAuth2 token request: HTTP 401 \(check the credentials\)/,
    );
  });
  it('API key in a header or in the query', async () => {
    const header = settings(
      '/keyed',
      { type: 'cursor', tokenPointer: '/meta/next_cursor' },
      {
        authType: 'api_key',
        apiKeyName: 'X-Key',
        apiKey: 'k1',
      },
    );
    expect(ids((await read(header)).records)).toEqual(everyId);
    const query = settings(
      '/keyed',
      { type: 'none' },
      { authType: 'api_key', apiKeyName: 'api_key', apiKeyIn: 'query', apiKey: 'k1' },
    );
    expect((await read(query)).records).toHaveLength(7);
    const wrong = settings(
      '/keyed',
      { type: 'none' },
      { authType: 'api_key', apiKeyName: 'X-Key', apiKey: 'k2' },
    );
    await expect(read(wrong)).rejects.toThrow(/things: GET .*\/keyed: HTTP 403 \(check the credentials\)/);
  });
  it('basic auth', async () => {
    const s = settings('/basic', { type: 'none' }, { authType: 'basic', username: 'u', password: 'p' });
    expect((await read(s)).records).toHaveLength(7);
  });
});

describe('REST source: settings, failures and the SSRF guard', () => {
  it('check names the wrong field', async () => {
    const bad = async (s: Record<string, unknown>) => {
      const err = await rest.check(s, ctx).catch((e) => e);
      expect(err).toBeInstanceOf(ConnectorSettingsError);
      return (err as ConnectorSettingsError).field;
    };
    expect(await bad({ streams: [] })).toBe('baseUrl');
    expect(await bad({ baseUrl: api, streams: [] })).toBe('streams');
    expect(await bad({ baseUrl: api, streams: [{ name: 'a' }] })).toBe('streams[0].path');
    expect(await bad({ baseUrl: 'ftp://x', streams: [{ name: 'a', path: '/' }] })).toBe('baseUrl');
    expect(await bad({ baseUrl: api, authType: 'bearer', streams: [{ name: 'a', path: '/' }] })).toBe(
      'bearerToken',
    );
    expect(
      await bad({ baseUrl: api, streams: [{ name: 'a', path: '/', pagination: { type: 'sideways' } }] }),
    ).toBe('streams[0].pagination.type');
    expect(await bad({ baseUrl: api, maxAttempts: 'many', streams: [{ name: 'a', path: '/' }] })).toBe(
      'maxAttempts',
    );
  });
  it('persistent 5xx gives up after the bounded attempts with a transient error', async () => {
    const err = await rest
      .check({ ...clean(settings('/down', { type: 'none' })), maxAttempts: 3 }, ctx)
      .catch((e) => e);
    expect(err).toBeInstanceOf(ConnectorRuntimeError);
    expect(err.transient).toBe(true);
    expect(err.message).toMatch(/things: GET .*\/down failed after 3 attempts \(last: HTTP 503\)/);
  });
  it('an unreachable host is a readable error, not a crash', async () => {
    const s = { ...clean(settings('/x', { type: 'none' })), baseUrl: 'http://127.0.0.1:1', maxAttempts: 2 };
    await expect(rest.check(s, ctx)).rejects.toThrow(/failed after 2 attempts \(last: .*ECONNREFUSED/);
  });
  it('a private address not in the allowlist is refused', async () => {
    for (const baseUrl of [
      'http://10.1.2.3/api',
      'http://[::1]:8080',
      api.replace('127.0.0.1', 'localhost'),
    ]) {
      const err = await rest
        .check({ ...clean(settings('/cursor', { type: 'none' })), baseUrl }, ctx)
        .catch((e) => e);
      expect(err).toBeInstanceOf(ConnectorRuntimeError);
      expect(err.transient).toBe(false);
      expect(err.message).toMatch(/refused: .* resolves to a private address/);
    }
  });
  it('discover infers each stream schema from one page', async () => {
    const streams = await rest.discover!(
      clean(settings('/cursor', { type: 'cursor', tokenPointer: '/meta/next_cursor' })),
      ctx,
    );
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({
      name: 'things',
      syncModes: ['full_refresh', 'incremental'],
      primaryKey: [['id']],
      cursorFields: [['updated_at']],
      jsonSchema: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
    });
  });
});

describe('retry waits', () => {
  const policy = { maxAttempts: 5, baseDelayMs: 1000, maxDelayMs: 60_000 };
  it('Retry-After in seconds or as an HTTP date wins over the backoff, capped', () => {
    expect(backoffMs(1, policy, retryAfterMs('3'))).toBe(3000);
    const inTen = new Date(Date.now() + 10_000).toUTCString();
    expect(backoffMs(1, policy, retryAfterMs(inTen))).toBeGreaterThan(8000);
    expect(backoffMs(1, policy, retryAfterMs('86400'))).toBe(60_000);
    expect(retryAfterMs('soon')).toBeUndefined();
  });
  it('without Retry-After the wait doubles per attempt (with jitter within the step)', () => {
    for (const attempt of [1, 2, 3, 4]) {
      const wait = backoffMs(attempt, policy);
      expect(wait).toBeGreaterThanOrEqual(500 * 2 ** (attempt - 1));
      expect(wait).toBeLessThanOrEqual(1000 * 2 ** (attempt - 1));
    }
  });
});
