import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { expectNoSeriousA11yViolations, loginToNewOrganization, screenshot } from './helpers.ts';

/*
 * Flows (issue 19), in a new organization: an uploaded CSV import → a pipeline's deployed mapper
 * → validation against the pipeline's schema → a PostgreSQL destination on the machine's server,
 * built on the canvas; a run with a write preview watched on the Gantt, approved, the rows in the
 * database; a re-run from the map step that reuses the source's output.
 */

const DB = `mw_e2e_flow_${randomBytes(4).toString('hex')}`;
async function sql(database: string, text: string) {
  const c = new pg.Client({ host: '127.0.0.1', user: 'postgres', database });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}
test.beforeAll(async () => {
  await sql('postgres', `create database ${DB}`);
});
test.afterAll(async () => {
  await sql('postgres', `drop database if exists ${DB} with (force)`);
});

let pageErrors: string[] = [];
test.beforeEach(async ({ page }) => {
  pageErrors = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
});
test.afterEach(() => expect(pageErrors).toEqual([]));

// two rows fail the schema (no email; an amount that is not a number) and go out on `rejected`
const CUSTOMERS = [
  'id,name,email,amount',
  'c1,Ada Lovelace,ada@example.com,12.5',
  'c2,Grace Hopper,grace@example.com,40',
  'c3,Alan Turing,,7',
  'c4,Edsger Dijkstra,edsger@example.com,3',
  'c5,Barbara Liskov,barbara@example.com,lots',
];
const SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    email: { type: 'string', minLength: 3 },
    amount: { type: 'number' },
  },
  required: ['id', 'name', 'email', 'amount'],
};

async function api(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  return async (
    method: 'GET' | 'POST',
    url: string,
    data?: unknown,
    multipart?: Parameters<Page['request']['post']>[1],
  ) => {
    const res =
      method === 'GET'
        ? await page.request.get(url, { headers })
        : await page.request.post(url, { headers, ...(multipart ?? { data: data ?? {} }) });
    expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
    return res.json();
  };
}

/** What the flow reads, maps with and writes to, made through the API (their own screens have their own specs). */
async function seed(page: Page) {
  const call = await api(page);
  const file = await call('POST', '/api/files', undefined, {
    multipart: {
      file: { name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(`${CUSTOMERS.join('\n')}\n`) },
    },
  });
  const imp = await call('POST', '/api/imports', { file_id: file.id });
  await expect(async () =>
    expect((await call('GET', `/api/imports/${imp.id}`)).status).toBe('succeeded'),
  ).toPass({
    timeout: 30_000,
  });
  const pipeline = await call('POST', '/api/pipelines', { name: 'Customers', target_schema: SCHEMA });
  await call('POST', `/api/pipelines/${pipeline.id}/jobs`, {
    data: [{ id: 'x1', name: 'Sample', email: 'x@example.com', amount: '1' }],
  });
  const workshop = await call('POST', `/api/pipelines/${pipeline.id}/workshops`);
  await call('POST', `/api/workshops/${workshop.id}/deploy`);
  const connection = await call('POST', '/api/connections', {
    type: 'postgres',
    name: 'Warehouse',
    role: 'destination',
    settings: { host: '127.0.0.1', port: 5432, database: DB, user: 'postgres', password: 'e2e-secret' },
  });
  return {
    importName: imp.name as string,
    ids: {
      import: imp.id,
      pipeline: pipeline.id,
      schema: pipeline.target_schema_id,
      connection: connection.id,
    },
  };
}

async function pick(page: Page, label: string, option: RegExp | string) {
  await page
    .getByRole('textbox', { name: label })
    .or(page.getByRole('combobox', { name: label }))
    .first()
    .click();
  await page.getByRole('option', { name: option }).first().click();
}

