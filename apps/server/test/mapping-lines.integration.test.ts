import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, eventually, multipart, type TestApp, type TestUser } from './helper.ts';

const SCHEMA = {
  type: 'object',
  properties: { name: { type: 'string' }, amount: { type: 'number' } },
  required: ['name', 'amount'],
};
// a quoted name across two lines: the records after it are one line further down than their number says
const CSV = ['name,amount', 'Ada,1', '"Bob', 'Jr",2', 'Cy,n/a', 'Di,4'].join('\n');

describe("a result's records with their source lines", () => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp('pglite', {}, { worker: true });
    u = await createUser(t);
  });
  afterAll(() => t.close());
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    (await t.as(u.token, { method, url, payload })).json();

  it('gives each mapped record of an import the line it came from (all records and failed only)', async () => {
    const pipeline = await call('POST', '/api/pipelines', { name: 'Lines', target_schema: SCHEMA });
    const upload = multipart('people.csv', CSV, 'text/csv');
    const file = (
      await t.as(u.token, {
        method: 'POST',
        url: '/api/files',
        headers: upload.headers,
        payload: upload.payload,
      })
    ).json();
    const job = await call('POST', `/api/pipelines/${pipeline.id}/jobs`, {
      file_version_id: file.current_version.id,
    });
    expect(job).toMatchObject({ record_count: 4, input_kind: 'import' });
    const queued = await call('POST', `/api/jobs/${job.id}/run`);
    const result = await eventually(async () => {
      const r = await call('GET', `/api/results/${queued.id}`);
      return !['queued', 'running'].includes(r.status) && r;
    });
    expect(result).toMatchObject({ processed: 4, failed: 1 });

    const page = await call('GET', `/api/results/${result.id}/mappings?size=10`);
    expect(page.items.map((m: { index: number; line: number }) => [m.index, m.line])).toEqual([
      [0, 2],
      [1, 3],
      [2, 5],
      [3, 6],
    ]);
    const failed = await call('GET', `/api/results/${result.id}/mappings?only_errors=true`);
    expect(failed.items).toHaveLength(1);
    expect(failed.items[0]).toMatchObject({
      index: 2,
      line: 5,
      source_record: { name: 'Cy', amount: 'n/a' },
    });
  });

  it('gives no line to records posted inline (they have no source file)', async () => {
    const pipeline = await call('POST', '/api/pipelines', { name: 'Inline', target_schema: SCHEMA });
    const job = await call('POST', `/api/pipelines/${pipeline.id}/jobs`, {
      data: [
        { name: 'Ada', amount: 1 },
        { name: 'Bob', amount: 'x' },
      ],
    });
    const result = await call('POST', `/api/jobs/${job.id}/run?immediate_return=false`);
    const page = await call('GET', `/api/results/${result.id}/mappings`);
    expect(page.items.map((m: { line?: number }) => m.line)).toEqual([undefined, undefined]);
    expect(page.items[1].source_record).toEqual({ name: 'Bob', amount: 'x' });
  });
});
