import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEveryKind, type EveryKind, fillPath } from './every-kind.ts';
import { createTestApp, createUser, DATABASES, type TestApp, type TestUser } from './helper.ts';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
}
interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
type Malformed = { what: string; url: string; headers?: Record<string, string>; payload?: string | Buffer };

const JSON_TYPE = { 'content-type': 'application/json' };
const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

/** A value of the wrong type for a property of this schema. */
function wrongFor(schema: JsonSchema | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  if (type === 'string') return 12345;
  if (type === 'number' || type === 'integer') return 'not a number';
  if (type === 'boolean') return 'yes';
  if (type === 'array') return { not: 'an array' };
  return 'not an object';
}

/**
 * At least twenty malformed variants of one operation: its path with our own ids (so requests
 * get past the 404 to the validation and the code behind it), broken in every way the issue
 * lists: wrong types, missing and unknown fields, empty bodies, huge strings, depth-10k JSON,
 * `__proto__` / `constructor` keys, invalid UTF-8, NUL bytes, lone surrogates, bad content types,
 * negative / huge / non-numeric pages, and path traversal and non-UUID ids.
 */
function malformedInputs(path: string, url: string, op: Operation): Malformed[] {
  const props = op.requestBody?.content?.['application/json']?.schema?.properties ?? {};
  const names = Object.keys(props).slice(0, 6);
  const body = (value: unknown) => JSON.stringify(value);
  const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const q = (s: string) => `${url}${url.includes('?') ? '&' : '?'}${s}`;
  const out: Malformed[] = [
    {
      what: 'wrong types',
      url,
      headers: JSON_TYPE,
      payload: body(Object.fromEntries(names.map((n) => [n, wrongFor(props[n])]))),
    },
    { what: 'missing fields', url, headers: JSON_TYPE, payload: '{}' },
    { what: 'unknown fields', url, headers: JSON_TYPE, payload: body({ unknown_field: 1, another: [1] }) },
    { what: 'empty body', url, headers: JSON_TYPE, payload: '' },
    { what: 'null body', url, headers: JSON_TYPE, payload: 'null' },
    { what: 'array body', url, headers: JSON_TYPE, payload: '[1,2,3]' },
    { what: 'truncated JSON', url, headers: JSON_TYPE, payload: '{"name": "x' },
    {
      what: 'huge strings',
      url,
      headers: JSON_TYPE,
      payload: body(
        Object.fromEntries((names.length ? names : ['name']).map((n) => [n, 'x'.repeat(200_000)])),
      ),
    },
    { what: 'depth-10k JSON', url, headers: JSON_TYPE, payload: deep(10_000) },
    {
      what: '__proto__ key',
      url,
      headers: JSON_TYPE,
      payload: '{"__proto__": {"admin": true}, "name": "x"}',
    },
    {
      what: 'constructor key',
      url,
      headers: JSON_TYPE,
      payload: '{"constructor": {"prototype": {"admin": true}}}',
    },
    {
      what: 'invalid UTF-8',
      url,
      headers: JSON_TYPE,
      payload: Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]),
    },
    {
      what: 'NUL in every field',
      url,
      headers: JSON_TYPE,
      payload: body(Object.fromEntries((names.length ? names : ['name']).map((n) => [n, 'a\u0000b']))),
    },
    { what: 'lone surrogate', url, headers: JSON_TYPE, payload: `{"${names[0] ?? 'name'}": "\\ud800"}` },
    { what: 'text/plain body', url, headers: { 'content-type': 'text/plain' }, payload: 'hello' },
    { what: 'xml body', url, headers: { 'content-type': 'application/xml' }, payload: '<a>1</a>' },
    {
      what: 'multipart without boundary',
      url,
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'x',
    },
    { what: 'negative page', url: q('page=-1&size=-5') },
    { what: 'huge page', url: q('page=99999999999999999999&size=1e309') },
    { what: 'non-numeric page', url: q('page=abc&size=%20') },
    { what: 'repeated query keys', url: q('page=1&page=2&size=1&size=2') },
    ...query.map((name) => ({ what: `NUL in query ${name}`, url: q(`${name}=%00`) })),
    ...query.map((name) => ({ what: `huge query ${name}`, url: q(`${name}=${'x'.repeat(5000)}`) })),
  ];
  if (path.includes('{')) {
    const bad = (id: string) =>
      path
        .replace(/^\/api/, '/api')
        .replace(/\{[^}]+\}/, id)
        .replace(/\{[^}]+\}/g, '0');
    out.push(
      { what: 'path traversal id', url: bad('..%2F..%2F..%2Fetc%2Fpasswd') },
      { what: 'non-UUID id', url: bad('not-a-uuid') },
      { what: 'NUL id', url: bad('%00') },
      { what: 'huge id', url: bad('9'.repeat(150)) },
    );
  }
  return out;
}