test('build a flow on the canvas, run it with a write preview, approve, re-run from the map step', async ({
  page,
}) => {
  test.setTimeout(180_000);
  page.setDefaultTimeout(20_000);
  await loginToNewOrganization(page);

  // an empty list first
  await page.goto('/flows');
  await expect(page.getByRole('heading', { name: 'Flows', level: 1 })).toBeVisible();
  await expect(page.getByText('No flows yet')).toBeVisible();
  await screenshot(page, 'flows-empty');
  await expectNoSeriousA11yViolations(page);

  const { importName } = await seed(page);
  await page.getByRole('button', { name: 'New flow' }).first().click();
  await expect(page.getByTestId('flow-canvas')).toBeVisible();
  await expect(page.getByText('Start with a source from the palette')).toBeVisible();
  const palette = page.getByRole('complementary', { name: 'Step palette' });
  const panel = page.locator('aside').last();

  // source: the uploaded import
  await palette.getByRole('button', { name: /Add Source/ }).click();
  await pick(page, 'Import', new RegExp(importName.replace(/[().]/g, '\\$&')));
  // map without a pipeline yet: the save is refused on that step, in red, with the reason
  await palette.getByRole('button', { name: /Add Map/ }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toBeVisible();
  await expect(panel.getByText('The server refused this step')).toBeVisible();
  await screenshot(page, 'flows-editor-refused');
  await pick(page, 'Pipeline', /Customers · mapper v1/);
  // validate against the pipeline's schema; the destination follows it
  await palette.getByRole('button', { name: /Add Validate/ }).click();
  await pick(page, 'Target schema', /Customers/);
  await palette.getByRole('button', { name: /Add Destination/ }).click();
  await pick(page, 'Connection', /Warehouse/);
  await panel.getByLabel('Table').fill('customers');
  await pick(page, 'Write mode', 'Upsert by key');
  await panel.getByLabel('Key', { exact: true }).fill('id');
  await panel.getByLabel('Key', { exact: true }).press('Enter');
  await panel.getByLabel('Key', { exact: true }).press('Escape');
  await panel.getByRole('switch', { name: 'Preview before writing' }).check();
  await expect(page.locator('.react-flow__edge')).toHaveCount(3);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved as version 2')).toBeVisible();
  await page.getByRole('button', { name: 'Tidy up' }).click();
  await screenshot(page, 'flows-editor');
  await expectNoSeriousA11yViolations(page);

  // run with a preview: the Gantt fills in, then the run stops before writing
  await page.getByRole('button', { name: 'Run with preview' }).click();
  await expect(page).toHaveURL(/\/flows\/[^/]+\/run\/[^/]+$/);
  const gantt = page.getByRole('list', { name: 'Steps over time' });
  await expect(gantt.getByRole('button')).toHaveCount(4);
  await expect(gantt.getByRole('button', { name: /^Source ?: succeeded/ })).toBeVisible({ timeout: 60_000 });
  await screenshot(page, 'flows-run-live');
  await expect(page.getByText(/Write preview: Destination waits for approval/)).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('preview-inserted')).toHaveText('3');
  await expect(page.getByTestId('preview-rejected')).toHaveText('0');
  // rows counted on every edge: 5 read and mapped, 3 valid (2 rejected by the schema)
  await expect(page.getByTestId('run-canvas').locator('.react-flow__edgelabel-renderer > div')).toHaveText([
    '5 rows',
    '5 rows',
    '3 rows',
  ]);
  await screenshot(page, 'flows-run-preview');
  await expectNoSeriousA11yViolations(page);
  expect(
    await sql(DB, `select count(*)::int as n from information_schema.tables where table_name = 'customers'`),
  ).toEqual([{ n: 0 }]);
  await page.getByRole('button', { name: 'Approve and write' }).click();
  await expect(page.getByText('succeeded').first()).toBeVisible({ timeout: 60_000 });
  await expect(gantt.getByRole('button', { name: /^Destination ?: succeeded/ })).toBeVisible();
  expect(await sql(DB, 'select id from customers order by id')).toEqual([
    { id: 'c1' },
    { id: 'c2' },
    { id: 'c4' },
  ]);

  // the validate step: 2 rejected, reconciled, a sample of its rejected rows
  await gantt.getByRole('button', { name: /^Validate ?:/ }).click();
  await expect(page.getByText('yes: in = out + rejected')).toBeVisible();
  await screenshot(page, 'flows-run-done');

  // re-run from the map step: the source is reused, the preview now finds nothing new
  const firstRun = page.url();
  firstFlowUrl = firstRun.replace(/\/run\/.*$/, '');
  await gantt.getByRole('button', { name: /^Map ?:/ }).click();
  await page.getByRole('button', { name: 'Re-run from this step' }).click();
  await expect(page).not.toHaveURL(firstRun);
  await expect(gantt.getByRole('button', { name: /^Source ?: reused/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Write preview: Destination waits for approval/)).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('preview-unchanged')).toHaveText('3');
  await expect(page.getByTestId('preview-inserted')).toHaveText('0');
  await screenshot(page, 'flows-rerun-preview');
  await page.getByRole('button', { name: 'Approve and write' }).click();
  await expect(gantt.getByRole('button', { name: /^Destination ?: succeeded/ })).toBeVisible({
    timeout: 60_000,
  });
  expect(await sql(DB, 'select count(*)::int as n from customers')).toEqual([{ n: 3 }]);

  // one step alone on the inputs it had in that run: validate again, the same 3 + 2
  const rerun = page.url();
  await gantt.getByRole('button', { name: /^Validate ?:/ }).click();
  await page.getByRole('button', { name: 'Run this step' }).click();
  await expect(page).not.toHaveURL(rerun);
  await expect(gantt.getByRole('button', { name: /^Validate ?: succeeded/ })).toBeVisible({
    timeout: 30_000,
  });
  await gantt.getByRole('button', { name: /^Validate ?:/ }).click();
  await expect(page.getByRole('table', { name: 'Counts of Validate' })).toContainText('Rows out3Rejected2');
  await screenshot(page, 'flows-run-one-step');

  // a schedule from the editor's presets, switched on; the list says it in words
  await page
    .getByRole('link', { name: /^Flow / })
    .first()
    .click();
  await page.getByRole('button', { name: 'Daily at 06:00' }).click();
  await expect(page.getByText('At 06:00', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('Schedule saved')).toBeVisible();
  await page.getByRole('switch', { name: /Off: runs only by hand/ }).click();
  await expect(page.getByText('Active: runs on its schedule')).toBeVisible();
  await page.goto('/flows');
  await expect(page.getByRole('link', { name: /Last run of .*: succeeded/ })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'At 06:00 (UTC)' })).toBeVisible();
  await expect(page.getByRole('switch', { name: /^Active: / })).toBeChecked();
  await screenshot(page, 'flows-list');
  await expectNoSeriousA11yViolations(page);
});

