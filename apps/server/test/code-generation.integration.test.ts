import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DATABASES, type TestApp, type TestUser } from './helper.ts';

const SAMPLES = [
  { first_name: 'Ada', last_name: 'Lovelace', email: 'ADA@EXAMPLE.COM', amount: '12.50' },
  { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', amount: '7' },
];
const TARGET = {
  type: 'object',
  properties: { full_name: { type: 'string' }, email: { type: 'string' }, amount: { type: 'number' } },
  required: ['full_name', 'email', 'amount'],
};

describe.each(DATABASES)('code generation (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  const post = (url: string, payload: unknown, token = u.token) =>
    t.as(token, { method: 'POST', url: `/api/code-generation-openai${url}`, payload: payload as object });

  // a short deadline so the endless loop below is stopped quickly
  beforeAll(async () => {
    t = await createTestApp(kind, { USER_CODE_TIMEOUT_MS: '1500' });
    u = await createUser(t);
  });
  afterAll(() => t?.close());

  it('without a model, the built-in generator writes code that runs on its samples and validates', async () => {
    const res = await post('', {
      description: 'full_name: concatenate first name and last name. Lowercase the email',
      samples: SAMPLES,
      target_schema: TARGET,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.generator).toBe('built-in');
    expect(body.generator_label).toMatch(/built-in generator.*no model is configured/);
    expect(body.run.ok).toBe(true);
    expect(body.run.outputs[0]).toMatchObject({
      full_name: 'Ada Lovelace',
      email: 'ada@example.com',
      amount: 12.5,
    });
    expect(body.run.outputs[1]).toMatchObject({ full_name: 'Grace Hopper', amount: 7 });
    expect(body.run.valid).toEqual([true, true]);
  });

  it('without a target schema the output follows the samples, and a named new field is added', async () => {
    const res = await post('', {
      description: 'full_name: concatenate first name and last name',
      samples: SAMPLES,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.run.ok).toBe(true);
    expect(body.run.outputs[0].full_name).toBe('Ada Lovelace');
    expect(Object.keys(body.target_schema.properties)).toContain('first_name');
  });

  it('runs edited code and reports validation per sample', async () => {
    const res = await post('/run', {
      code: '{"full_name": first_name, "email": email, "amount": "not a number"}',
      samples: SAMPLES,
      target_schema: TARGET,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.ok).toBe(true);
    expect(body.valid).toEqual([false, false]);
    expect(body.errors[0][0].path).toContain('amount');
  });

  it.each([
    [
      'reading a file',
      '$readFile("/etc/passwd")',
      /\$readFile, which does not exist.*without file system, network or process access/,
    ],
    ['opening a socket', '$socket("127.0.0.1", 5432).write("x")', /\$socket, which does not exist/],
    ['requiring a module', '$require("child_process").exec("ls")', /\$require, which does not exist/],
    [
      'JavaScript instead of JSONata',
      'require("fs").readFileSync("/etc/passwd")',
      /which does not exist|did not run/,
    ],
    [
      'looping forever',
      '($loop := function($n) { $loop($n + 1) }; $loop(0))',
      /The code took longer than .* and was stopped.*time and memory limits/,
    ],
  ])('a script %s is stopped with a clear error', async (_what, code, message) => {
    const res = await post('/run', { code, samples: SAMPLES });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.ok).toBe(false);
    expect(body.error).toMatch(message);
  });

  it('saves code that runs as a pipeline with a deployed mapper, and refuses code that does not', async () => {
    const code =
      '{"full_name": first_name & " " & last_name, "email": $lowercase(email), "amount": $number(amount)}';
    const bad = await post('/save', {
      name: 'Broken',
      code: '$readFile("x")',
      samples: SAMPLES,
      target_schema: TARGET,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['body', 'code']);
    const res = await post('/save', {
      name: 'Generated people',
      code,
      samples: SAMPLES,
      target_schema: TARGET,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { pipeline_id, mapper_version } = res.json();
    expect(mapper_version).toBe(1);
    const p = await t.as(u.token, { method: 'GET', url: `/api/pipelines/${pipeline_id}` });
    expect(p.json()).toMatchObject({
      name: 'Generated people',
      status: 'deployed',
      deployed_mapper_version: 1,
    });
    const other = await createUser(t);
    const hidden = await t.as(other.token, { method: 'GET', url: `/api/pipelines/${pipeline_id}` });
    expect(hidden.statusCode).toBe(404);
  });

  it('names the field and reason for bad input, and needs a session', async () => {
    const res = await post('', { description: '', samples: [] });
    expect(res.statusCode).toBe(422);
    const locs = res.json().detail.map((d: { loc: string[] }) => d.loc.join('.'));
    expect(locs).toEqual(expect.arrayContaining(['body.description', 'body.samples']));
    const wrong = await post('', { description: 'x', samples: 'nope' });
    expect(wrong.statusCode).toBe(422);
    const anon = await t.app.inject({ method: 'POST', url: '/api/code-generation-openai', payload: {} });
    expect(anon.statusCode).toBe(401);
  });

  it('a GET from a browser at the API path is the page, while other API GETs stay JSON', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/code-generation-openai',
      headers: { accept: 'text/html' },
    });
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { accept: 'text/html' },
    });
    expect(other.statusCode).toBe(404);
    expect(other.headers['content-type']).toMatch(/json/);
    // the SPA is served when built; without a build it is the JSON 404 like any missing page
    if (page.statusCode === 200) expect(page.headers['content-type']).toMatch(/html/);
    else expect(page.statusCode).toBe(404);
  });
});
