import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customersCsv } from './customers-fixture.ts';
import { createTestApp, createUser, eventually, multipart, type TestApp, type TestUser } from './helper.ts';

const CITIES = 'city,country\nberlin,DE\nparis,FR\nmadrid,ES\nrome,IT\n';

type Golden = { cluster_id: string; records: number; values: Record<string, string | null> };

describe('golden records as a join input', () => {
  let t: TestApp;
  let u: TestUser;
  let other: TestUser;
  let cities: string;
  let resolution: { id: string; name: string };

  const upload = async (name: string, csv: string) => {
    const file = (await t.as(u.token, { method: 'POST', url: '/api/files', ...multipart(name, csv) })).json();
    const id = (
      await t.as(u.token, { method: 'POST', url: '/api/imports', payload: { file_id: file.id } })
    ).json().id as string;
    await eventually(async () => {
      const imp = (await t.as(u.token, { method: 'GET', url: `/api/imports/${id}` })).json();
      return imp.status === 'succeeded' && imp;
    });
    return id;
  };
  const runJoin = async (body: Record<string, unknown>) => {
    const created = await t.as(u.token, { method: 'POST', url: '/api/joins', payload: body });
    expect(created.statusCode, created.body).toBe(201);
    const run = (await t.as(u.token, { method: 'POST', url: `/api/joins/${created.json().id}/runs` })).json();
    const done = await eventually(async () => {
      const r = (await t.as(u.token, { method: 'GET', url: `/api/join-runs/${run.id}` })).json();
      return ['succeeded', 'failed'].includes(r.status) && r;
    });
    expect(done.status, done.error).toBe('succeeded');
    const rows: Record<string, unknown>[] = [];
    for (let page = 1; rows.length < done.row_count; page++) {
      const res = await t.as(u.token, {
        method: 'GET',
        url: `/api/join-runs/${run.id}/rows?page=${page}&size=100`,
      });
      expect(res.statusCode, res.body).toBe(200);
      rows.push(...res.json().items.map((r: { record: Record<string, unknown> }) => r.record));
    }
    return rows;
  };

  beforeAll(async () => {
    t = await createTestApp('pglite', {}, { worker: true });
    u = await createUser(t);
    other = await createUser(t);
    const customers = await upload('customers.csv', customersCsv());
    cities = await upload('cities.csv', CITIES);
    const created = (
      await t.as(u.token, {
        method: 'POST',
        url: '/api/resolutions',
        payload: { name: 'Customers deduped', import_id: customers, id_column: 'customer_id' },
      })
    ).json();
    resolution = await eventually(async () => {
      const r = (await t.as(u.token, { method: 'GET', url: `/api/resolutions/${created.id}` })).json();
      return (r.status === 'succeeded' || r.status === 'failed') && r;
    });
    expect(resolution).toMatchObject({ status: 'succeeded' });
  }, 120_000);
  afterAll(() => t.close());

  const goldenRecords = async () => {
    const items: Golden[] = [];
    for (let page = 1; ; page++) {
      const res = await t.as(u.token, {
        method: 'GET',
        url: `/api/resolutions/${resolution.id}/golden?page=${page}&size=100`,
      });
      expect(res.statusCode, res.body).toBe(200);
      items.push(...(res.json().items as Golden[]));
      if (items.length >= res.json().total) return items;
    }
  };

  it("lists a resolution's outputs by its name and joins its golden records with an import", async () => {
    const inputs = (await t.as(u.token, { method: 'GET', url: '/api/join-inputs' })).json().items as {
      kind: string;
      id: string;
      name: string;
    }[];
    expect(inputs.filter((i) => i.id === resolution.id).map((i) => [i.kind, i.name])).toEqual([
      ['resolution_golden', 'Customers deduped (golden records)'],
      ['resolution_clusters', 'Customers deduped (records with cluster id)'],
    ]);
    const golden = await goldenRecords();
    const summary = (await t.as(u.token, { method: 'GET', url: `/api/resolutions/${resolution.id}` })).json()
      .summary;
    expect(golden.length).toBe(summary.clusters);
    expect(golden.length).toBeLessThan(summary.records);
    const rows = await runJoin({
      name: 'golden customers × cities',
      left: { kind: 'resolution_golden', id: resolution.id },
      right: { kind: 'import', id: cities },
      kind: 'left',
      conditions: [{ left: 'city', right: 'city', method: 'exact' }],
    });
    // one row per entity, in the golden records' order, with its country (oslo has none)
    const country: Record<string, string> = { berlin: 'DE', paris: 'FR', madrid: 'ES', rome: 'IT' };
    // (a column on one side only keeps its name; city is on both, so it is prefixed)
    expect(rows.map((r) => [r.cluster_id, r.first_name, r.left_city, r.country])).toEqual(
      golden.map((g) => [
        g.cluster_id,
        g.values.first_name,
        g.values.city,
        country[g.values.city as string] ?? null,
      ]),
    );
  });

  it('joins every record with its cluster to the golden record of that cluster', async () => {
    const golden = new Map((await goldenRecords()).map((g) => [g.cluster_id, g]));
    const rows = await runJoin({
      name: 'records × golden',
      left: { kind: 'resolution_clusters', id: resolution.id },
      right: { kind: 'resolution_golden', id: resolution.id },
      kind: 'inner',
      conditions: [{ left: 'cluster_id', right: 'cluster_id', method: 'exact' }],
    });
    expect(rows).toHaveLength(customersCsv().trim().split('\n').length - 1);
    for (const r of rows) {
      const g = golden.get(String(r.left_cluster_id))!;
      expect(r.records).toBe(g.records);
      expect(r.right_email).toBe(g.values.email);
    }
    // a duplicate spelled in capitals joins its entity's most frequent spelling
    const c2 = rows.find((r) => r.left_customer_id === 'C2')!;
    expect([c2.left_first_name, c2.right_first_name]).toEqual(['ANNA', 'anna']);
  });

  it("a flow's source step reads golden records by the resolution's id", async () => {
    const check = await t.as(u.token, {
      method: 'POST',
      url: '/api/flows/check',
      payload: {
        steps: [
          {
            id: 'src',
            kind: 'source',
            name: 'Golden customers',
            config: { input: { kind: 'resolution_golden', id: resolution.id } },
          },
          {
            id: 'berlin',
            kind: 'filter',
            name: 'Berlin',
            config: { conditions: [{ column: 'city', op: 'eq', value: 'berlin' }] },
          },
        ],
        edges: [{ from: 'src', to: 'berlin' }],
      },
    });
    expect(check.statusCode, check.body).toBe(200);
    const edge = check.json().edges.find((e: { from: string }) => e.from === 'src');
    expect(edge.columns.map((c: { name: string }) => c.name)).toEqual([
      'cluster_id',
      'records',
      'customer_id',
      'first_name',
      'last_name',
      'email',
      'city',
      'birth_date',
    ]);
  });

  it("another organization's resolution is 404 as a join input", async () => {
    for (const kind of ['resolution_golden', 'resolution_clusters']) {
      const res = await t.as(other.token, {
        method: 'POST',
        url: '/api/joins',
        payload: { name: 'x', left: { kind, id: resolution.id }, right: { kind: 'import', id: cities } },
      });
      expect(res.statusCode).toBe(404);
    }
    const theirs = (await t.as(other.token, { method: 'GET', url: '/api/join-inputs' })).json().items as {
      id: string;
    }[];
    expect(theirs.some((i) => i.id === resolution.id)).toBe(false);
  });
});
