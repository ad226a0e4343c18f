import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lit, withDuckDb } from '../src/modules/datasets/duckdb.ts';
import {
  createTestApp,
  createUser,
  DATABASES,
  eventually,
  multipart,
  type TestApp,
  type TestUser,
} from './helper.ts';

/** A workbook of three sheets, each with its own header and rows (built here: no binary fixtures). */
async function threeSheets() {
  const wb = new ExcelJS.Workbook();
  const summary = wb.addWorksheet('Summary');
  summary.addRow(['metric', 'value']);
  summary.addRow(['orders', 3]);
  const orders = wb.addWorksheet('Orders');
  orders.addRow(['order', 'total']);
  for (const [id, total] of [
    ['A-1', 12.5],
    ['A-2', 7],
    ['A-3', 99.25],
  ])
    orders.addRow([id, total]);
  const returns = wb.addWorksheet('Returns & refunds');
  returns.addRow(['order', 'reason']);
  returns.addRow(['A-2', 'damaged']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A Parquet file written by DuckDB from SQL. */
async function parquetOf(select: string) {
  const path = join(tmpdir(), `mw-test-${randomUUID()}.parquet`);
  try {
    await withDuckDb(undefined, (c) => c.run(`COPY (${select}) TO ${lit(path)} (FORMAT parquet)`));
    return await readFile(path);
  } finally {
    await rm(path, { force: true });
  }
}

describe.each(DATABASES)('workbook sheets and Parquet imports (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { worker: true });
    u = await createUser(t);
  });
  afterAll(() => t.close());

  const upload = async (name: string, content: string | Buffer, user = u) => {
    const res = await t.as(user.token, { method: 'POST', url: '/api/files', ...multipart(name, content) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const startImport = (payload: object, user = u) =>
    t.as(user.token, { method: 'POST', url: '/api/imports', payload });
  const finished = (id: string) =>
    eventually(async () => {
      const imp = (await t.as(u.token, { method: 'GET', url: `/api/imports/${id}` })).json();
      return ['succeeded', 'failed', 'cancelled'].includes(imp.status) && imp;
    });
  const records = async (id: string, query = '') =>
    (await t.as(u.token, { method: 'GET', url: `/api/imports/${id}/rows${query}` }))
      .json()
      .items.map((r: { record: unknown }) => r.record);
  const importDatasets = async () =>
    (await t.as(u.token, { method: 'GET', url: '/api/datasets?kind=import&size=100' })).json().total;

  it('lists the sheets of a workbook with their rows and imports the one named; the first by default', async () => {
    const file = await upload('orders.xlsx', await threeSheets());
    const listed = await t.as(u.token, { method: 'GET', url: `/api/imports/sheets?file_id=${file.id}` });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual({
      format: 'xlsx',
      sheets: [
        { name: 'Summary', rows: 2 },
        { name: 'Orders', rows: 4 },
        { name: 'Returns & refunds', rows: 2 },
      ],
    });

    const orders = await startImport({ file_id: file.id, options: { sheet: 'Orders' } });
    expect(orders.statusCode, orders.body).toBe(201);
    const imp = await finished(orders.json().id);
    expect(imp).toMatchObject({ status: 'succeeded', row_count: 3, detected: { sheet: 'Orders' } });
    expect(await records(imp.id)).toEqual([
      { order: 'A-1', total: 12.5 },
      { order: 'A-2', total: 7 },
      { order: 'A-3', total: 99.25 },
    ]);
    const returns = await finished(
      (await startImport({ file_id: file.id, options: { sheet: 'Returns & refunds' } })).json().id,
    );
    expect(await records(returns.id)).toEqual([{ order: 'A-2', reason: 'damaged' }]);

    // existing callers that name no sheet still get the first one
    const first = await finished((await startImport({ file_id: file.id })).json().id);
    expect(first).toMatchObject({ status: 'succeeded', row_count: 1, detected: { sheet: 'Summary' } });
    expect(await records(first.id)).toEqual([{ metric: 'orders', value: 3 }]);
  });

  it('refuses a sheet the workbook does not have, naming `sheet` and listing the sheets; nothing is queued', async () => {
    const file = await upload('book.xlsx', await threeSheets());
    const before = (await t.as(u.token, { method: 'GET', url: '/api/imports?size=100' })).json().total;
    const res = await startImport({ file_id: file.id, options: { sheet: 'Order' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([
      {
        loc: ['body', 'options', 'sheet'],
        msg: 'the workbook has no sheet named "Order"; its sheets: "Summary", "Orders", "Returns & refunds"',
        type: expect.any(String),
      },
    ]);
    const csv = await upload('plain.csv', 'a,b\n1,2\n');
    const onCsv = await startImport({ file_id: csv.id, options: { sheet: 'Orders' } });
    expect(onCsv.statusCode).toBe(422);
    expect(onCsv.json().detail[0]).toMatchObject({
      loc: ['body', 'options', 'sheet'],
      msg: 'only Excel workbooks have sheets; this import reads csv',
    });
    expect((await t.as(u.token, { method: 'GET', url: '/api/imports?size=100' })).json().total).toBe(before);
    // other formats list no sheets; another organization's file is not found
    const plain = await t.as(u.token, { method: 'GET', url: `/api/imports/sheets?file_id=${csv.id}` });
    expect(plain.json()).toEqual({ format: 'csv', sheets: [] });
    const other = await createUser(t);
    const theirs = await t.as(other.token, { method: 'GET', url: `/api/imports/sheets?file_id=${file.id}` });
    expect(theirs.statusCode).toBe(404);
  });

  it('makes a job from a named sheet of a file version, reusing only an import of that sheet', async () => {
    const file = await upload('jobs.xlsx', await threeSheets());
    const version = file.current_version.id;
    const pipeline = await t.as(u.token, {
      method: 'POST',
      url: '/api/pipelines',
      payload: {
        name: 'Orders',
        target_schema: { type: 'object', properties: { order: { type: 'string' } } },
      },
    });
    expect(pipeline.statusCode, pipeline.body).toBe(201);
    const createJob = (payload: object) =>
      t.as(u.token, { method: 'POST', url: `/api/pipelines/${pipeline.json().id}/jobs`, payload });

    const orders = await createJob({ file_version_id: version, sheet: 'Orders' });
    expect(orders.statusCode, orders.body).toBe(201);
    expect(orders.json()).toMatchObject({ input_kind: 'import', record_count: 3 });
    expect(await records(orders.json().import_id)).toEqual([
      { order: 'A-1', total: 12.5 },
      { order: 'A-2', total: 7 },
      { order: 'A-3', total: 99.25 },
    ]);
    // the Orders import is not taken for the first sheet, nor another sheet's for Orders
    const first = (await createJob({ file_version_id: version })).json();
    expect(first).toMatchObject({ record_count: 1 });
    expect(first.import_id).not.toBe(orders.json().import_id);
    const returns = (await createJob({ file_version_id: version, sheet: 'Returns & refunds' })).json();
    expect(await records(returns.import_id)).toEqual([{ order: 'A-2', reason: 'damaged' }]);
    const again = (await createJob({ file_version_id: version, sheet: 'Orders' })).json();
    expect(again.import_id).toBe(orders.json().import_id);

    const jobs = async () =>
      (await t.as(u.token, { method: 'GET', url: `/api/pipelines/${pipeline.json().id}/jobs` })).json().total;
    const before = await jobs();
    const unknown = await createJob({ file_version_id: version, sheet: 'Order' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail).toEqual([
      {
        loc: ['body', 'sheet'],
        msg: 'the workbook has no sheet named "Order"; its sheets: "Summary", "Orders", "Returns & refunds"',
        type: expect.any(String),
      },
    ]);
    const alone = await createJob({ data: [{ order: 'A-9' }], sheet: 'Orders' });
    expect(alone.statusCode).toBe(422);
    expect(alone.json().detail[0]).toMatchObject({
      loc: ['body', 'sheet'],
      msg: 'a sheet is read from a file version: give file_version_id with it',
    });
    expect(await jobs()).toBe(before);
  });

  it('imports a Parquet file: every row in order, typed columns, nested columns as objects and arrays', async () => {
    const bytes = await parquetOf(
      `SELECT i::INTEGER AS id, 'Person ' || i AS name, i * 1.5 AS amount, i % 2 = 0 AS active,
              DATE '2024-01-01' + (i % 300)::INTEGER AS joined, {'city': 'City ' || (i % 7), 'zip': i % 100} AS address,
              [i, i + 1] AS tags, 9007199254740993 + i AS big, CASE WHEN i % 10 = 0 THEN NULL ELSE 'x' END AS sparse
       FROM range(1, 25001) r(i)`,
    );
    const file = await upload('people.parquet', bytes);
    const created = await startImport({ file_id: file.id });
    expect(created.json()).toMatchObject({ format: 'parquet' });
    const imp = await finished(created.json().id);
    expect(imp).toMatchObject({ status: 'succeeded', row_count: 25_000, problem_count: 0 });
    const types = Object.fromEntries(
      imp.columns.map((c: { path: string; type: string }) => [c.path, c.type]),
    );
    expect(types).toMatchObject({
      id: 'integer',
      name: 'string',
      amount: 'number',
      active: 'boolean',
      joined: 'date',
      'address.city': 'string',
      'address.zip': 'integer',
      big: 'integer',
      sparse: 'string',
    });
    expect(imp.columns.find((c: { path: string }) => c.path === 'sparse').null_rate).toBeCloseTo(0.1, 2);
    // a row past the first two row groups, in file order with its row number as its line
    const page = (
      await t.as(u.token, { method: 'GET', url: `/api/imports/${imp.id}/rows?page=41&size=500` })
    ).json();
    expect(page.items[0]).toEqual({
      index: 20_000,
      line: 20_001,
      record: {
        id: 20_001,
        name: 'Person 20001',
        amount: 30_001.5,
        active: false,
        joined: '2024-07-20',
        address: { city: 'City 2', zip: 1 },
        tags: [20_001, 20_002],
        big: '9007199254760994',
        sparse: 'x',
      },
    });
  });

  it('fails a truncated Parquet file with the reason and writes nothing', async () => {
    const bytes = await parquetOf('SELECT i AS id, i * 2 AS twice FROM range(1, 5000) r(i)');
    const datasets = await importDatasets();
    const file = await upload('cut.parquet', bytes.subarray(0, Math.floor(bytes.length / 2)));
    const imp = await finished((await startImport({ file_id: file.id })).json().id);
    expect(imp).toMatchObject({ status: 'failed', row_count: 0, problem_count: 0 });
    expect(imp.error).toMatch(/^This is not a readable Parquet file \(.+\)$/);
    expect(await records(imp.id)).toEqual([]);
    expect(await importDatasets()).toBe(datasets);
  });

  it('the uploaded-file source reads the sheet it is set to, and Parquet; an unknown sheet names the setting', async () => {
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await t.as(u.token, { method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json();
    };
    const book = await upload('ledger.xlsx', await threeSheets());
    const spec = (await call('GET', '/api/connectors')).items.find(
      (c: { type: string }) => c.type === 'file',
    );
    expect(spec.settings.properties.sheet).toMatchObject({ type: 'string', title: 'Sheet' });
    const src = await call('POST', '/api/connections', {
      type: 'file',
      name: 'orders sheet',
      role: 'source',
      settings: { file: book.id, sheet: 'Orders' },
    });
    const [stream] = (await call('GET', `/api/connections/${src.id}/streams`)).items;
    expect(stream.sample).toEqual([
      { order: 'A-1', total: 12.5, _row: 0 },
      { order: 'A-2', total: 7, _row: 1 },
      { order: 'A-3', total: 99.25, _row: 2 },
    ]);
    expect(
      await call('POST', '/api/connections/test', {
        type: 'file',
        settings: { file: book.id, sheet: 'Nope' },
      }),
    ).toMatchObject({
      ok: false,
      field: 'sheet',
      message:
        'sheet: "ledger.xlsx" has no sheet named "Nope"; its sheets: "Summary", "Orders", "Returns & refunds"',
    });

    const pq = await upload(
      'points.parquet',
      await parquetOf('SELECT i AS n, i * i AS sq FROM range(3) r(i)'),
    );
    const pqSrc = await call('POST', '/api/connections', {
      type: 'file',
      name: 'points',
      role: 'source',
      settings: { file: pq.id },
    });
    const [pqStream] = (await call('GET', `/api/connections/${pqSrc.id}/streams`)).items;
    expect(pqStream.sample).toEqual([
      { n: 0, sq: 0, _row: 0 },
      { n: 1, sq: 1, _row: 1 },
      { n: 2, sq: 4, _row: 2 },
    ]);
  });
});
