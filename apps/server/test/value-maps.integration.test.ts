import { profileRecords, suggestMapping } from '@mapwright/engine';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployVersion } from '../src/modules/pipelines/pipelines.service.ts';
import { createTestApp, createUser, DATABASES, multipart, type TestApp, type TestUser } from './helper.ts';

const SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    country: { type: 'string', enum: ['United States', 'United Kingdom', 'Germany', 'France'] },
  },
  required: ['name'],
};
const RECORDS = [
  { name: 'a', country: 'United States' },
  { name: 'b', country: 'united states' },
  { name: 'c', country: 'US' },
  { name: 'd', country: 'Germny' },
  { name: 'e', country: 'Atlantis' },
  { name: 'f', country: 'Atlantis' },
  { name: 'g', country: 'Blighty' },
];

async function workbook(rows: [string, string][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('country');
  ws.addRow(['Source', 'Target']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe.each(DATABASES)('Excel value-mapper (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  let pipelineId: string;
  let jobId: string;
  const as = (method: 'GET' | 'POST', url: string, payload?: unknown, token = u.token) =>
    t.as(token, { method, url: `/api${url}`, ...(payload ? { payload: payload as object } : {}) });

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { worker: true });
    u = await createUser(t);
    pipelineId = (
      await as('POST', '/pipelines', { name: 'People', description: '', target_schema: SCHEMA })
    ).json().id;
    jobId = (await as('POST', `/pipelines/${pipelineId}/jobs`, { data: RECORDS })).json().id;
    const spec = suggestMapping({ profile: profileRecords(RECORDS), targetSchema: SCHEMA as never }).spec;
    const p = { userId: u.id, orgId: u.orgId, roleId: '', role: 'owner', via: 'jwt' as const };
    await deployVersion(t.app.ctx, p, pipelineId, spec, SCHEMA, 'test');
  });
  afterAll(() => t?.close());

  it('suggests a target for every source value seen in the jobs, with counts, and lists the unmapped', async () => {
    const res = await as('POST', `/pipelines/${pipelineId}/value-map/suggest`, { field: 'country' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const row = (s: string) => body.rows.find((r: { source: string }) => r.source === s);
    expect(row('united states')).toMatchObject({ target: 'United States', count: 1 });
    expect(row('US')).toMatchObject({ target: 'United States' });
    expect(row('Germny')).toMatchObject({ target: 'Germany' });
    expect(body.unmapped).toEqual(expect.arrayContaining([{ source: 'Atlantis', count: 2 }]));
  });

  it('reads a real workbook of value tables, applies it as lookups, and a re-run job uses them', async () => {
    const upload = multipart(
      'values.xlsx',
      await workbook([
        ['Blighty', 'United Kingdom'],
        ['Atlantis', 'France'],
      ]),
    );
    const read = await t.as(u.token, { method: 'POST', url: '/api/value-maps/workbook', ...upload });
    expect(read.statusCode, read.body).toBe(200);
    const [table] = read.json().tables;
    expect(table).toMatchObject({ sheet: 'country', field: 'country' });
    const given = Object.fromEntries(
      table.pairs.map((x: { source: string; target: string }) => [x.source, x.target]),
    );
    const s = (
      await as('POST', `/pipelines/${pipelineId}/value-map/suggest`, { field: 'country', table: given })
    ).json();
    expect(s.rows.find((r: { source: string }) => r.source === 'Blighty')).toMatchObject({
      target: 'United Kingdom',
      reason: 'given by the user',
    });
    expect(s.unmapped).toEqual([]);
    const accepted = Object.fromEntries(
      s.rows.map((r: { source: string; target: string }) => [r.source, r.target]),
    );
    const applied = await as('POST', `/pipelines/${pipelineId}/value-map/apply`, {
      field: 'country',
      table: accepted,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().mapper_version).toBe(2);

    const run = await as('POST', `/jobs/${jobId}/run?immediate_return=false`);
    expect(run.statusCode, run.body).toBe(200);
    const resultId = run.json().id;
    const mapped = (await as('GET', `/results/${resultId}/mappings?page=1&size=50`)).json();
    const countries = (mapped.items ?? mapped).map(
      (m: { mapped_record: { country: string } }) => m.mapped_record.country,
    );
    expect(countries).toEqual([
      'United States',
      'United States',
      'United States',
      'Germany',
      'France',
      'France',
      'United Kingdom',
    ]);

    const xlsx = await as('POST', '/value-maps/export', {
      field: 'country',
      rows: [{ source: '=cmd()', target: 'France', count: 2 }],
    });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getRow(2).getCell(1).value).toBe("'=cmd()");
  });

  it('names the field and reason for bad input; another organization gets 404', async () => {
    const bad = await as('POST', `/pipelines/${pipelineId}/value-map/suggest`, { field: 'nope' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['body', 'field']);
    const empty = await as('POST', `/pipelines/${pipelineId}/value-map/apply`, {
      field: 'country',
      table: {},
    });
    expect(empty.statusCode).toBe(422);
    const notXlsx = multipart('values.xlsx', 'not a workbook');
    const r = await t.as(u.token, { method: 'POST', url: '/api/value-maps/workbook', ...notXlsx });
    expect(r.statusCode).toBe(422);
    expect(r.json().detail[0].loc).toEqual(['body', 'file']);
    const other = await createUser(t);
    const hidden = await as(
      'POST',
      `/pipelines/${pipelineId}/value-map/suggest`,
      { field: 'country' },
      other.token,
    );
    expect(hidden.statusCode).toBe(404);
  });
});
