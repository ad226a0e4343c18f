import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp, type TestUser } from './helper.ts';

const SCHEMA = {
  type: 'object',
  properties: {
    full_name: { type: 'string' },
    shout: { type: 'string' },
    born: { type: 'string' },
    vibe: { type: 'string' },
  },
};
const DATA = [
  { first: 'Ada', last: 'Lovelace', birthday: '12/10/1815' },
  { first: 'Grace', last: 'Hopper', birthday: '12/09/1906' },
];

async function setup(t: TestApp, u: TestUser) {
  const call = (url: string, payload: unknown = {}) =>
    t.as(u.token, { method: 'POST', url, payload: payload as object });
  const pipeline = (await call('/api/pipelines', { name: 'Prompted', target_schema: SCHEMA })).json();
  await call(`/api/pipelines/${pipeline.id}/jobs`, { data: DATA });
  const w = (await call(`/api/pipelines/${pipeline.id}/workshops`)).json();
  return { w, call };
}

describe('prompt edits with the built-in generator (no LLM configured)', () => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp('pglite', {}, { worker: true });
    u = await createUser(t);
  });
  afterAll(() => t.close());

  it('understands simple instructions, re-runs, and says what it could not do', async () => {
    const { w, call } = await setup(t, u);
    const res = await call(`/api/workshops/${w.id}/prompt/run`, {
      target_fields_to_prompt: {
        full_name: 'concatenate first and last',
        born: 'use the birthday as YYYY-MM-DD',
        vibe: 'guess their mood',
      },
      immediate_return: false,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.prompt).toEqual([
      expect.objectContaining({ target: 'full_name', understood: true, via: 'built-in' }),
      expect.objectContaining({ target: 'born', understood: true }),
      expect.objectContaining({
        target: 'vibe',
        understood: false,
        message: expect.stringContaining('did not understand'),
      }),
    ]);
    const rows = (await t.as(u.token, { method: 'GET', url: `/api/results/${body.id}/mappings` })).json();
    expect(rows.items[0].mapped_record).toMatchObject({ full_name: 'Ada Lovelace', born: '1815-12-10' });
    const bad = await call(`/api/workshops/${w.id}/prompt/run`, {
      target_fields_to_prompt: {},
      global_context: 'x'.repeat(6000),
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('prompt edits with an OpenAI-compatible LLM (a fake one on loopback)', () => {
  let t: TestApp;
  let u: TestUser;
  let server: Server;
  const answers: Record<string, string> = { shout: '$uppercase(first)', vibe: '$count(first) + 1' };
  const asked: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const user = JSON.parse(body).messages[1].content as string;
        asked.push(user);
        const target = /Target field: (\w+)/.exec(user)![1]!;
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            id: 'x',
            object: 'chat.completion',
            created: 0,
            model: 'fake',
            choices: [
              {
                index: 0,
                finish_reason: 'stop',
                message: { role: 'assistant', content: answers[target] ?? 'not jsonata ((' },
              },
            ],
            usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
          }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    t = await createTestApp(
      'pglite',
      {
        OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
        OPENAI_API_KEY: 'test',
        USER_CODE_TIMEOUT_MS: '2000',
      },
      { worker: true },
    );
    u = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
    server.close();
  });

  it("uses the model's expression once it runs and yields the field's type; otherwise falls back and says why", async () => {
    const { w, call } = await setup(t, u);
    const before = asked.length;
    const body = (
      await call(`/api/workshops/${w.id}/prompt/run`, {
        target_fields_to_prompt: {
          shout: 'the first name in capitals',
          vibe: 'a number, oddly',
          full_name: 'concatenate first and last',
        },
        global_context: 'people records',
        immediate_return: false,
      })
    ).json();
    expect(asked[before]).toContain('Instruction: the first name in capitals');
    expect(asked[before]).toContain('Context: people records');
    const byTarget = Object.fromEntries(body.prompt.map((r: { target: string }) => [r.target, r]));
    expect(byTarget.shout).toMatchObject({ via: 'llm', understood: true });
    expect(byTarget.vibe).toMatchObject({
      via: 'built-in',
      understood: false,
      message: expect.stringContaining("the LLM's answer was rejected"),
    });
    expect(byTarget.full_name).toMatchObject({
      via: 'built-in',
      understood: true,
      message: expect.stringContaining('rejected'),
    });
    const rows = (await t.as(u.token, { method: 'GET', url: `/api/results/${body.id}/mappings` })).json();
    expect(rows.items[1].mapped_record).toMatchObject({ shout: 'GRACE', full_name: 'Grace Hopper' });
  });

  it("tries the model's expression off the event loop: a runaway one is stopped, refused and reported", async () => {
    const { w, call } = await setup(t, u);
    answers.shout = '($f := function($n){ $n <= 0 ? 0 : $f($n - 1) }; $f(3000000))';
    try {
      const started = Date.now();
      const run = call(`/api/workshops/${w.id}/prompt/run`, {
        target_fields_to_prompt: { shout: 'the first name in capitals' },
        immediate_return: false,
      });
      // the server answers others while the expression runs on a user-code thread
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      const body = (await run).json();
      expect(body.prompt[0]).toMatchObject({
        target: 'shout',
        via: 'built-in',
        message: expect.stringMatching(/rejected: .*took longer than 2 s/),
      });
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      answers.shout = '$uppercase(first)';
    }
  });

  it('asks the model about the fields the matcher is unsure of in a first proposal, keeping only answers that check out', async () => {
    const { w } = await setup(t, u);
    const draft = (await t.as(u.token, { method: 'GET', url: `/api/workshops/${w.id}/draft` })).json();
    const byTarget = Object.fromEntries(
      draft.spec.fields.map((f: { target: string }) => [f.target, f] as const),
    );
    // shout had no good source: the model's checked expression is used, and says where it came from
    expect(byTarget.shout).toMatchObject({
      transform: { kind: 'jsonata', expression: '$uppercase(first)' },
      reason: expect.stringContaining('Suggested by the LLM'),
    });
    // vibe's answer yields a number for a string field: the matcher's suggestion stays
    expect(byTarget.vibe?.reason ?? '').not.toContain('LLM');
    expect(asked.some((q) => q.includes('Target field: shout') && q.includes('Compute "shout"'))).toBe(true);
  });

  it('counts every model call and its tokens in the usage ledger', async () => {
    const usage = (await t.as(u.token, { method: 'GET', url: '/api/usage' })).json();
    expect(usage.llm_configured).toBe(true);
    expect(asked.length).toBeGreaterThan(0);
    expect(usage.totals.llm_calls).toBe(asked.length);
    expect(usage.totals.llm_tokens).toBe(15 * asked.length);
  });
});
