import { Writable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { results } from '../src/db/schema.ts';
import { writeResult } from '../src/modules/pipelines/downloads.ts';
import { createTestApp, createUser, DATABASES, type TestApp, type TestUser } from './helper.ts';

/*
 * Issue 23 point 8: column names come from the target schema, and a schema may name a field
 * like a formula. The header row of every CSV and XLSX download gets the rule the cells get:
 * text a spreadsheet would run starts behind a quote.
 */

const NAMES = ['=HYPERLINK("x")', '@SUM(1)', '+cmd', '-x', '\tTab'];
const INERT = NAMES.map((n) => `'${n}`);
const SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    ...Object.fromEntries(NAMES.map((n) => [n, { type: 'string' }])),
    amount: { type: 'number' },
  },
};
const RECORD = {
  name: 'Ada, "the first"',
  ...Object.fromEntries(NAMES.map((n) => [n, 'plain'])),
  amount: -5,
};

describe.each(DATABASES)('download header rows are formula-safe (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  let resultId: string;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { worker: true });
    u = await createUser(t);
    const pipeline = await t.as(u.token, {
      method: 'POST',
      url: '/api/pipelines',
      payload: { name: 'Formula names', target_schema: SCHEMA },
    });
    expect(pipeline.statusCode, pipeline.body).toBe(201);
    const job = await t.as(u.token, {
      method: 'POST',
      url: `/api/pipelines/${pipeline.json().id}/jobs`,
      payload: { data: [RECORD] },
    });
    expect(job.statusCode, job.body).toBe(201);
    const run = await t.as(u.token, {
      method: 'POST',
      url: `/api/jobs/${job.json().id}/run?immediate_return=false`,
    });
    resultId = run.json().id;
  });
  afterAll(() => t.close());

  const download = (q: string) =>
    t.as(u.token, { method: 'GET', url: `/api/results/${resultId}/download?${q}` });

  it('CSV: the header names are neutralised, the data still round-trips', async () => {
    const rows = parse((await download('format=csv')).body) as string[][];
    expect(rows[0]).toEqual(['name', ...INERT, 'amount']);
    expect(rows[1]).toEqual(['Ada, "the first"', ...NAMES.map(() => 'plain'), '-5']);
  });

  it('XLSX: the header row is neutralised, the data cells are unchanged', async () => {
    const res = await download('format=xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Results')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['name', ...INERT, 'amount']);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([
      'Ada, "the first"',
      ...NAMES.map(() => 'plain'),
      -5,
    ]);
  });

  it('the CSV written without a dataset (older results) has the same header row', async () => {
    const [row] = await t.app.ctx.db.select().from(results).where(eq(results.id, resultId));
    let text = '';
    const out = new Writable({
      write(chunk, _e, cb) {
        text += chunk;
        cb();
      },
    });
    await writeResult(t.app.ctx, { ...row!, datasetId: null }, 'csv', 'all', out);
    expect((parse(text) as string[][])[0]).toEqual(['name', ...INERT, 'amount']);
  });

  it('failed-record downloads keep every header cell inert too', async () => {
    for (const format of ['csv', 'xlsx']) {
      const res = await download(`format=${format}&records=dropped`);
      expect(res.statusCode, res.body).toBe(200);
      let header: unknown[];
      if (format === 'csv') header = (parse(res.body) as string[][])[0] ?? [];
      else {
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        header = (book.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
      }
      expect(header).toEqual(expect.arrayContaining(NAMES.map((n) => `mapped: ${n}`)));
      for (const h of header) expect(String(h)).not.toMatch(/^[=+\-@\t\r]/);
    }
  });
});
