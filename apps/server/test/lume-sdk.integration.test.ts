import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, DATABASES, multipart, type TestApp, type TestUser } from './helper.ts';

/**
 * The calls of the Lume TypeScript SDK that Mapwright lacked, made as the SDK makes them: the
 * `lume-api-key` header, page and size in the query of `POST /search`, the Excel file as a
 * binary string in a JSON body.
 */
const SCHEMA = {
  type: 'object',
  properties: { full_name: { type: 'string' }, email: { type: 'string', format: 'email' } },
  required: ['full_name'],
};
const records = [
  { name: 'Ada Lovelace', email_address: 'ada@example.com' },
  { name: 'Grace Hopper', email_address: 'not an email' },
];

async function workbook(sheets: Record<string, unknown[][]>) {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) wb.addWorksheet(name).addRows(rows);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe.each(DATABASES)('Lume SDK compatibility (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  let key: string;
  let otherKey: string;
  let pipeline: { id: string };
  let job: { id: string };
  let workshop: { id: string };
  let result: { id: string };
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { worker: true });
    u = await createUser(t);
    const newKey = async (user: TestUser) =>
      (await t.as(user.token, { method: 'POST', url: '/api/api-keys', payload: { name: 'sdk' } })).json().key;
    key = await newKey(u);
    otherKey = await newKey(await createUser(t));
    pipeline = (await call('POST', '/api/pipelines', { name: 'People', target_schema: SCHEMA })).json();
    job = (await call('POST', `/api/pipelines/${pipeline.id}/jobs`, { data: records })).json();
    result = (await call('POST', `/api/jobs/${job.id}/run?immediate_return=false`)).json();
    workshop = (await call('POST', `/api/jobs/${job.id}/workshops`)).json();
  });
  afterAll(() => t.close());
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, apiKey = key) =>
    t.app.inject({ method, url, headers: { 'lume-api-key': apiKey }, payload: payload as object });

  it('getTargetSchemaForWorkshop: the schema the workshop runs against; 404 for another organization', async () => {
    const res = await call('GET', `/api/workshops/${workshop.id}/target_schema`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ properties: SCHEMA.properties });
    expect(
      (await call('GET', `/api/workshops/${workshop.id}/target_schema`, undefined, otherKey)).statusCode,
    ).toBe(404);
  });

  it('generateConfidenceScores answers the Result with its confidence', async () => {
    const res = await call('POST', `/api/results/${result.id}/confidence`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: result.id, job_id: job.id, pipeline_id: pipeline.id, processed: 2 });
    expect(body.confidence.bucket).toEqual(expect.any(String));
    expect(body.confidence.fields.email).toMatchObject({
      score: expect.any(Number),
      reason: expect.any(String),
    });
    // the failed email lowers its field's score below the mapper's own
    const spec = (await call('GET', `/api/results/${result.id}/spec`)).json();
    expect(body.confidence.fields.email.score).toBeLessThan(spec.email.confidence.score);
    expect((await call('GET', `/api/results/${result.id}`)).json().confidence.score).toBe(
      body.confidence.score,
    );
    expect((await call('POST', `/api/results/${result.id}/confidence`, undefined, otherKey)).statusCode).toBe(
      404,
    );
  });

  it('search: every model, filtered by its list filters, paged by query or body, within the organization', async () => {
    const search = (body: unknown, query = '', apiKey = key) =>
      call('POST', `/api/search${query}`, body, apiKey);
    const ids = async (body: unknown, query = '', apiKey = key) =>
      (await search(body, query, apiKey)).json().items.map((i: { id: string }) => i.id);

    expect(await ids({ model: 'pipeline', params: { name: 'peop' } })).toEqual([pipeline.id]);
    expect(await ids({ model: 'pipeline', params: { name: 'nobody' } })).toEqual([]);
    expect(await ids({ model: 'job', params: { pipeline_id: pipeline.id } })).toEqual([job.id]);
    expect(await ids({ model: 'job', params: { status: 'needs review,finished' } })).toEqual([job.id]);
    expect(await ids({ model: 'workshop', params: { job_id: job.id } })).toEqual([workshop.id]);
    expect(await ids({ model: 'result', params: { job_id: job.id } })).toEqual([result.id]);
    expect(await ids({ model: 'result', params: { status: 'failed' } })).toEqual([]);

    const mappings = (await search({ model: 'mapping', params: { result_id: result.id } })).json();
    expect(mappings).toMatchObject({ total: 2, page: 1, pages: 1 });
    expect(mappings.items[0].source_record).toEqual(records[0]);
    const failed = (
      await search({ model: 'mapping', params: { result_id: result.id, only_errors: true } })
    ).json();
    expect(failed.items.map((m: { index: number }) => m.index)).toEqual([1]);

    // page and size in the query, as the SDK sends them, or in the body
    const second = await call('POST', `/api/pipelines/${pipeline.id}/jobs`, { data: records });
    const paged = (await search({ model: 'job', params: {} }, '?page=2&size=1')).json();
    expect(paged).toMatchObject({ total: 2, page: 2, size: 1, pages: 2 });
    expect(paged.items.map((j: { id: string }) => j.id)).toEqual([job.id]);
    expect((await search({ model: 'job', params: {}, page: 1, size: 1 })).json().items[0].id).toBe(
      second.json().id,
    );

    // another organization finds nothing of ours, and cannot read our result's mappings
    expect(await ids({ model: 'pipeline', params: {} }, '', otherKey)).toEqual([]);
    expect(await ids({ model: 'job', params: { pipeline_id: pipeline.id } }, '', otherKey)).toEqual([]);
    expect((await search({ model: 'workshop', params: { job_id: job.id } }, '', otherKey)).statusCode).toBe(
      404,
    );
    expect(
      (await search({ model: 'mapping', params: { result_id: result.id } }, '', otherKey)).statusCode,
    ).toBe(404);
  });

  it('search refuses an unknown model, an unknown filter and a bad value, naming each', async () => {
    const detail = async (body: unknown) => {
      const res = await call('POST', '/api/search', body);
      expect(res.statusCode).toBe(422);
      return res.json().detail[0];
    };
    expect((await detail({ model: 'user', params: {} })).loc).toEqual(['body', 'model']);
    const unknown = await detail({ model: 'job', params: { colour: 'red' } });
    expect(unknown.loc).toEqual(['body', 'params', 'colour']);
    expect(unknown.msg).toContain('pipeline_id');
    expect((await detail({ model: 'mapping', params: {} })).loc).toEqual(['body', 'params', 'result_id']);
    expect((await detail({ model: 'result', params: { job_id: 'x' } })).loc).toEqual([
      'body',
      'params',
      'job_id',
    ]);
    expect((await call('POST', '/api/search?size=1000', { model: 'job' })).json().detail[0].loc).toEqual([
      'query',
      'size',
    ]);
  });

  it('convertExcelToJson: a workbook as a binary string, every sheet or the ones named', async () => {
    const xlsx = await workbook({
      People: [
        ['name', 'email'],
        ['Ada', 'ada@example.com'],
        ['Grace', 'grace@example.com'],
      ],
      Cities: [['city'], ['London']],
    });
    // what the SDK's NodeFileReader.readAsBinaryString gives
    const payload = { file: xlsx.toString('binary'), name: 'people.xlsx' };
    const all = await call('POST', '/api/convert/sheets', payload);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({
      name: 'people.xlsx',
      sheets: [
        {
          name: 'People',
          records: [
            { name: 'Ada', email: 'ada@example.com' },
            { name: 'Grace', email: 'grace@example.com' },
          ],
          problems: [],
        },
        { name: 'Cities', records: [{ city: 'London' }], problems: [] },
      ],
    });
    const one = (await call('POST', '/api/convert/sheets', { ...payload, sheets: ['Cities'] })).json();
    expect(one.sheets.map((s: { name: string }) => s.name)).toEqual(['Cities']);
    const missing = await call('POST', '/api/convert/sheets', { ...payload, sheets: ['Nope'] });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail[0]).toMatchObject({
      loc: ['body', 'sheets'],
      msg: expect.stringContaining('Nope'),
    });
  });

  it('convert/sheets takes a multipart upload (the Python SDK) and refuses unreadable files with the reason', async () => {
    const upload = (name: string, content: string | Buffer, fields: Record<string, string> = {}) => {
      const m = multipart(name, content);
      // fields before the file, as httpx sends them
      const boundary = m.headers['content-type'].split('boundary=')[1]!;
      const head = Object.entries(fields)
        .map(([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('');
      return t.app.inject({
        method: 'POST',
        url: '/api/convert/sheets',
        headers: { ...m.headers, 'lume-api-key': key },
        payload: Buffer.concat([Buffer.from(head), m.payload]),
      });
    };
    const csv = await upload('cities.csv', 'city,country\nLondon,UK\nParis,FR\n');
    expect(csv.statusCode).toBe(200);
    expect(csv.json().sheets).toEqual([
      {
        name: 'cities',
        records: [
          { city: 'London', country: 'UK' },
          { city: 'Paris', country: 'FR' },
        ],
        problems: [],
      },
    ]);
    const xlsx = await workbook({ A: [['x'], [1]], B: [['y'], [2]] });
    const named = await upload('book.xlsx', xlsx, { name: 'book.xlsx', sheets: 'B' });
    expect(named.json().sheets).toEqual([{ name: 'B', records: [{ y: 2 }], problems: [] }]);

    const refused = async (res: Awaited<ReturnType<typeof upload>>) => {
      expect(res.statusCode).toBe(422);
      return res.json().detail[0];
    };
    expect(
      await refused(await upload('broken.xlsx', Buffer.from('PK\u0003\u0004 not really a zip'))),
    ).toMatchObject({ loc: ['body', 'file'], msg: expect.stringMatching(/not a valid \.xlsx/) });
    expect((await refused(await upload('old.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0])))).msg).toMatch(
      /\.xls/,
    );
    expect((await refused(await upload('empty.csv', ''))).msg).toMatch(/empty/);
    expect((await refused(await upload('big.csv', Buffer.alloc(10 * 1024 * 1024 + 10, 'a')))).msg).toMatch(
      /larger than 10 MiB/,
    );
    const noFile = await call('POST', '/api/convert/sheets', { name: 'x.xlsx' });
    expect(noFile.json().detail[0].loc).toEqual(['body', 'file']);
  });
});
