import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DATABASES, multipart, type TestApp, type TestUser } from './helper.ts';

const CSV = 'id,name\n1,Ada\n2,Grace\n';
const SCHEMA = { type: 'object', properties: { id: { type: 'string' } } };

/** The list reads a page with its counts in one statement; it must say what each project's page says. */
describe.each(DATABASES)('the project list (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  const ids: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind);
    u = await createUser(t);
    const post = (url: string, payload: Record<string, unknown>) =>
      t.as(u.token, { method: 'POST', url, payload });
    for (let i = 0; i < 7; i++)
      ids.push(
        (await post('/api/projects', { name: i % 2 ? `Odd ${i}` : `Even ${i}`, description: `#${i}` })).json()
          .id,
      );
    // project 0: two files (one with two versions), an import, schemas (one used elsewhere), a pipeline
    const f = (
      await t.as(u.token, {
        method: 'POST',
        url: `/api/files?project_id=${ids[0]}`,
        ...multipart('a.csv', CSV),
      })
    ).json();
    await t.as(u.token, {
      method: 'POST',
      url: `/api/files/${f.id}/versions`,
      ...multipart('a.csv', `${CSV}3,Lin\n`),
    });
    await t.as(u.token, {
      method: 'POST',
      url: `/api/files?project_id=${ids[0]}`,
      ...multipart('b.csv', CSV),
    });
    expect((await post('/api/imports', { file_id: f.id })).statusCode).toBe(201);
    const used = (
      await post('/api/target_schemas', { name: 'Used', project_id: ids[0], schema: SCHEMA })
    ).json();
    await post('/api/target_schemas', { name: 'Unused', project_id: ids[0], schema: SCHEMA });
    await post('/api/pipelines', { name: 'Elsewhere', target_schema: used.id, project_id: ids[1] });
    await post('/api/pipelines', { name: 'Inside', target_schema: SCHEMA, project_id: ids[0] });
  });
  afterAll(() => t.close());
  const get = async (url: string) => (await t.as(u.token, { method: 'GET', url })).json();

  it('lists each project with the counts and dates its own page shows, newest first', async () => {
    const page = await get('/api/projects?size=50');
    expect(page.total).toBe(7);
    expect(page.items.map((p: { id: string }) => p.id)).toEqual([...ids].reverse());
    for (const item of page.items) expect(item).toEqual(await get(`/api/projects/${item.id}`));
    const first = page.items.find((p: { id: string }) => p.id === ids[0]);
    expect(first.counts).toEqual({
      files: 2,
      versions: 3,
      bytes: CSV.length * 2 + CSV.length + 6,
      imports: 1,
      schemas: 3,
      schemas_in_use: 2,
      pipelines: 1,
    });
  });

  it('pages, filters by name and keeps the total on a page past the end', async () => {
    const second = await get('/api/projects?size=3&page=2');
    expect(second).toMatchObject({ total: 7, page: 2, size: 3, pages: 3 });
    expect(second.items.map((p: { id: string }) => p.id)).toEqual([ids[3], ids[2], ids[1]]);
    const odd = await get('/api/projects?name=odd');
    expect(odd.total).toBe(3);
    expect(odd.items.map((p: { name: string }) => p.name)).toEqual(['Odd 5', 'Odd 3', 'Odd 1']);
    const past = await get('/api/projects?size=5&page=9');
    expect(past).toMatchObject({ total: 7, items: [] });
    const literal = await get(`/api/projects?name=${encodeURIComponent('%')}`);
    expect(literal.total).toBe(0);
  });
});
