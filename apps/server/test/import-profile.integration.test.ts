import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, eventually, multipart, type TestApp, type TestUser } from './helper.ts';

/** A messy CRM export: three date formats, one country spelled many ways, a duplicated row. */
const COUNTRIES = ['Germany', 'germany', 'DE', 'Deutschland', 'France', 'FR', 'Spain', 'España'];
const DATES = ['14/10/2023', 'Sep 7 2023', '2023-10-05'];
function messyCsv() {
  const lines = ['id,email,country,signed_up,amount'];
  for (let i = 1; i <= 60; i++)
    lines.push(`${i},p${i}@example.com,${COUNTRIES[i % COUNTRIES.length]},${DATES[i % 3]},€${i}.50`);
  lines.push(lines[7]!); // row 7 again: the file's line 9 repeats line 8
  return `${lines.join('\n')}\n`;
}

describe('the import profile warns', () => {
  let t: TestApp;
  let u: TestUser;
  let importId: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', {}, { worker: true });
    u = await createUser(t);
    const file = (
      await t.as(u.token, { method: 'POST', url: '/api/files', ...multipart('crm.csv', messyCsv()) })
    ).json();
    importId = (
      await t.as(u.token, { method: 'POST', url: '/api/imports', payload: { file_id: file.id } })
    ).json().id;
    await eventually(async () => {
      const imp = (await t.as(u.token, { method: 'GET', url: `/api/imports/${importId}` })).json();
      return imp.status === 'succeeded' && imp;
    });
  });
  afterAll(() => t.close());
  const get = (url: string, user = u) => t.as(user.token, { method: 'GET', url });

  it('names each column, counts its ways of writing, finds spellings of one value', async () => {
    const imp = (await get(`/api/imports/${importId}`)).json();
    const col = (name: string) => imp.columns.find((c: { name: string }) => c.name === name);
    expect(col('email').semantic).toBe('email');
    expect(col('amount').semantic).toBe('money');
    expect(col('signed_up').semantic).toBe('date');
    expect(
      col('signed_up')
        .formats.map((f: { shape: string }) => f.shape)
        .sort(),
    ).toEqual(['9-9-9', '9/9/9', 'Mon 9 9']);
    expect(col('country').semantic).toBe('country');
    const germany = col('country').variants.find((v: { values: { value: string }[] }) =>
      v.values.some((x) => x.value === 'DE'),
    );
    expect(germany.values.map((x: { value: string }) => x.value).sort()).toEqual([
      'DE',
      'Deutschland',
      'Germany',
      'germany',
    ]);
  });

  it('lists a column’s values with counts over every row, searchable', async () => {
    const all = (await get(`/api/imports/${importId}/values?column=country`)).json();
    expect(all.distinct).toBe(8);
    expect(all.values[0]).toEqual({ value: 'DE', count: 8 });
    expect(all.values.reduce((n: number, v: { count: number }) => n + v.count, 0)).toBe(61);
    const found = (await get(`/api/imports/${importId}/values?column=country&search=GERM&limit=5`)).json();
    expect(found.values.map((v: { value: string }) => v.value).sort()).toEqual(['Germany', 'germany']);
    expect((await get(`/api/imports/${importId}/values?column=nope`)).statusCode).toBe(422);
    expect((await get(`/api/imports/${importId}/values`)).statusCode).toBe(422);
  });

  it('finds rows that repeat another, by their source lines', async () => {
    const d = (await get(`/api/imports/${importId}/duplicates`)).json();
    expect(d).toEqual({ duplicates: 1, groups: [{ count: 2, rows: [6, 60], lines: [8, 62] }] });
    const stranger = await createUser(t);
    expect((await get(`/api/imports/${importId}/duplicates`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/imports/${importId}/values?column=country`, stranger)).statusCode).toBe(404);
  });
});
