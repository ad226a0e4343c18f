import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  DATABASES,
  eventually,
  multipart,
  type TestApp,
  type TestUser,
} from './helper.ts';

/**
 * The whole loop through HTTP, as a script using an API key would drive it: schema → pipeline →
 * job from an uploaded file version → run → mappings → mapper, sample, schema and prompt edits →
 * deploy → a 100k-record job runs with the deployed version → download.
 */
const SCHEMA = {
  type: 'object',
  properties: {
    full_name: { type: 'string' },
    email: { type: 'string', format: 'email' },
    amount: { type: 'number' },
    paid_on: { type: 'string', format: 'date' },
  },
  required: ['full_name', 'email', 'amount'],
};
const row = (i: number) => ({
  first: `Fn${i}`,
  last: `Ln${i}`,
  contact: i % 100 === 0 ? 'nobody' : `p${i}@example.com`,
  total: `$${i}.50`,
  when: `03/${String((i % 28) + 1).padStart(2, '0')}/2024`,
  cc: i % 2 ? 'uk' : 'fr',
});
const csv = (n: number) =>
  [
    'first,last,contact,total,when,cc',
    ...Array.from({ length: n }, (_, i) => Object.values(row(i + 1)).join(',')),
  ].join('\n');

describe.each(DATABASES)('the whole loop through the API (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { worker: true });
    u = await createUser(t);
    key = (await t.as(u.token, { method: 'POST', url: '/api/api-keys', payload: { name: 'loop' } })).json()
      .key;
  });
  afterAll(() => t.close());
  // scripts authenticate with the organization API key, under the header name other clients use
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { 'lume-api-key': key }, payload: payload as object });

  it('maps, edits, deploys and runs 100k records with the deployed version, then downloads', async () => {
    const schema = (await call('POST', '/api/target_schemas', { name: 'Payments', schema: SCHEMA })).json();
    expect(schema.id).toBeDefined();
    const pipeline = (
      await call('POST', '/api/pipelines', { name: 'Payments', target_schema: SCHEMA })
    ).json();

    const upload = multipart('payments.csv', csv(200), 'text/csv');
    const file = (
      await t.app.inject({
        method: 'POST',
        url: '/api/files',
        headers: { ...upload.headers, 'x-api-key': key },
        payload: upload.payload,
      })
    ).json();
    const job = await call('POST', `/api/pipelines/${pipeline.id}/jobs`, {
      file_version_id: file.current_version.id,
    });
    expect(job.statusCode).toBe(201);
    expect(job.json()).toMatchObject({ record_count: 200, input_kind: 'import' });

    const queued = (await call('POST', `/api/jobs/${job.json().id}/run`)).json();
    const first = await eventually(async () => {
      const r = (await call('GET', `/api/results/${queued.id}`)).json();
      return !['queued', 'running'].includes(r.status) && r;
    });
    expect(first).toMatchObject({ status: 'needs review', processed: 200 });
    const page = (await call('GET', `/api/results/${first.id}/mappings?size=5`)).json();
    expect(page.items[1].source_record).toMatchObject({ first: 'Fn2', contact: 'p2@example.com' });

    const w = (await call('POST', `/api/jobs/${job.json().id}/workshops`)).json();
    const edit = (path: string, body: object) =>
      call('POST', `/api/workshops/${w.id}/${path}/run`, { ...body, immediate_return: false });
    expect(
      (await edit('mapper', { mapper: [{ targetField: 'email', transformation: { extract: 'contact' } }] }))
        .statusCode,
    ).toBe(200);
    const sample = await edit('sample', {
      sample: { index: 0, mapped_record: { amount: 150 } },
    });
    expect(sample.json().inferred.changes.map((c: { target: string }) => c.target)).toEqual(
      expect.arrayContaining(['amount']),
    );
    const withCountry = { ...SCHEMA, properties: { ...SCHEMA.properties, country: { type: 'string' } } };
    expect((await edit('target_schema', { target_schema: withCountry })).statusCode).toBe(200);
    const prompted = await edit('prompt', {
      target_fields_to_prompt: {
        full_name: 'concatenate first and last name',
        country: 'use cc in upper case',
      },
    });
    expect(prompted.json().prompt.map((r: { understood: boolean }) => r.understood)).toEqual([true, true]);
    const mapped = (await call('GET', `/api/results/${prompted.json().id}/mappings?size=2`)).json();
    expect(mapped.items[0].mapped_record).toMatchObject({
      full_name: 'Fn1 Ln1',
      email: 'p1@example.com',
      // the sample edit's inferred rule (amount in cents) applies to every record
      amount: 150,
      paid_on: '2024-03-02',
      country: 'UK',
    });

    expect((await call('POST', `/api/workshops/${w.id}/deploy`)).json()).toMatchObject({ version: 1 });

    const big = await call('POST', `/api/pipelines/${pipeline.id}/jobs`, {
      data: Array.from({ length: 100_000 }, (_, i) => row(i + 1)),
    });
    const run = (await call('POST', `/api/jobs/${big.json().id}/run?immediate_return=false`)).json();
    // 1 in 100 contacts is not an email: quarantined with its errors, never dropped
    expect(run).toMatchObject({ mapper_version: 1, processed: 100_000, failed: 1000, succeeded: 99_000 });
    const last = (await call('GET', `/api/results/${run.id}/mappings?page=1000&size=100`)).json();
    expect(last.items.at(-1)).toMatchObject({
      index: 99_999,
      mapped_record: { full_name: 'Fn100000 Ln100000', country: 'FR' },
      message: { record_errors: { email: { error_type: 'Type Error' } } },
    });

    const download = await call('GET', `/api/results/${run.id}/download?format=csv&records=failed`);
    expect(download.statusCode).toBe(200);
    const lines = download.body.trim().split('\n');
    expect(lines).toHaveLength(1001);
    expect(lines[0]).toContain('full_name');
  }, 240_000);

  it('refuses a job naming more than one input, and a file version of another organization', async () => {
    const pipeline = (await call('POST', '/api/pipelines', { name: 'Bad', target_schema: SCHEMA })).json();
    const both = await call('POST', `/api/pipelines/${pipeline.id}/jobs`, {
      data: [{ a: 1 }],
      file_version_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(both.statusCode).toBe(422);
    expect(both.json().detail[0]).toMatchObject({
      msg: 'give exactly one of data, import_id, file_version_id or dataset_id',
    });
    const other = await createUser(t);
    const upload = multipart('x.csv', 'a\n1', 'text/csv');
    const theirs = (
      await t.app.inject({
        method: 'POST',
        url: '/api/files',
        headers: { ...upload.headers, authorization: `Bearer ${other.token}` },
        payload: upload.payload,
      })
    ).json();
    const res = await call('POST', `/api/pipelines/${pipeline.id}/jobs`, {
      file_version_id: theirs.current_version.id,
    });
    expect(res.statusCode).toBe(404);
  });
});
