import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTask } from '../src/modules/imports/imports.task.ts';
import {
  createTestApp,
  createUser,
  DATABASES,
  eventually,
  multipart,
  type TestApp,
  type TestUser,
} from './helper.ts';

describe.each(DATABASES)('imports (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { worker: true });
    u = await createUser(t);
  });
  afterAll(() => t.close());

  const upload = async (name: string, content: string | Buffer, user = u) =>
    (await t.as(user.token, { method: 'POST', url: '/api/files', ...multipart(name, content) })).json();
  const finished = (id: string, user = u) =>
    eventually(async () => {
      const imp = (await t.as(user.token, { method: 'GET', url: `/api/imports/${id}` })).json();
      return ['succeeded', 'failed', 'cancelled'].includes(imp.status) && imp;
    });

  it('imports a CSV: typed columns, every row paginated from the server, bad rows listed with line and reason', async () => {
    const lines = ['id,name,amount,paid_on,active'];
    for (let i = 1; i <= 1234; i++)
      lines.push(
        `${i},Person ${i},"$${i},000.50",03/${String((i % 28) + 1).padStart(2, '0')}/2024,${i % 2 ? 'yes' : 'no'}`,
      );
    lines.splice(10, 0, '999,too,many,fields,here,extra');
    const file = await upload('people.csv', `${lines.join('\n')}\n`);
    const created = await t.as(u.token, {
      method: 'POST',
      url: '/api/imports',
      payload: { file_id: file.id },
    });
    expect(created.statusCode).toBe(201);
    // a worker on PostgreSQL may take it before the answer is written: queued or already running
    expect(created.json()).toMatchObject({
      status: expect.stringMatching(/^(queued|running)$/),
      format: 'csv',
      name: 'people.csv (v1)',
    });
    const imp = await finished(created.json().id);
    expect(imp).toMatchObject({
      status: 'succeeded',
      row_count: 1234,
      problem_count: 1,
      progress: 1,
      detected: { delimiter: ',', header: true },
    });
    const types = Object.fromEntries(
      imp.columns.map((c: { name: string; type: string }) => [c.name, c.type]),
    );
    expect(types).toEqual({
      id: 'integer',
      name: 'string',
      amount: 'number',
      paid_on: 'date',
      active: 'boolean',
    });
    expect(imp.columns.find((c: { name: string }) => c.name === 'paid_on').layout).toBe('MM/DD/YYYY');

    const seen = new Set<string>();
    for (let page = 1; page <= 13; page++) {
      const rows = (
        await t.as(u.token, { method: 'GET', url: `/api/imports/${imp.id}/rows?page=${page}&size=100` })
      ).json();
      expect(rows.total).toBe(1234);
      for (const r of rows.items) seen.add(r.record.id);
    }
    expect(seen.size).toBe(1234);
    const mid = (
      await t.as(u.token, { method: 'GET', url: `/api/imports/${imp.id}/rows?page=5&size=250` })
    ).json();
    expect(mid.items[0]).toMatchObject({ index: 1000, record: { name: 'Person 1001' } });
    const problems = (await t.as(u.token, { method: 'GET', url: `/api/imports/${imp.id}/problems` })).json();
    expect(problems.items).toEqual([
      { line: 11, reason: 'expected 5 fields, found 6', raw: '999,too,many,fields,here,extra' },
    ]);
  });

  it('imports the chosen sheet of an Excel workbook and a JSONL file', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Summary').addRow(['ignore me']);
    const s = wb.addWorksheet('Orders');
    s.addRow(['order', 'total']);
    s.addRow(['A-1', 12.5]);
    const xlsx = await upload('orders.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    const imp = await finished(
      (
        await t.as(u.token, {
          method: 'POST',
          url: '/api/imports',
          payload: { file_id: xlsx.id, options: { sheet: 'Orders' } },
        })
      ).json().id,
    );
    expect(imp).toMatchObject({
      status: 'succeeded',
      row_count: 1,
      detected: { sheet: 'Orders', sheets: ['Summary', 'Orders'] },
    });
    const rows = (await t.as(u.token, { method: 'GET', url: `/api/imports/${imp.id}/rows` })).json();
    expect(rows.items[0].record).toEqual({ order: 'A-1', total: 12.5 });

    const jsonl = await upload(
      'events.jsonl',
      '{"type":"click","at":"2024-03-04T10:00:00Z"}\nnot json\n{"type":"view","at":"2024-03-05T11:00:00Z"}\n',
    );
    const j = await finished(
      (await t.as(u.token, { method: 'POST', url: '/api/imports', payload: { file_id: jsonl.id } })).json()
        .id,
    );
    expect(j).toMatchObject({ status: 'succeeded', row_count: 2, problem_count: 1 });
    expect(j.columns.find((c: { name: string }) => c.name === 'at').type).toBe('date-time');
  });

  it('fails an unreadable file with a clear error and keeps no rows', async () => {
    const bad = await upload('broken.json', '[{"a": 1}, {"a": ');
    const imp = await finished(
      (await t.as(u.token, { method: 'POST', url: '/api/imports', payload: { file_id: bad.id } })).json().id,
    );
    expect(imp.status).toBe('failed');
    expect(imp.error).toMatch(/The JSON is malformed/);
    expect((await t.as(u.token, { method: 'GET', url: `/api/imports/${imp.id}/rows` })).json().items).toEqual(
      [],
    );
  });

  it('validates the request: unknown format, bad options, unknown keys', async () => {
    const odd = await upload('data.bin', 'abc');
    const noFormat = await t.as(u.token, {
      method: 'POST',
      url: '/api/imports',
      payload: { file_id: odd.id },
    });
    expect(noFormat.statusCode).toBe(422);
    expect(noFormat.json().detail[0].loc).toEqual(['body', 'format']);
    const badOpt = await t.as(u.token, {
      method: 'POST',
      url: '/api/imports',
      payload: { file_id: odd.id, format: 'csv', options: { delimiter: 'x', evil: 1 } },
    });
    expect(badOpt.statusCode).toBe(422);
    const locs = badOpt.json().detail.map((d: { loc: string[] }) => d.loc.join('.'));
    expect(locs).toEqual(expect.arrayContaining(['body.options.delimiter']));
    expect(
      (await t.as(u.token, { method: 'GET', url: '/api/imports' }))
        .json()
        .items.every((i: { file_id: string }) => i.file_id !== odd.id),
    ).toBe(true);
  });

  it('cancels a running import, keeping none of its rows', async () => {
    // JSON lines go through the streaming parser: slow enough to be caught mid-file
    const lines: string[] = [];
    // big enough to outlast a heartbeat (the worker notices a cancel within a second)
    for (let i = 0; i < 600_000; i++) lines.push(JSON.stringify({ n: i, text: `row number ${i}` }));
    const f = await upload('big.jsonl', lines.join('\n'));
    const created = (
      await t.as(u.token, { method: 'POST', url: '/api/imports', payload: { file_id: f.id } })
    ).json();
    await eventually(async () => {
      const imp = (await t.as(u.token, { method: 'GET', url: `/api/imports/${created.id}` })).json();
      return imp.status === 'running' && imp.row_count > 0 && imp.progress > 0;
    });
    await t.as(u.token, { method: 'POST', url: `/api/imports/${created.id}/cancel` });
    const end = await finished(created.id);
    expect(end.status).toBe('cancelled');
    expect(
      (await t.as(u.token, { method: 'GET', url: `/api/imports/${created.id}/rows` })).json().items,
    ).toEqual([]);
  });

  it("answers 404 for another organization's imports and files", async () => {
    const f = await upload('mine.csv', 'a\n1\n');
    const imp = await finished(
      (await t.as(u.token, { method: 'POST', url: '/api/imports', payload: { file_id: f.id } })).json().id,
    );
    const other = await createUser(t);
    for (const url of [
      `/api/imports/${imp.id}`,
      `/api/imports/${imp.id}/rows`,
      `/api/imports/${imp.id}/problems`,
    ]) {
      expect((await t.as(other.token, { method: 'GET', url })).statusCode).toBe(404);
    }
    expect(
      (await t.as(other.token, { method: 'POST', url: `/api/imports/${imp.id}/cancel` })).statusCode,
    ).toBe(404);
    expect((await t.as(other.token, { method: 'DELETE', url: `/api/imports/${imp.id}` })).statusCode).toBe(
      404,
    );
    expect(
      (await t.as(other.token, { method: 'POST', url: '/api/imports', payload: { file_id: f.id } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('imports without a worker', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('cancels a queued import at once', async () => {
    const u = await createUser(t);
    const f = (
      await t.as(u.token, { method: 'POST', url: '/api/files', ...multipart('q.csv', 'a\n1\n') })
    ).json();
    const created = (
      await t.as(u.token, { method: 'POST', url: '/api/imports', payload: { file_id: f.id } })
    ).json();
    expect(created.status).toBe('queued');
    const cancelled = (
      await t.as(u.token, { method: 'POST', url: `/api/imports/${created.id}/cancel` })
    ).json();
    expect(cancelled.status).toBe('cancelled');
  });

  it('an import stopped mid-file (its worker died) starts over on the next attempt and ends with the exact rows', async () => {
    const u = await createUser(t);
    const lines = Array.from({ length: 30_000 }, (_, i) => JSON.stringify({ n: i }));
    const f = (
      await t.as(u.token, { method: 'POST', url: '/api/files', ...multipart('big.jsonl', lines.join('\n')) })
    ).json();
    const created = (
      await t.as(u.token, { method: 'POST', url: '/api/imports', payload: { file_id: f.id } })
    ).json();
    const task = await t.app.ctx.queue.claim('doomed-worker', 60_000);
    const stop = new AbortController();
    const first = importTask.handler({
      app: t.app.ctx,
      task: task!,
      payload: { importId: created.id },
      signal: stop.signal,
      // the worker goes away once the file is under way
      progress: () => stop.abort(new Error('lease lost')),
    });
    await expect(first).rejects.toThrow('lease lost');
    const mid = (await t.as(u.token, { method: 'GET', url: `/api/imports/${created.id}` })).json();
    expect(mid.status).toBe('running');
    // the next attempt, as another worker would run it
    await importTask.handler({
      app: t.app.ctx,
      task: task!,
      payload: { importId: created.id },
      signal: new AbortController().signal,
      progress: () => {},
    });
    const end = (await t.as(u.token, { method: 'GET', url: `/api/imports/${created.id}` })).json();
    expect(end).toMatchObject({ status: 'succeeded', row_count: 30_000 });
    const page = (
      await t.as(u.token, { method: 'GET', url: `/api/imports/${created.id}/rows?page=300&size=100` })
    ).json();
    expect(page.items.map((r: { record: { n: number } }) => r.record.n)).toEqual(
      Array.from({ length: 100 }, (_, i) => 29_900 + i),
    );
  });
});
