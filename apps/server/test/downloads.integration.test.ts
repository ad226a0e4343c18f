import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { createTestApp, createUser, type TestApp, type TestUser } from './helper.ts';

const SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    amount: { type: 'number' },
    address: { type: 'object', properties: { city: { type: 'string' } } },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['name', 'amount'],
};
const DATA = [
  { name: '=HYPERLINK("http://evil")', amount: 1.5, address: { city: 'Paris' }, tags: ['a'] },
  { name: 'Ada', amount: 'not a number', address: { city: '+33 Lyon' }, tags: [] },
  { name: 'Grace', amount: 3, address: { city: 'NYC' }, tags: ['x', 'y'] },
];

async function unzip(buf: Buffer): Promise<Record<string, string>> {
  const zip = await (
    yauzl as unknown as {
      fromBufferPromise(b: Buffer): Promise<{
        eachEntry(): AsyncIterable<{ fileName: string }>;
        openReadStreamPromise(e: unknown): Promise<NodeJS.ReadableStream>;
      }>;
    }
  ).fromBufferPromise(buf);
  const out: Record<string, string> = {};
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const c of await zip.openReadStreamPromise(entry)) chunks.push(c as Buffer);
    out[entry.fileName] = Buffer.concat(chunks).toString('utf8');
  }
  return out;
}

describe('result downloads and bulk download', () => {
  let t: TestApp;
  let u: TestUser;
  let resultId: string;
  let pipelineId: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', {}, { worker: true });
    u = await createUser(t);
    pipelineId = (
      await t.as(u.token, {
        method: 'POST',
        url: '/api/pipelines',
        payload: { name: 'Export me', target_schema: SCHEMA },
      })
    ).json().id;
    const job = (
      await t.as(u.token, {
        method: 'POST',
        url: `/api/pipelines/${pipelineId}/jobs`,
        payload: { data: DATA },
      })
    ).json();
    resultId = (
      await t.as(u.token, { method: 'POST', url: `/api/jobs/${job.id}/run?immediate_return=false` })
    ).json().id;
  });
  afterAll(() => t.close());
  const download = (q: string) =>
    t.as(u.token, { method: 'GET', url: `/api/results/${resultId}/download?${q}` });

  it('JSON and JSONL hold every mapped record; records=valid and failed split them', async () => {
    const json = await download('format=json');
    expect(json.headers['content-type']).toContain('application/json');
    expect(JSON.parse(json.body)).toHaveLength(3);
    const valid = (await download('format=jsonl&records=valid')).body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const failed = (await download('format=jsonl&records=failed')).body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(valid.map((r) => r.name).sort()).toEqual(['=HYPERLINK("http://evil")', 'Grace']);
    expect(failed).toHaveLength(1);
  });

  it('failed records come with what it takes to fix them: line, original values, each error', async () => {
    const [item] = (await download('format=jsonl&records=failed')).body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(item).toMatchObject({ record: 2, line: 2, source: DATA[1], mapped: { name: 'Ada' } });
    expect(item.errors).toEqual([
      expect.objectContaining({ field: 'amount', type: expect.stringMatching(/Format Error|Type Error/) }),
    ]);
    const csv = parse((await download('format=csv&records=failed')).body, { columns: true }) as Record<
      string,
      string
    >[];
    expect(csv).toHaveLength(1);
    expect(csv[0]).toMatchObject({
      line: '2',
      'source: name': 'Ada',
      'source: amount': 'not a number',
      'source: address': '{"city":"+33 Lyon"}',
      'mapped: name': 'Ada',
    });
    expect(csv[0]!.errors).toMatch(/amount/);
    const res = await t.as(u.token, {
      method: 'GET',
      url: `/api/results/${resultId}/download?format=xlsx&records=failed`,
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Failed records')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['line', 'errors', 'source: name']);
    expect(sheet.getRow(2).getCell(3).value).toBe('Ada');
  });

  it('CSV flattens objects to dotted columns, keeps arrays as JSON and neutralises formulas', async () => {
    const res = await download('format=csv');
    expect(res.headers['content-disposition']).toContain('.csv');
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual(['name', 'amount', 'address.city', 'tags']);
    expect(rows[0]).toMatchObject({
      name: '\'=HYPERLINK("http://evil")',
      'address.city': 'Paris',
      tags: '["a"]',
    });
    expect(rows[1]!['address.city']).toBe("'+33 Lyon");
  });

  it('XLSX opens in a spreadsheet library with the same cells', async () => {
    const res = await t.as(u.token, { method: 'GET', url: `/api/results/${resultId}/download?format=xlsx` });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Results')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'name', 'amount', 'address.city', 'tags']);
    expect(sheet.getRow(2).getCell(1).value).toBe('\'=HYPERLINK("http://evil")');
    expect(sheet.getRow(4).getCell(2).value).toBe(3);
  });

  it('bulk download: one zip with each pipeline and a report of which could not be exported', async () => {
    const empty = (
      await t.as(u.token, {
        method: 'POST',
        url: '/api/pipelines',
        payload: { name: 'Never ran', target_schema: SCHEMA },
      })
    ).json().id;
    const stranger = await createUser(t);
    const foreign = (
      await t.as(stranger.token, {
        method: 'POST',
        url: '/api/pipelines',
        payload: { name: 'Not yours', target_schema: SCHEMA },
      })
    ).json().id;
    const res = await t.as(u.token, {
      method: 'POST',
      url: '/api/pipelines/bulk-download',
      payload: { pipeline_ids: [pipelineId, empty, foreign] },
    });
    expect(res.headers['content-type']).toBe('application/zip');
    const report = JSON.parse(decodeURIComponent(res.headers['x-bulk-report'] as string));
    expect(report).toEqual({
      succeeded: [pipelineId],
      failed: [
        { id: empty, reason: 'no finished run yet' },
        { id: foreign, reason: 'not found' },
      ],
    });
    const files = await unzip(res.rawPayload);
    const dir = `Export_me-${pipelineId.slice(0, 8)}`;
    expect(Object.keys(files).sort()).toEqual([
      `${dir}/pipeline.json`,
      `${dir}/results.jsonl`,
      'report.json',
    ]);
    expect(files[`${dir}/results.jsonl`]!.trim().split('\n')).toHaveLength(3);
    expect(JSON.parse(files['report.json']!)).toEqual(report);
    expect(JSON.parse(files[`${dir}/pipeline.json`]!).target_schema.properties).toHaveProperty('amount');
  });

  it("answers 404 for another organization's result, and 422 for an unknown format", async () => {
    const other = await createUser(t);
    expect(
      (await t.as(other.token, { method: 'GET', url: `/api/results/${resultId}/download` })).statusCode,
    ).toBe(404);
    expect((await download('format=pdf')).json().detail[0].loc).toEqual(['query', 'format']);
  });
});
