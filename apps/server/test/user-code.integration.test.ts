import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermanentTaskError } from '../src/jobs/worker.ts';
import { batchDeadlineMs, closeEnginePool, enginePool } from '../src/modules/pipelines/engine-pool.ts';
import { createTestApp, createUser, DATABASES, type TestApp, type TestUser } from './helper.ts';

// `^(a+)+$` backtracks exponentially on JavaScript's RegExp: 36 a's and a '!' take minutes there
const EVIL = '^(a+)+$';
const EVIL_VALUE = `${'a'.repeat(36)}!`;
// about 20 s of JSONata recursion (tail calls: no stack overflow, just time)
const RUNAWAY = '($f := function($n){ $n <= 0 ? 0 : $f($n - 1) }; $f(3000000))';

const jsonataField = (target: string, expression: string) => ({
  target,
  sources: [],
  transform: { kind: 'jsonata', expression },
  confidence: 1,
  status: 'edited',
});

/** entities → a final node whose mapping is the given JSONata for `total` */
const workflowWith = (expression: string) => ({
  nodes: [
    { id: 'entities', type: 'custom', data: { endpoint: { path: '/api/v1/entities' }, isFirstNode: true } },
    {
      id: 'out',
      type: 'final',
      data: {
        finalSchema: { type: 'object', properties: { total: { type: 'number' } } },
        mapping: { version: 1, fields: [jsonataField('total', expression)] },
      },
    },
  ],
  edges: [{ id: 'e1', source: 'entities', target: 'out' }],
});

describe.each(DATABASES)('user code cannot hold the server (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind, { USER_CODE_TIMEOUT_MS: '1500' }, { worker: true });
    u = await createUser(t);
  });
  afterAll(() => t.close());
  const post = (url: string, payload: unknown = {}) =>
    t.as(u.token, { method: 'POST', url, payload: payload as object });

  it('refuses a pattern the linear-time engine cannot run, naming the pattern and the reason', async () => {
    const back = await post('/api/target_schemas', {
      name: 'Backreference',
      schema: { type: 'object', properties: { code: { type: 'string', pattern: '^(a)\\1$' } } },
    });
    expect(back.statusCode).toBe(422);
    expect(back.json().detail[0]).toMatchObject({
      loc: ['body', 'schema', 'properties', 'code', 'pattern'],
      msg: expect.stringMatching(/backreference/),
    });
    const look = await post('/api/target_schemas', {
      name: 'Lookahead',
      schema: {
        type: 'object',
        properties: { tags: { type: 'object', patternProperties: { '^(?!x)': { type: 'string' } } } },
      },
    });
    expect(look.statusCode).toBe(422);
    expect(look.json().detail[0].loc).toEqual([
      'body',
      'schema',
      'properties',
      'tags',
      'patternProperties',
      '^(?!x)',
    ]);
    expect(look.json().detail[0].msg).toMatch(/lookaround/);

    const g = workflowWith('1');
    (g.nodes[1]!.data as { finalSchema: unknown }).finalSchema = {
      type: 'object',
      properties: { total: { type: 'string', pattern: '(?<=a)b' } },
    };
    const wf = await post('/api/workflows', { name: 'Lookbehind', ...g });
    expect(wf.statusCode).toBe(422);
    expect(wf.json().detail[0].loc).toEqual(
      expect.arrayContaining(['finalSchema', 'properties', 'total', 'pattern']),
    );
  });

  it('saves a backtracking pattern and validates with it at once: previews and runs', async () => {
    const field = { type: 'string', pattern: EVIL };
    const check = await post('/api/target_schemas/check_values', {
      field,
      values: [EVIL_VALUE, 'aaaa', EVIL_VALUE],
    });
    expect(check.statusCode).toBe(200);
    expect(check.json().results.map((r: { ok: boolean }) => r.ok)).toEqual([false, true, false]);

    const schema = { type: 'object', properties: { code: field }, required: ['code'] };
    const pipeline = (await post('/api/pipelines', { name: 'ReDoS', target_schema: schema })).json();
    expect(pipeline.id).toBeTruthy();
    const data = [{ code: EVIL_VALUE }, { code: 'aaa' }, { code: EVIL_VALUE }, { code: EVIL_VALUE }];
    const job = (await post(`/api/pipelines/${pipeline.id}/jobs`, { data })).json();
    const result = (await post(`/api/jobs/${job.id}/run?immediate_return=false`)).json();
    expect(result).toMatchObject({ failed: 3 });
  });

  it('stops a runaway final-node mapping with a clear error, and the next run maps again', async () => {
    const slow = (await post('/api/workflows', { name: 'Runaway', ...workflowWith(RUNAWAY) })).json();
    const run = (await post(`/api/workflows/${slow.id}/test`)).json();
    expect(run.status).toBe('failed');
    expect(run.error).toBe('out: The mapping took longer than 1.5 s and was stopped');
    expect(run.nodes[1]).toMatchObject({ status: 'failed' });

    const quick = (
      await post('/api/workflows', { name: 'Quick', ...workflowWith('$count(entities)') })
    ).json();
    const ok = (await post(`/api/workflows/${quick.id}/test`)).json();
    expect(ok.status, ok.error).toBe('succeeded');
    expect(ok.output.total).toBe(ok.nodes[0].records);
  });

  it('a dry run of a runaway draft is a 422 on the spec', async () => {
    const schema = { type: 'object', properties: { n: { type: 'number' } } };
    const pipeline = (await post('/api/pipelines', { name: 'Dry', target_schema: schema })).json();
    const job = (await post(`/api/pipelines/${pipeline.id}/jobs`, { data: [{ n: 1 }] })).json();
    await post(`/api/jobs/${job.id}/run?immediate_return=false`);
    const dry = await post(`/api/pipelines/${pipeline.id}/dry_run`, {
      spec: { version: 1, fields: [jsonataField('n', RUNAWAY)] },
    });
    expect(dry.statusCode).toBe(422);
    expect(dry.json().detail[0]).toEqual({
      loc: ['body', 'spec'],
      msg: 'The mapping took longer than 1.5 s and was stopped',
      type: 'value_error',
    });
  });
});

describe('a job batch of runaway user code', () => {
  afterAll(() => closeEnginePool());

  it('frees its engine thread at the deadline and fails the part for good; the next batch maps', async () => {
    const pool = enginePool(1);
    const schema = { type: 'object', properties: { n: { type: 'number' } } };
    const runaway = { version: 1, fields: [jsonataField('n', RUNAWAY)] };
    const stopped = pool.run(
      { key: 'runaway', spec: runaway, schema, first: 20, json: '[{}]' },
      { timeoutMs: 500 },
    );
    await expect(stopped).rejects.toThrow(PermanentTaskError);
    await expect(stopped).rejects.toThrow(
      'The mapping took longer than 0.5 s and was stopped (records 20 onwards)',
    );
    const quick = { version: 1, fields: [jsonataField('n', '1 + 1')] };
    const ok = await pool.run(
      { key: 'quick', spec: quick, schema, first: 0, json: '[{}]' },
      { timeoutMs: 30_000 },
    );
    expect(ok).toMatchObject({ rows: 1, valid: 1 });
  });

  it('gives a batch USER_CODE_TIMEOUT_MS per 1,000 records, at least once', () => {
    expect(batchDeadlineMs(10_000, 10_240)).toBe(102_400);
    expect(batchDeadlineMs(10_000, 3)).toBe(10_000);
  });
});