/** The first test's flow: another organization's, for the second test. */
let firstFlowUrl: string | undefined;

test('a destination that fails: its error on the step, retry the failed step once the table is fixed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(20_000);
  await loginToNewOrganization(page);
  const { ids } = await seed(page);
  // a table whose id column cannot hold the ids: the write fails
  await sql(
    DB,
    'create table if not exists orders_bad (id integer primary key, name text, email text, amount numeric)',
  );
  const call = await api(page);
  const at = (y: number) => ({ x: 0, y });
  const flow = await call('POST', '/api/flows', {
    name: 'Into a bad table',
    steps: [
      {
        id: 'source',
        kind: 'source',
        name: 'Source',
        config: { input: { kind: 'import', id: ids.import } },
        position: at(0),
      },
      { id: 'map', kind: 'map', name: 'Map', config: { pipeline_id: ids.pipeline }, position: at(150) },
      {
        id: 'validate',
        kind: 'validate',
        name: 'Validate',
        config: { target_schema_id: ids.schema },
        position: at(300),
      },
      {
        id: 'dest',
        kind: 'destination',
        name: 'Warehouse',
        config: { connection_id: ids.connection, stream: 'orders_bad', write_mode: 'append' },
        position: at(450),
      },
    ],
    edges: [
      { from: 'source', to: 'map' },
      { from: 'map', to: 'validate' },
      { from: 'validate', to: 'dest' },
    ],
  });
  await page.goto(`/flows/${flow.id}`);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const gantt = page.getByRole('list', { name: 'Steps over time' });
  await expect(gantt.getByRole('button', { name: /^Warehouse ?: failed/ })).toBeVisible({ timeout: 60_000 });
  await gantt.getByRole('button', { name: /^Warehouse ?:/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: /error/i }).first()).toBeVisible();
  await screenshot(page, 'flows-run-failed');
  await expectNoSeriousA11yViolations(page);

  // another organization's flow is not found here
  if (firstFlowUrl) {
    await page.goto(firstFlowUrl);
    await expect(page.getByText('404 · Page not found')).toBeVisible();
    await page.goBack();
  }

  await sql(DB, 'drop table orders_bad');
  const failedRun = page.url();
  await page.getByRole('button', { name: 'Retry failed steps' }).click();
  await expect(page).not.toHaveURL(failedRun);
  await expect(gantt.getByRole('button', { name: /^Source ?: reused/ })).toBeVisible({ timeout: 30_000 });
  await expect(gantt.getByRole('button', { name: /^Warehouse ?: succeeded/ })).toBeVisible({
    timeout: 60_000,
  });
  expect(await sql(DB, 'select count(*)::int as n from orders_bad')).toEqual([{ n: 3 }]);
});
