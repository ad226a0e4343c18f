import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customersCsv } from './customers-fixture.ts';
import { createTestApp, createUser, eventually, multipart, type TestApp, type TestUser } from './helper.ts';

/**
 * Two CSVs to link: the left holds every first copy of `n` generated customers, the right the
 * same people re-typed (upper-case, no birth date) with keys R1, R2, …
 */
function linkInputs(n: number) {
  const rows = customersCsv().trim().split('\n');
  const header = rows[0]!;
  const people = rows
    .slice(1)
    .filter((_, i) => i % 2 === 0)
    .slice(0, n);
  const right = people.map((r, i) => {
    const [, f, l, e, c] = r.split(',');
    return `R${i + 1},${f!.toUpperCase()},${l},${e!.toUpperCase()},${c},`;
  });
  return { people, left: `${[header, ...people].join('\n')}\n`, right: `${[header, ...right].join('\n')}\n` };
}

describe('entity resolution', () => {
  let t: TestApp;
  let u: TestUser;
  let other: TestUser;
  let importId: string;
  const upload = async (name: string, csv: string, user = u) => {
    const file = (
      await t.as(user.token, { method: 'POST', url: '/api/files', ...multipart(name, csv) })
    ).json();
    const id = (
      await t.as(user.token, { method: 'POST', url: '/api/imports', payload: { file_id: file.id } })
    ).json().id;
    await eventually(async () => {
      const imp = (await t.as(user.token, { method: 'GET', url: `/api/imports/${id}` })).json();
      return imp.status === 'succeeded' && imp;
    });
    return id as string;
  };
  const done = (id: string) =>
    eventually(async () => {
      const r = (await t.as(u.token, { method: 'GET', url: `/api/resolutions/${id}` })).json();
      return (r.status === 'succeeded' || r.status === 'failed') && r;
    });
  const clustersOf = async (id: string) => {
    const out = (
      await t.as(u.token, { method: 'GET', url: `/api/resolutions/${id}/records?size=1000` })
    ).json();
    return new Map<string, string>(
      out.items.map((r: { customer_id: string; cluster_id: string }) => [r.customer_id, r.cluster_id]),
    );
  };

  beforeAll(async () => {
    t = await createTestApp('pglite', {}, { worker: true });
    u = await createUser(t);
    other = await createUser(t);
    importId = await upload('customers.csv', customersCsv());
  });
  afterAll(() => t.close());

  it('dedupes an import in the background: clusters, a review queue with per-field weights', async () => {
    const created = await t.as(u.token, {
      method: 'POST',
      url: '/api/resolutions',
      payload: { name: 'Customers', import_id: importId, id_column: 'customer_id' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().kind).toBe('dedupe');
    const r = await done(created.json().id);
    expect(r.error).toBeNull();
    expect(r.status).toBe('succeeded');
    expect(r.summary.columns.map((c: { role: string }) => c.role)).toContain('email');
    expect(r.summary.matches).toBeGreaterThan(40);
    const clusters = await clustersOf(r.id);
    // C1 (anna meyer) was copied as C2 (ANNA meyea) and C3 (upper-case email, no birth date)
    expect(clusters.get('C2')).toBe(clusters.get('C1'));
    expect(clusters.get('C3')).toBe(clusters.get('C1'));
    expect(clusters.get('C4')).not.toBe(clusters.get('C1'));
    const queue = (
      await t.as(u.token, { method: 'GET', url: `/api/resolutions/${r.id}/pairs?limit=10` })
    ).json();
    expect(queue.items.length).toBeGreaterThan(0);
    const first = queue.items[0];
    expect(first.fields.map((f: { column: string }) => f.column)).toContain('email');
    // most uncertain first (in steps of 0.05), the riskiest first among equally uncertain pairs
    const all = (
      await t.as(u.token, { method: 'GET', url: `/api/resolutions/${r.id}/pairs?limit=500` })
    ).json().items as { probability: number; risk: number; risk_reason: string | null }[];
    const step = (p: { probability: number }) => Math.floor(Math.abs(p.probability - 0.5) / 0.05 + 1e-9);
    for (let i = 1; i < all.length; i++) {
      const [x, y] = [all[i - 1]!, all[i]!];
      expect(step(x)).toBeLessThanOrEqual(step(y));
      if (step(x) === step(y)) expect(x.risk).toBeGreaterThanOrEqual(y.risk);
    }
    for (const p of all) expect(p.risk > 0).toBe(p.risk_reason !== null);
  });

  it('decisions re-estimate the model on a re-run', async () => {
    const created = (
      await t.as(u.token, {
        method: 'POST',
        url: '/api/resolutions',
        payload: { name: 'Learn', import_id: importId, id_column: 'customer_id' },
      })
    ).json();
    const before = await done(created.id);
    const queue = (
      await t.as(u.token, { method: 'GET', url: `/api/resolutions/${created.id}/pairs?limit=40` })
    ).json().items as { a_key: string; b_key: string; fields: { column: string; a: string; b: string }[] }[];
    // the reviewer knows the truth: the same person has the same email, ignoring case
    const email = (p: (typeof queue)[number], side: 'a' | 'b') =>
      (p.fields.find((f) => f.column === 'email')?.[side] ?? '').toLowerCase();
    for (const p of queue.slice(0, 30))
      await t.as(u.token, {
        method: 'PUT',
        url: `/api/resolutions/${created.id}/labels`,
        payload: { a_key: p.a_key, b_key: p.b_key, label: email(p, 'a') === email(p, 'b') ? 'yes' : 'no' },
      });
    await t.as(u.token, { method: 'POST', url: `/api/resolutions/${created.id}/run`, payload: {} });
    const after = await done(created.id);
    expect(after.status).toBe('succeeded');
    expect(after.summary.decisions.yes + after.summary.decisions.no).toBe(30);
    expect(before.summary.decisions).toEqual({ yes: 0, no: 0 });
    const m = (r: { summary: { comparisons: { m: number[] }[] } }) => r.summary.comparisons.map((c) => c.m);
    expect(m(after)).not.toEqual(m(before));
    // decisions may move u; what adding records scores term frequencies against stays the random pairs'
    type Cmp = { u: number[]; tf_base: number };
    expect(after.summary.comparisons.map((c: Cmp) => c.tf_base)).toEqual(
      before.summary.comparisons.map((c: Cmp) => c.u[0]),
    );
  });

  it('golden records: a dataset with survivorship per field, overrides that outlive a re-run, CSV, a pipeline input', async () => {
    const created = (
      await t.as(u.token, {
        method: 'POST',
        url: '/api/resolutions',
        payload: { name: 'Golden', import_id: importId, id_column: 'customer_id' },
      })
    ).json();
    const r = await done(created.id);
    expect(r.golden_dataset_id).toBeTruthy();
    const page = async () =>
      (await t.as(u.token, { method: 'GET', url: `/api/resolutions/${r.id}/golden?page=1&size=100` })).json();
    const first = await page();
    expect(first.fields).toEqual(['customer_id', 'first_name', 'last_name', 'email', 'city', 'birth_date']);
    const c1 = () =>
      (first.items as { cluster_id: string; values: Record<string, string> }[]).find(
        (g) => g.cluster_id === 'C1',
      )!;
    // C1 anna / C2 ANNA / C3 anna: the most frequent first name wins; the longest email is upper-case
    expect(c1().values.first_name).toBe('anna');
    const bad = await t.as(u.token, {
      method: 'PUT',
      url: `/api/resolutions/${r.id}/golden/rules`,
      payload: { rules: { nope: 'latest' } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toMatchObject({
      loc: ['body', 'rules', 'nope'],
      msg: 'no field "nope" in the records',
    });
    const rules = await t.as(u.token, {
      method: 'PUT',
      url: `/api/resolutions/${r.id}/golden/rules`,
      payload: { rules: { first_name: 'latest' } },
    });
    expect(rules.statusCode).toBe(204);
    const latest = (await page()).items.find((g: { cluster_id: string }) => g.cluster_id === 'C1');
    expect(latest.values.first_name).toBe('anna'); // the entity's last record spells it so
    expect((await page()).rules.first_name).toBe('latest');
    const o = await t.as(u.token, {
      method: 'PUT',
      url: `/api/resolutions/${r.id}/golden/overrides`,
      payload: { record_key: 'C1', column: 'first_name', value: 'Anna' },
    });
    expect(o.statusCode).toBe(204);
    const badKey = await t.as(u.token, {
      method: 'PUT',
      url: `/api/resolutions/${r.id}/golden/overrides`,
      payload: { record_key: 'nobody', column: 'first_name', value: 'x' },
    });
    expect(badKey.statusCode).toBe(422);
    expect(badKey.body).toContain('record_key');
    // the override survives a re-run
    await t.as(u.token, { method: 'POST', url: `/api/resolutions/${r.id}/run`, payload: {} });
    const rerun = await done(r.id);
    const g = (await page()).items.find((x: { cluster_id: string }) => x.cluster_id === 'C1');
    expect(g.values.first_name).toBe('Anna');
    expect(g.overridden).toEqual(['first_name']);
    // the stored dataset holds it too: the CSV export and a pipeline job read it
    const csv = await t.as(u.token, { method: 'GET', url: `/api/resolutions/${r.id}/golden.csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toBe(
      'cluster_id,records,customer_id,first_name,last_name,email,city,birth_date',
    );
    expect(csv.body).toMatch(/\nC1,\d+,C1,Anna,/);
    const pipeline = (
      await t.as(u.token, {
        method: 'POST',
        url: '/api/pipelines',
        payload: {
          name: 'Golden customers',
          target_schema: { type: 'object', properties: { cluster_id: { type: 'string' } } },
        },
      })
    ).json();
    const job = await t.as(u.token, {
      method: 'POST',
      url: `/api/pipelines/${pipeline.id}/jobs`,
      payload: { dataset_id: rerun.golden_dataset_id },
    });
    expect(job.statusCode, job.body).toBe(201);
    expect(job.json()).toMatchObject({ input_kind: 'dataset', record_count: rerun.summary.clusters });
    // another organization sees none of it
    const theirs = await t.as(other.token, { method: 'GET', url: `/api/resolutions/${r.id}/golden` });
    expect(theirs.statusCode).toBe(404);
  });

  it('resolves joined data (an input besides imports), naming a bad input', async () => {
    const cities = await upload(
      'cities.csv',
      'city,country\nberlin,DE\nparis,FR\nmadrid,ES\nrome,IT\noslo,NO\n',
    );
    const join = (
      await t.as(u.token, {
        method: 'POST',
        url: '/api/joins',
        payload: {
          name: 'Customers with countries',
          left: { kind: 'import', id: importId },
          right: { kind: 'import', id: cities },
        },
      })
    ).json();
    await t.as(u.token, {
      method: 'PATCH',
      url: `/api/joins/${join.id}`,
      payload: { conditions: [{ left: 'city', right: 'city', method: 'exact' }] },
    });
    const started = (await t.as(u.token, { method: 'POST', url: `/api/joins/${join.id}/runs` })).json();
    await eventually(async () => {
      const r = (await t.as(u.token, { method: 'GET', url: `/api/join-runs/${started.id}` })).json();
      return r.status === 'succeeded' && r;
    });
    const input = { kind: 'join_run', id: started.id };
    const proposal = await t.as(u.token, {
      method: 'POST',
      url: '/api/resolutions/propose',
      payload: { input, id_column: 'customer_id' },
    });
    expect(proposal.statusCode, proposal.body).toBe(200);
    expect(proposal.json().columns.map((c: { column: string }) => c.column)).toContain('country');
    const created = await t.as(u.token, {
      method: 'POST',
      url: '/api/resolutions',
      payload: { name: 'Joined', input, id_column: 'customer_id' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ input, import_id: null, kind: 'dedupe' });
    const r = await done(created.json().id);
    expect(r.status, r.error).toBe('succeeded');
    const clusters = await clustersOf(r.id);
    expect(clusters.get('C2')).toBe(clusters.get('C1'));
    // an input that is not there (or another organization's) is named, nothing is created
    const missing = await t.as(u.token, {
      method: 'POST',
      url: '/api/resolutions',
      payload: { name: 'x', input: { kind: 'result', id: '00000000-0000-4000-8000-000000000000' } },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail[0]).toMatchObject({ loc: ['body', 'input'], msg: 'no such result' });
    const theirs = await t.as(other.token, {
      method: 'POST',
      url: '/api/resolutions',
      payload: { name: 'x', input },
    });
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().detail[0].msg).toBe('no such join run');
    const both = await t.as(u.token, {
      method: 'POST',
      url: '/api/resolutions',
      payload: { name: 'x', input, import_id: importId },
    });
    expect(both.json().detail[0].loc).toEqual(['body', 'input']);
  });

  it('links two imports one to one: each right record joins at most one left record', async () => {
    const { people, left, right } = linkInputs(60);
    const [li, ri] = [await upload('left.csv', left), await upload('right.csv', right)];
    const created = await t.as(u.token, {
      method: 'POST',
      url: '/api/resolutions',
      payload: { name: 'Link', import_id: li, right_import_id: ri, id_column: 'customer_id' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ kind: 'link', right_input: { kind: 'import', id: ri } });
    const r = await done(created.json().id);
    expect(r.status, r.error).toBe('succeeded');
    const out = (
      await t.as(u.token, { method: 'GET', url: `/api/resolutions/${r.id}/records?size=1000` })
    ).json().items as { customer_id: string; cluster_id: string; source: string }[];
    expect(out).toHaveLength(120);
    const cluster = (source: string, key: string) =>
      out.find((x) => x.source === source && x.customer_id === key)?.cluster_id;
    let linked = 0;
    people.forEach((p, i) => {
      if (cluster('left', p.split(',')[0]!) === cluster('right', `R${i + 1}`)) linked++;
    });
    expect(linked).toBeGreaterThanOrEqual(55);
    for (const c of new Set(out.map((x) => x.cluster_id))) {
      const members = out.filter((x) => x.cluster_id === c);
      expect(members.filter((x) => x.source === 'left').length).toBeLessThanOrEqual(1);
      expect(members.filter((x) => x.source === 'right').length).toBeLessThanOrEqual(1);
    }
  });

  it("a link's queue asks only about pairs a threshold could link; a passed-over pair is shown apart", async () => {
    // C1 and C3 are one customer typed twice, so C1 pairs as well with R1 (C1 re-typed) as
    // with R2 (C3 re-typed); one-to-one, C1 is linked to R1 and C1-R2 can never be linked
    const { left, right } = linkInputs(40);
    const [li, ri] = [await upload('left2.csv', left), await upload('right2.csv', right)];
    const created = await t.as(u.token, {
      method: 'POST',
      url: '/api/resolutions',
      payload: { name: 'Link queue', import_id: li, right_import_id: ri, id_column: 'customer_id' },
    });
    const r = await done(created.json().id);
    expect(r.status, r.error).toBe('succeeded');
    const records = async () =>
      (await t.as(u.token, { method: 'GET', url: `/api/resolutions/${r.id}/records?size=1000` })).json()
        .items as { customer_id: string; cluster_id: string; source: string }[];
    const partnerOf = (out: { customer_id: string; cluster_id: string; source: string }[], key: string) => {
      const me = out.find((x) => x.customer_id === key)!;
      return out.find((x) => x.cluster_id === me.cluster_id && x.source !== me.source)?.customer_id;
    };
    expect(partnerOf(await records(), 'C1')).toBe('R1');
    type Pair = { a_key: string; b_key: string; linked_elsewhere: unknown };
    const queue = (
      await t.as(u.token, { method: 'GET', url: `/api/resolutions/${r.id}/pairs?limit=500` })
    ).json() as { items: Pair[]; not_linked: Pair[] };
    // no open question pairs a record the assignment gave to another partner
    const out = await records();
    for (const p of queue.items) {
      for (const [key, other] of [
        [p.a_key, p.b_key],
        [p.b_key, p.a_key],
      ] as const) {
        const partner = partnerOf(out, key);
        expect(partner === undefined || partner === other, `${p.a_key}-${p.b_key}`).toBe(true);
      }
      expect(p.linked_elsewhere).toBeNull();
    }
    const apart = queue.not_linked.find((p) => p.a_key === 'C1' && p.b_key === 'R2');
    expect(apart?.linked_elsewhere).toMatchObject({ record: 'C1', partner: 'R1' });
    // deciding "the same" on it links it instead
    await t.as(u.token, {
      method: 'PUT',
      url: `/api/resolutions/${r.id}/labels`,
      payload: { a_key: 'C1', b_key: 'R2', label: 'yes' },
    });
    await t.as(u.token, { method: 'POST', url: `/api/resolutions/${r.id}/run`, payload: {} });
    expect((await done(r.id)).status).toBe('succeeded');
    expect(partnerOf(await records(), 'C1')).toBe('R2');
  });

  it('adds new records to a dedupe: scored against its clusters, a split stays split, kept by re-runs', async () => {
    const lines = customersCsv().trim().split('\n');
    // the first import stops in the middle of a customer's copies; the second has everything
    // (a copy is the line after its original, its first name upper-cased)
    const cut = lines.findIndex((l, i) => i > 150 && /^C\d+,[A-Z]+,/.test(l));
    const first = await upload('first.csv', `${lines.slice(0, cut).join('\n')}\n`);
    const full = await upload('full.csv', `${lines.join('\n')}\n`);
    const created = (
      await t.as(u.token, {
        method: 'POST',
        url: '/api/resolutions',
        payload: { name: 'Growing', import_id: first, id_column: 'customer_id' },
      })
    ).json();
    await done(created.id);
    for (const [a, b] of [
      ['C1', 'C2'],
      ['C2', 'C3'],
    ])
      await t.as(u.token, {
        method: 'PUT',
        url: `/api/resolutions/${created.id}/labels`,
        payload: { a_key: a, b_key: b, label: 'no' },
      });
    await t.as(u.token, { method: 'POST', url: `/api/resolutions/${created.id}/run`, payload: {} });
    await done(created.id);
    const bad = await t.as(u.token, {
      method: 'POST',
      url: `/api/resolutions/${created.id}/records`,
      payload: { input: { kind: 'join_run', id: '00000000-0000-4000-8000-000000000000' } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['body', 'input']);
    const add = await t.as(u.token, {
      method: 'POST',
      url: `/api/resolutions/${created.id}/records`,
      payload: { import_id: full },
    });
    expect(add.statusCode, add.body).toBe(200);
    const r = await done(created.id);
    expect(r.status, r.error).toBe('succeeded');
    expect(r.summary.records).toBe(lines.length - 1);
    expect(r.summary.last_added.records).toBe(lines.length - cut);
    expect(r.summary.last_added.attached).toBeGreaterThan(0);
    const after = await clustersOf(r.id);
    // the record cut off joined its copy; the split stayed split
    expect(after.get(lines[cut]!.split(',')[0]!)).toBe(after.get(lines[cut - 1]!.split(',')[0]!));
    expect(after.get('C2')).not.toBe(after.get('C1'));
    // a full re-run reads the added records too
    await t.as(u.token, { method: 'POST', url: `/api/resolutions/${created.id}/run`, payload: {} });
    const rerun = await done(created.id);
    expect(rerun.summary.records).toBe(lines.length - 1);
    expect((await clustersOf(r.id)).get('C2')).not.toBe((await clustersOf(r.id)).get('C1'));
  });

  it('proposes roles and blocking rules with their pair counts, from the values', async () => {
    const res = await t.as(u.token, {
      method: 'POST',
      url: '/api/resolutions/propose',
      payload: { import_id: importId, id_column: 'customer_id' },
    });
    expect(res.statusCode).toBe(200);
    const p = res.json();
    const role = (c: string) => p.columns.find((x: { column: string }) => x.column === c)?.role;
    expect(role('email')).toBe('email');
    expect(role('birth_date')).toBe('date');
    expect(role('customer_id')).toBeUndefined();
    const email = p.rules.find((r: { label: string }) => r.label === 'email');
    expect(email.pairs).toBeGreaterThan(0);
    expect(email.rule).toEqual({ kind: 'exact', columns: ['email'] });
    const missing = await t.as(other.token, {
      method: 'POST',
      url: '/api/resolutions/propose',
      payload: { import_id: importId },
    });
    expect(missing.statusCode).toBe(422);
  });

  it('a split cluster stays split after a re-run ("not the same" remembered)', async () => {
    const created = (
      await t.as(u.token, {
        method: 'POST',
        url: '/api/resolutions',
        payload: { name: 'Split', import_id: importId, id_column: 'customer_id' },
      })
    ).json();
    const before = await clustersOf((await done(created.id)).id);
    expect(before.get('C2')).toBe(before.get('C1'));
    const label = await t.as(u.token, {
      method: 'PUT',
      url: `/api/resolutions/${created.id}/labels`,
      payload: { a_key: 'C1', b_key: 'C2', label: 'no' },
    });
    expect(label.statusCode).toBe(204);
    // and C2 is not C3 either: C2 must leave the cluster
    await t.as(u.token, {
      method: 'PUT',
      url: `/api/resolutions/${created.id}/labels`,
      payload: { a_key: 'C2', b_key: 'C3', label: 'no' },
    });
    const rerun = await t.as(u.token, {
      method: 'POST',
      url: `/api/resolutions/${created.id}/run`,
      payload: {},
    });
    expect(rerun.statusCode).toBe(200);
    const after = await clustersOf((await done(created.id)).id);
    expect(after.get('C2')).not.toBe(after.get('C1'));
    expect(after.get('C3')).toBe(after.get('C1'));
    const queue = (
      await t.as(u.token, { method: 'GET', url: `/api/resolutions/${created.id}/pairs?limit=500` })
    ).json();
    const labelled = queue.items.find(
      (p: { a_key: string; b_key: string }) => p.a_key === 'C1' && p.b_key === 'C2',
    );
    if (labelled) expect(labelled.label).toBe('no');
  });

  it('refuses bad input before running, naming the field', async () => {
    const post = (payload: Record<string, unknown>, user = u) =>
      t.as(user.token, { method: 'POST', url: '/api/resolutions', payload });
    const oneColumn = await upload('one.csv', 'name\nann\nbob\nann\n');
    const r1 = await post({ name: 'x', import_id: oneColumn });
    expect(r1.statusCode).toBe(422);
    expect(JSON.stringify(r1.json())).toMatch(/at least two columns/);
    const emptyColumn = await upload('empty.csv', 'name,note\nann,\nbob,\ncy,\n');
    const r2 = await post({ name: 'x', import_id: emptyColumn });
    expect(r2.statusCode).toBe(422);
    expect(JSON.stringify(r2.json())).toMatch(/with values/);
    const r3 = await post({ name: 'x', import_id: importId, id_column: 'nope' });
    expect(r3.statusCode).toBe(422);
    expect(r3.json().detail[0].loc).toEqual(['body', 'id_column']);
    expect((await post({ name: '', import_id: importId })).statusCode).toBe(422);
    expect((await post({ name: 'x', import_id: 'not-a-uuid' })).statusCode).toBe(422);
    expect((await post({ name: 'x' })).statusCode).toBe(422);
    // another organization's import is not there
    expect((await post({ name: 'x', import_id: importId }, other)).statusCode).toBe(422);
  });

  it('a blocking rule comparing too many pairs fails with a clear error, not a crash', async () => {
    // the limit (10M pairs by default) lowered so a small import crosses it
    process.env.RESOLUTION_MAX_CANDIDATES = '500';
    try {
      const created = (
        await t.as(u.token, {
          method: 'POST',
          url: '/api/resolutions',
          payload: { name: 'City', import_id: importId, rules: [{ kind: 'exact', columns: ['city'] }] },
        })
      ).json();
      const r = await done(created.id);
      expect(r.status).toBe('failed');
      expect(r.error).toMatch(/Blocking rule "city" compares more than 500 pairs/);
    } finally {
      delete process.env.RESOLUTION_MAX_CANDIDATES;
    }
    const unknown = await t.as(u.token, {
      method: 'POST',
      url: '/api/resolutions',
      payload: { name: 'x', import_id: importId, rules: [{ kind: 'exact', columns: ['nope'] }] },
    });
    expect(unknown.statusCode).toBe(422);
  });

  it("another organization's resolution is 404", async () => {
    const list = (await t.as(u.token, { method: 'GET', url: '/api/resolutions' })).json();
    const id = list.items[0].id;
    for (const url of [
      `/api/resolutions/${id}`,
      `/api/resolutions/${id}/pairs`,
      `/api/resolutions/${id}/records`,
    ])
      expect((await t.as(other.token, { method: 'GET', url })).statusCode).toBe(404);
    const put = await t.as(other.token, {
      method: 'PUT',
      url: `/api/resolutions/${id}/labels`,
      payload: { a_key: 'C1', b_key: 'C2', label: 'yes' },
    });
    expect(put.statusCode).toBe(404);
    expect((await t.as(other.token, { method: 'GET', url: '/api/resolutions' })).json().total).toBe(0);
  });
});
