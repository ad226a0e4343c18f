import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workbookShares } from '../src/db/schema.ts';
import {
  createTestApp,
  createUser,
  DATABASES,
  eventually,
  multipart,
  type TestApp,
  type TestUser,
} from './helper.ts';

const SCHEMA = {
  type: 'object',
  properties: {
    full_name: { type: 'string', description: 'The person' },
    amount: { type: 'number' },
    status: { type: 'string', enum: ['open', 'closed'] },
  },
  required: ['full_name'],
};
const records = [
  { first: 'Ada', last: 'Lovelace', total: '12.5', state: 'open' },
  { first: 'Grace', last: 'Hopper', total: 'x', state: 'closed' },
];
const CSV = 'id,name,amount\n1,Ada,10.5\n2,Grace,3\n3,Linus,7.25\n4,Barbara,100\n';

describe.each(DATABASES)('workbooks, dataset tabs and customer previews (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  let other: TestUser;
  let viewer: TestUser;
  let projectId: string;
  let pipelineId: string;
  let wbId: string;
  let importTab: string;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { worker: true });
    u = await createUser(t);
    other = await createUser(t);
    viewer = await createUser(t, { role: 'viewer', orgId: u.orgId });
    projectId = (await req('POST', '/api/projects', { name: 'Payments' })).json().id;
    pipelineId = (
      await req('POST', '/api/pipelines', {
        name: 'Payments in',
        target_schema: SCHEMA,
        project_id: projectId,
      })
    ).json().id;
    const job = (await req('POST', `/api/pipelines/${pipelineId}/jobs`, { data: records })).json();
    const run = await req('POST', `/api/jobs/${job.id}/run`, { immediate_return: false });
    expect(run.statusCode).toBe(200);
  });
  afterAll(() => t.close());
  const req = (method: string, url: string, payload?: unknown, user = u) =>
    t.as(user.token, {
      method: method as 'GET',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const pub = (method: string, url: string, token: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { 'x-share-token': token },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const key = (path: string) => encodeURIComponent(`${pipelineId}:${path}`);

  it('creates a workbook from a project and lists it; the latest is the one just made', async () => {
    expect((await req('GET', '/api/workbooks/latest')).json()).toBeNull();
    const created = await req('POST', '/api/workbooks', { project_id: projectId });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      version: 1,
      project_name: 'Payments',
      name: 'Payments workbook',
      tabs: [],
    });
    wbId = created.json().id;
    expect((await req('GET', '/api/workbooks')).json().items.map((w: { id: string }) => w.id)).toEqual([
      wbId,
    ]);
    expect((await req('GET', '/api/workbooks/latest')).json().id).toBe(wbId);
    // bad input and other organizations
    const bad = await req('POST', '/api/workbooks', { project_id: 'nope' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['body', 'project_id']);
    expect((await req('POST', '/api/workbooks', {})).statusCode).toBe(422);
    expect((await req('POST', '/api/workbooks', { project_id: projectId }, other)).statusCode).toBe(404);
    expect((await req('GET', `/api/workbooks/${wbId}`, undefined, other)).statusCode).toBe(404);
    expect((await req('GET', '/api/workbooks', undefined, other)).json().items).toEqual([]);
    expect((await req('POST', '/api/workbooks', { project_id: projectId }, viewer)).statusCode).toBe(403);
  });

  it('the field sheet lists every target field with its mapping, type and run status', async () => {
    const sheet = (await req('GET', `/api/workbooks/${wbId}/fields`)).json();
    const byField = Object.fromEntries(
      sheet.fields.map((f: { target_field: string }) => [f.target_field, f]),
    );
    expect(Object.keys(byField)).toEqual(['full_name', 'amount', 'status']);
    expect(byField.full_name).toMatchObject({
      pipeline_id: pipelineId,
      pipeline_name: 'Payments in',
      source_table: 'inline records',
      type: 'string',
      required: true,
      description: 'The person',
      review_status: 'NOT_REVIEWED',
      comment_count: 0,
    });
    expect(byField.status.enum_values).toEqual(['open', 'closed']);
    expect(byField.full_name.run_status).not.toBe('not_run');
    expect(typeof byField.full_name.transform).toBe('string');
  });

  it('review statuses and comments are kept per field and survive a new version', async () => {
    const flag = await req('PUT', `/api/workbooks/${wbId}/fields/${key('amount')}/review`, {
      status: 'FLAGGED',
    });
    expect(flag.statusCode).toBe(200);
    await req('PUT', `/api/workbooks/${wbId}/fields/${key('full_name')}/review`, { status: 'APPROVED' });
    const c = await req('POST', `/api/workbooks/${wbId}/fields/${key('amount')}/comments`, {
      body: 'Cents or units?',
    });
    expect(c.statusCode).toBe(201);
    // bad status, unknown field, viewer
    const bad = await req('PUT', `/api/workbooks/${wbId}/fields/${key('amount')}/review`, { status: 'DONE' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['body', 'status']);
    const unknown = await req('PUT', `/api/workbooks/${wbId}/fields/${key('nope')}/review`, {
      status: 'FLAGGED',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail[0].msg).toContain('is not a field');
    expect(
      (
        await req(
          'PUT',
          `/api/workbooks/${wbId}/fields/${key('amount')}/review`,
          { status: 'APPROVED' },
          viewer,
        )
      ).statusCode,
    ).toBe(403);

    const v2 = await req('POST', `/api/workbooks/${wbId}/versions`);
    expect(v2.statusCode).toBe(201);
    expect(v2.json()).toMatchObject({ version: 2, previous_id: wbId });
    const sheet = (await req('GET', `/api/workbooks/${v2.json().id}/fields`)).json();
    const status = Object.fromEntries(
      sheet.fields.map((f: { target_field: string; review_status: string; comment_count: number }) => [
        f.target_field,
        [f.review_status, f.comment_count],
      ]),
    );
    expect(status).toEqual({
      full_name: ['APPROVED', 0],
      amount: ['FLAGGED', 1],
      status: ['NOT_REVIEWED', 0],
    });
    const thread = (
      await req('GET', `/api/workbooks/${v2.json().id}/fields/${key('amount')}/comments`)
    ).json();
    expect(thread.items).toMatchObject([{ body: 'Cents or units?', customer: false }]);
    // the old version keeps its own state: changing v2 leaves v1 alone
    await req('PUT', `/api/workbooks/${v2.json().id}/fields/${key('amount')}/review`, { status: 'APPROVED' });
    const v1 = (await req('GET', `/api/workbooks/${wbId}/fields`)).json();
    expect(v1.fields.find((f: { target_field: string }) => f.target_field === 'amount').review_status).toBe(
      'FLAGGED',
    );
    // creating from the project again makes the next version
    expect((await req('POST', '/api/workbooks', { project_id: projectId })).json().version).toBe(3);
  });

  it('a dataset tab pages, sorts and filters on the server with typed columns', async () => {
    const file = (
      await t.as(u.token, { method: 'POST', url: '/api/files', ...multipart('people.csv', CSV) })
    ).json();
    const imp = (await req('POST', '/api/imports', { file_id: file.id, project_id: projectId })).json();
    await eventually(async () => (await req('GET', `/api/imports/${imp.id}`)).json().status === 'succeeded');
    const tab = await req('POST', `/api/workbooks/${wbId}/tabs`, { source: 'import', id: imp.id });
    expect(tab.statusCode).toBe(201);
    importTab = tab.json().id;
    expect(
      (await req('POST', `/api/workbooks/${wbId}/tabs`, { source: 'import', id: imp.id }, other)).statusCode,
    ).toBe(404);
    expect(
      (await req('POST', `/api/workbooks/${wbId}/tabs`, { source: 'bogus', id: imp.id })).statusCode,
    ).toBe(422);

    const page = (await req('GET', `/api/workbooks/${wbId}/tabs/${importTab}/rows?offset=1&limit=2`)).json();
    expect(page.total).toBe(4);
    expect(page.columns.map((c: { name: string; type: string }) => [c.name, c.type])).toEqual([
      ['id', 'integer'],
      ['name', 'string'],
      ['amount', 'number'],
    ]);
    expect(page.rows).toEqual([
      { index: 1, cells: ['2', 'Grace', '3'], edited: [] },
      { index: 2, cells: ['3', 'Linus', '7.25'], edited: [] },
    ]);
    // numbers sort as numbers (100 after 10.5 as text would put it first)
    const sorted = (
      await req('GET', `/api/workbooks/${wbId}/tabs/${importTab}/rows?sort=amount&dir=desc`)
    ).json();
    expect(sorted.rows.map((r: { cells: string[] }) => r.cells[2])).toEqual(['100', '10.5', '7.25', '3']);
    const filtered = (
      await req('GET', `/api/workbooks/${wbId}/tabs/${importTab}/rows?filter_column=name&filter=a`)
    ).json();
    expect(filtered.total).toBe(3);
    expect(filtered.rows.map((r: { cells: string[] }) => r.cells[1])).toEqual(['Ada', 'Grace', 'Barbara']);
  });

  it('an edit that breaks the column type is refused with the reason; edits are logged and undone', async () => {
    const url = `/api/workbooks/${wbId}/tabs/${importTab}`;
    const bad = await req('POST', `${url}/edits`, { edits: [{ row: 0, column: 'amount', value: 'ten' }] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toMatchObject({
      loc: ['body', 'edits', 0, 'value'],
      msg: '"amount" holds numbers: "ten" is not one',
    });
    const badInt = await req('POST', `${url}/edits`, {
      edits: [
        { row: 0, column: 'name', value: 'fine' },
        { row: 1, column: 'id', value: '2.5' },
      ],
    });
    expect(badInt.statusCode).toBe(422);
    expect(badInt.json().detail[0].loc).toEqual(['body', 'edits', 1, 'value']);
    expect(
      (await req('POST', `${url}/edits`, { edits: [{ row: 9, column: 'name', value: 'x' }] })).statusCode,
    ).toBe(422);
    expect(
      (await req('POST', `${url}/edits`, { edits: [{ row: 0, column: 'nope', value: 'x' }] })).statusCode,
    ).toBe(422);
    expect(
      (await req('POST', `${url}/edits`, { edits: [{ row: 0, column: 'name', value: 'x' }] }, viewer))
        .statusCode,
    ).toBe(403);
    // nothing changed by the refused batches
    expect((await req('GET', `${url}/rows`)).json().rows[0].cells).toEqual(['1', 'Ada', '10.5']);

    const ok = await req('POST', `${url}/edits`, { edits: [{ row: 0, column: 'amount', value: '11' }] });
    expect(ok.statusCode).toBe(200);
    // a fill down: one batch
    await req('POST', `${url}/edits`, {
      edits: [1, 2, 3].map((row) => ({ row, column: 'name', value: 'Same' })),
    });
    let rows = (await req('GET', `${url}/rows`)).json().rows;
    expect(rows.map((r: { cells: string[] }) => r.cells)).toEqual([
      ['1', 'Ada', '11'],
      ['2', 'Same', '3'],
      ['3', 'Same', '7.25'],
      ['4', 'Same', '100'],
    ]);
    expect(rows[0].edited).toEqual([2]);
    // the edited value takes part in sort and filter
    const sorted = (await req('GET', `${url}/rows?sort=amount&dir=desc&filter=Same`)).json();
    expect(sorted.total).toBe(3);
    const log = (await req('GET', `${url}/edits?row=0&column=amount`)).json();
    expect(log.items).toMatchObject([
      { row: 0, column: 'amount', old_value: '10.5', new_value: '11', undone: false },
    ]);
    expect(log.items[0].edited_by).toBeTruthy();

    expect((await req('POST', `${url}/undo`)).json()).toEqual({ undone: 3 });
    rows = (await req('GET', `${url}/rows`)).json().rows;
    expect(rows.map((r: { cells: string[] }) => r.cells[1])).toEqual(['Ada', 'Grace', 'Linus', 'Barbara']);
    expect(rows[0].cells[2]).toBe('11');
  });

  it('exports a tab to CSV and XLSX equal to the grid (edits, sort and filter applied)', async () => {
    const url = `/api/workbooks/${wbId}/tabs/${importTab}`;
    const q = 'sort=amount&dir=desc&filter_column=name&filter=a';
    const grid = (await req('GET', `${url}/rows?${q}`)).json();
    const expected = [
      grid.columns.map((c: { name: string }) => c.name),
      ...grid.rows.map((r: { cells: string[] }) => r.cells),
    ];
    const csv = await req('GET', `${url}/export?format=csv&${q}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(parse(csv.body)).toEqual(expected);
    const xlsx = await req('GET', `${url}/export?format=xlsx&${q}`);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const got: string[][] = [];
    book.worksheets[0]!.eachRow((row) => {
      got.push(
        (row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))),
      );
    });
    expect(got).toEqual(expected.map((r: (string | null)[]) => r.map((v) => v ?? '')));
    expect((await req('GET', `${url}/export?format=pdf`)).statusCode).toBe(422);
  });

  it('a share link shows only its tabs, read-only, and stops when revoked or expired', async () => {
    const sheet = (await req('GET', `/api/workbooks/${wbId}/fields`)).json();
    expect(sheet.fields.length).toBe(3);
    const badTab = await req('POST', `/api/workbooks/${wbId}/shares`, { tabs: ['fields', 'nope'] });
    expect(badTab.statusCode).toBe(422);
    expect(badTab.json().detail[0].loc).toEqual(['body', 'tabs', 1]);
    const created = await req('POST', `/api/workbooks/${wbId}/shares`, {
      tabs: ['fields'],
      allow_feedback: true,
    });
    expect(created.statusCode).toBe(201);
    const { token, id: shareId } = created.json();
    expect(created.json().url).toContain('/workbook/customer-preview?token=');

    const info = await pub('GET', '/api/share/workbook', token);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      show_fields: true,
      tabs: [],
      allow_feedback: true,
      project_name: 'Payments',
    });
    expect((await pub('GET', '/api/share/fields', token)).json().fields).toHaveLength(3);
    // the import tab was not chosen: not found through this link
    expect((await pub('GET', `/api/share/tabs/${importTab}/rows`, token)).statusCode).toBe(404);
    // the customer may comment and approve (allowed), not propose
    const cc = await pub('POST', `/api/share/fields/${key('status')}/comments`, token, {
      author: 'Cora',
      body: 'OK',
    });
    expect(cc.statusCode).toBe(201);
    expect(
      (await pub('PUT', `/api/share/fields/${key('status')}/review`, token, { status: 'APPROVED' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await pub('PUT', `/api/share/fields/${key('status')}/review`, token, { status: 'PROPOSED' }))
        .statusCode,
    ).toBe(422);
    const after = (await req('GET', `/api/workbooks/${wbId}/fields`)).json();
    expect(after.fields.find((f: { target_field: string }) => f.target_field === 'status')).toMatchObject({
      review_status: 'APPROVED',
      review_updated_by: 'Customer',
      comment_count: 1,
    });
    // the token is not an API token, and an API token is not a share token
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/workbooks',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(401);
    expect((await pub('GET', '/api/share/workbook', u.token)).statusCode).toBe(401);
    expect((await pub('GET', '/api/share/workbook', `${token}x`)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/share/workbook' })).statusCode).toBe(401);

    // a read-only link: no feedback
    const ro = (await req('POST', `/api/workbooks/${wbId}/shares`, { tabs: [importTab] })).json();
    expect((await pub('GET', '/api/share/fields', ro.token)).statusCode).toBe(404);
    const rows = await pub('GET', `/api/share/tabs/${importTab}/rows`, ro.token);
    expect(rows.statusCode).toBe(200);
    expect(rows.json().columns.every((c: { editable: boolean }) => !c.editable)).toBe(true);
    expect(
      (await pub('POST', `/api/share/fields/${key('status')}/comments`, ro.token, { author: 'x', body: 'y' }))
        .statusCode,
    ).toBe(403);

    // another organization cannot revoke it; the owner can, and the link stops working
    expect(
      (await req('POST', `/api/workbooks/${wbId}/shares/${shareId}/revoke`, undefined, other)).statusCode,
    ).toBe(404);
    expect((await req('POST', `/api/workbooks/${wbId}/shares/${shareId}/revoke`)).statusCode).toBe(200);
    expect((await pub('GET', '/api/share/workbook', token)).statusCode).toBe(401);
    expect((await pub('GET', '/api/share/fields', token)).statusCode).toBe(401);

    // expired: the row's expiry ends it even while the signature holds
    await t.database.db
      .update(workbookShares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workbookShares.id, ro.id));
    expect((await pub('GET', `/api/share/tabs/${importTab}/rows`, ro.token)).statusCode).toBe(401);
  });

  it('a share link never reaches another workbook or organization', async () => {
    const mine = (await req('POST', `/api/workbooks/${wbId}/shares`, { tabs: ['fields', importTab] })).json();
    // another organization's workbook, with a tab of the same id shape
    const theirProject = (await req('POST', '/api/projects', { name: 'Theirs' }, other)).json().id;
    const theirs = (await req('POST', '/api/workbooks', { project_id: theirProject }, other)).json();
    const theirShare = (
      await req('POST', `/api/workbooks/${theirs.id}/shares`, { tabs: ['fields'] }, other)
    ).json();
    expect((await pub('GET', '/api/share/workbook', theirShare.token)).json().project_name).toBe('Theirs');
    expect((await pub('GET', '/api/share/workbook', mine.token)).json().project_name).toBe('Payments');
    // the link is bound to its workbook: a token naming its share with another workbook is refused
    const secret = new TextEncoder().encode('test-secret-test-secret-test-secret-42');
    const forged = await new SignJWT({ wb: theirs.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(mine.id)
      .setIssuer('mapwright')
      .setAudience('mapwright:workbook-share')
      .setExpirationTime('1h')
      .sign(secret);
    expect((await pub('GET', '/api/share/workbook', forged)).statusCode).toBe(401);
    // and a token signed with another secret is refused
    const foreign = await new SignJWT({ wb: wbId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(mine.id)
      .setIssuer('mapwright')
      .setAudience('mapwright:workbook-share')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    expect((await pub('GET', '/api/share/workbook', foreign)).statusCode).toBe(401);
    // a comment through the link lands on its own workbook only
    expect(
      (
        await pub(
          'GET',
          `/api/share/fields/${encodeURIComponent(`${pipelineId}:amount`)}/comments`,
          theirShare.token,
        )
      ).statusCode,
    ).toBe(404);
  });
});
