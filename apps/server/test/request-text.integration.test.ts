import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DATABASES, type TestApp, type TestUser } from './helper.ts';

/** Issue 23 point 9: unusable text is refused at the edge, by one rule, naming the field. */
describe.each(DATABASES)('text at the edge (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind);
    u = await createUser(t);
  });
  afterAll(() => t.close());

  const projectCount = async () =>
    (await t.as(u.token, { method: 'GET', url: '/api/projects?size=1' })).json().total as number;

  it('refuses a NUL character in a body string, naming the field, and writes nothing', async () => {
    const before = await projectCount();
    const res = await t.as(u.token, { method: 'POST', url: '/api/projects', payload: { name: 'a\u0000b' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['body', 'name']);
    expect(res.json().detail[0].msg).toMatch(/NUL/);
    expect(await projectCount()).toBe(before);
  });

  it('refuses a lone surrogate in a body string and in a field name', async () => {
    const raw = '{"name":"x\\ud800y"}';
    const res = await t.as(u.token, {
      method: 'POST',
      url: '/api/projects',
      headers: { 'content-type': 'application/json' },
      payload: raw,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({
      loc: ['body', 'name'],
      msg: expect.stringMatching(/surrogate/),
    });
    const key = await t.as(u.token, {
      method: 'POST',
      url: '/api/projects',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"ok","\\udc00":1}',
    });
    expect(key.statusCode).toBe(422);
    expect(key.json().detail[0].msg).toMatch(/^Field name: .*surrogate/);
  });

  it('refuses NUL characters in query filters on every list (was a 500 from PostgreSQL)', async () => {
    for (const url of ['/api/jobs?status=%00', '/api/workflow-runs?status=%00', '/api/projects?name=a%00']) {
      const res = await t.as(u.token, { method: 'GET', url });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().detail[0].loc[0], url).toBe('query');
    }
  });

  it('refuses JSON nested 10,000 levels deep with 422, not a stack overflow', async () => {
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    for (const url of ['/api/projects', '/api/target_schemas', '/api/workflows']) {
      const res = await t.as(u.token, {
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: deep,
      });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().detail[0].msg, url).toMatch(/Nested more than 100 levels/);
    }
    const arrays = `{"schema":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const res = await t.as(u.token, {
      method: 'POST',
      url: '/api/target_schemas',
      headers: { 'content-type': 'application/json' },
      payload: arrays,
    });
    expect(res.statusCode).toBe(422);
  });

  it('keeps ordinary nesting and ordinary Unicode (emoji, accents, CJK)', async () => {
    const res = await t.as(u.token, {
      method: 'POST',
      url: '/api/projects',
      payload: { name: 'Café 数据 🚀', description: 'ok' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe('Café 数据 🚀');
  });

  it('answers 4xx to multipart with no boundary or cut short, never 500', async () => {
    const noBoundary = await t.as(u.token, {
      method: 'POST',
      url: '/api/files',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'whatever',
    });
    expect(noBoundary.statusCode).toBeGreaterThanOrEqual(400);
    expect(noBoundary.statusCode).toBeLessThan(500);
    const truncated = await t.as(u.token, {
      method: 'POST',
      url: '/api/files',
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      payload:
        '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nid,name\n1,a',
    });
    expect(truncated.statusCode).toBeGreaterThanOrEqual(400);
    expect(truncated.statusCode).toBeLessThan(500);
    const badHeader = await t.as(u.token, {
      method: 'POST',
      url: '/api/files',
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
      payload: '--XYZ\r\nbroken header line\r\n\r\nx\r\n--XYZ--\r\n',
    });
    expect(badHeader.statusCode).toBeGreaterThanOrEqual(400);
    expect(badHeader.statusCode).toBeLessThan(500);
  });
});