/** Operations about the caller's own sign-in; they run after the others, logout the very last. */
const ENDS_SESSION = /\/auth\/|\/me\/password/;

/**
 * Issue 14: every operation of the OpenAPI document, fed malformed input, answers 4xx — never
 * 5xx — and a refused request writes nothing (row counts of every table a request can write are
 * unchanged).
 */
describe.each(DATABASES)('malformed input on every operation (%s)', (kind) => {
  let t: TestApp;
  let owner: TestUser;
  let token = '';
  let kinds: EveryKind;
  let doc: { paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await createUser(t);
    token = owner.token;
    kinds = await createEveryKind(t, owner);
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  }, 60_000);
  afterAll(() => t.close());

  const TABLES = [
    'projects',
    'files',
    'file_versions',
    'imports',
    'target_schemas',
    'pipelines',
    'jobs',
    'results',
    'workshops',
    'workflows',
    'workflow_runs',
    'authenticated_apps',
    'api_keys',
    'users',
    'tasks',
    'datasets',
    'mapper_versions',
    'result_fixes',
  ];
  /** One query for the row count of every table a request could half-write. */
  const counts = async () => {
    const rows = await t.app.ctx.db.execute(
      sql.raw(`select ${TABLES.map((n) => `(select count(*) from ${n})::int as ${n}`).join(', ')}`),
    );
    return (rows as unknown as { rows: Record<string, number>[] }).rows[0]!;
  };

  it('answers 4xx to ≥ 20 malformed inputs per operation, and a refused request writes nothing', async () => {
    const ops = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
    );
    // destructive and session-ending operations last, so the others meet live resources
    const rank = (o: { path: string; method: string }) =>
      ENDS_SESSION.test(o.path) ? 2 : o.method === 'DELETE' ? 1 : 0;
    ops.sort((a, b) => rank(a) - rank(b));
    const failures: string[] = [];
    let requests = 0;
    let last: Record<string, number> | undefined;
    for (const { path, method, op } of ops) {
      const url = fillPath(path, kinds) ?? path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const fixed = malformedInputs(path, url, op);
      expect(fixed.length, `${method} ${path}`).toBeGreaterThanOrEqual(20);
      const random = fc.record({ body: fc.jsonValue({ maxDepth: 4 }) }).map(
        ({ body }): Malformed => ({
          what: 'random JSON',
          url,
          headers: JSON_TYPE,
          payload: JSON.stringify(body) ?? '0',
        }),
      );
      await fc.assert(
        fc.asyncProperty(random, async (input) => {
          // the counts after a refused request are the next one's before (nothing ran between)
          const before = last ?? (await counts());
          last = undefined;
          const res = await t.app.inject({
            method: method as InjectOptions['method'],
            url: input.url,
            payload: input.payload,
            headers: { ...input.headers, authorization: `Bearer ${token}` },
          } as InjectOptions);
          requests++;
          if (res.statusCode >= 500)
            failures.push(`${method} ${path} [${input.what}] → ${res.statusCode} ${res.body.slice(0, 160)}`);
          if (res.statusCode >= 400) {
            const after = await counts();
            last = after;
            const changed = TABLES.filter((n) => after[n] !== before[n]);
            if (changed.length)
              failures.push(
                `${method} ${path} [${input.what}] → ${res.statusCode} but wrote ${changed.join(', ')}`,
              );
          }
          return true;
        }),
        { examples: fixed.map((m) => [m]), numRuns: fixed.length + 4, seed: 42, endOnFailure: true },
      );
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(ops.length * 20);
  }, 600_000);
});
