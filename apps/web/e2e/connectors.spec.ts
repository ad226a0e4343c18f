import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { expectNoSeriousA11yViolations, login, loginToNewOrganization, screenshot } from './helpers.ts';

/*
 * Sources and destinations: a PostgreSQL source and destination created through the forms
 * generated from the connector's JSON Schema, a connection test, stream discovery with sample
 * rows, a stream used as a pipeline input (an import), a sync run with its rows counted, a sync
 * through a pipeline's deployed mapper with the rejected records shown, and the rows in the
 * destination database.
 */

test.describe.configure({ mode: 'serial' });

const suffix = randomBytes(4).toString('hex');
const SRC = `mw_e2e_src_${suffix}`;
const DST = `mw_e2e_dst_${suffix}`;

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
  await sql('postgres', `create database ${SRC}`);
  await sql('postgres', `create database ${DST}`);
  await sql(
    SRC,
    // every tenth order has no customer: a pipeline that requires one rejects those 24
    `create table orders (id integer primary key, customer text, total numeric(10,2), placed_at timestamptz not null);
     insert into orders select i, case when i % 10 = 0 then null else 'Customer ' || i end, i * 1.5,
       timestamptz '2024-05-01' + (i || ' hours')::interval
       from generate_series(1, 240) i;`,
  );
});
test.afterAll(async () => {
  await sql('postgres', `drop database if exists ${SRC} with (force)`);
  await sql('postgres', `drop database if exists ${DST} with (force)`);
});

/** The tests share one new organization (a retry gets another): its lists start empty. */
let owner: { email: string; password: string } | undefined;
async function signIn(page: Page) {
  if (owner) await login(page, '', owner);
  else owner = await loginToNewOrganization(page);
}

async function connectPostgres(page: Page, name: string, database: string) {
  await page.getByRole('button', { name: 'Connect PostgreSQL' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Host')).toBeVisible();
  await dialog.getByLabel('Connection name').fill(name);
  await dialog.getByLabel('Host').fill('127.0.0.1');
  await dialog.getByLabel('Database').fill(database);
  await dialog.getByLabel('User').fill('postgres');
  await dialog.getByRole('textbox', { name: 'Password' }).fill('e2e-secret');
  return dialog;
}

test('sources: the catalogue and an empty list', async ({ page }) => {
  await signIn(page);
  await page.goto('/sources');
  await expect(page.getByRole('heading', { name: 'Sources', level: 1 })).toBeVisible();
  await expect(page.getByText('No sources yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect PostgreSQL' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect MySQL / MariaDB' })).toBeVisible();
  await screenshot(page, 'connectors-sources-empty');
  await expectNoSeriousA11yViolations(page);
});

test('a PostgreSQL source through the generated form: bad settings named, test, discover', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/sources');
  const dialog = await connectPostgres(page, 'Shop database', 'mw_e2e_no_such_db');
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByText('Connection failed')).toBeVisible();
  await expect(dialog.getByText(/database mw_e2e_no_such_db does not exist/).first()).toBeVisible();
  await screenshot(page, 'connectors-form-error');
  await dialog.getByLabel('Database').fill(SRC);
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByText('Connection works')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Save connection' }).click();

  // the drawer opens on the new connection: streams with schema and sample rows
  const drawer = page.getByRole('dialog', { name: 'Shop database' });
  await expect(drawer.getByText('password stored')).toBeVisible();
  await expect(drawer.getByRole('combobox', { name: 'Stream' })).toHaveValue('public.orders', {
    timeout: 20_000,
  });
  await expect(
    drawer.getByRole('table', { name: 'Sample rows' }).getByText('Customer 1', { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/connection=/);
  await screenshot(page, 'connectors-streams');
  await expectNoSeriousA11yViolations(page);
});

test('a PostgreSQL destination, then a sync from the source with its rows counted', async ({ page }) => {
  await signIn(page);
  await page.goto('/destinations');
  await expect(page.getByText('No destinations yet')).toBeVisible();
  const dialog = await connectPostgres(page, 'Warehouse', DST);
  await dialog.getByRole('button', { name: 'Save connection' }).click();
  await expect(page.getByRole('dialog', { name: 'Warehouse' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Warehouse' })).toBeVisible();
  await screenshot(page, 'connectors-destinations');

  await page.goto('/sources');
  await page.getByRole('button', { name: 'Shop database' }).click();
  const drawer = page.getByRole('dialog', { name: 'Shop database' });
  await drawer.getByRole('tab', { name: 'Syncs' }).click();
  await drawer.getByRole('button', { name: 'New sync' }).click();
  const form = page.getByRole('dialog', { name: 'New sync' });
  await form.getByRole('combobox', { name: 'Stream' }).click();
  await page.getByRole('option', { name: 'public.orders' }).click();
  await form.getByRole('combobox', { name: 'Destination', exact: true }).click();
  await page.getByRole('option', { name: 'Warehouse' }).click();
  await form.getByRole('combobox', { name: 'Write' }).click();
  await page.getByRole('option', { name: 'Upsert by key' }).click();
  await screenshot(page, 'connectors-new-sync');
  await form.getByRole('button', { name: 'Create sync' }).click();

  await expect(drawer.getByText('public.orders → orders').first()).toBeVisible();
  await expect(page).toHaveURL(/sync=/);
  await drawer.getByRole('button', { name: 'Run now' }).click();
  const history = drawer.getByRole('table', { name: 'Run history' });
  await expect(history.getByText('Succeeded')).toBeVisible({ timeout: 30_000 });
  await expect(history.getByRole('cell', { name: '240', exact: true }).first()).toBeVisible();
  await screenshot(page, 'connectors-sync-history');
  await expectNoSeriousA11yViolations(page);
  expect((await sql(DST, 'select count(*)::int as n from orders'))[0].n).toBe(240);

  // the list shows the last sync's status
  await page.keyboard.press('Escape');
  await expect(page.getByRole('row', { name: /Shop database/ }).getByText('Succeeded')).toBeVisible();
});

test('use as a pipeline input: the stream becomes an import', async ({ page }) => {
  await signIn(page);
  await page.goto('/sources');
  await page.getByRole('button', { name: 'Shop database' }).click();
  const drawer = page.getByRole('dialog', { name: 'Shop database' });
  await expect(drawer.getByRole('combobox', { name: 'Stream' })).toHaveValue('public.orders', {
    timeout: 20_000,
  });
  await screenshot(page, 'connectors-stream-input');
  await drawer.getByRole('button', { name: 'Use as a pipeline input' }).click();
  await expect(page).toHaveURL(/\/imports\/[0-9a-f-]{36}/, { timeout: 20_000 });
  await expect(page.getByText('public.orders from Shop database').first()).toBeVisible();
  await expect(page.getByText('240', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'connectors-stream-import');
  await expectNoSeriousA11yViolations(page);
});

test('a sync through a pipeline: rows counted, the rejected ones shown with the reason', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  // a pipeline whose deployed mapper requires a customer, through the API
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const post = async (url: string, data: unknown = {}) => {
    const res = await page.request.post(url, { headers, data });
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
    return res.json();
  };
  const pipeline = await post('/api/pipelines', {
    name: 'Orders with a customer',
    target_schema: {
      type: 'object',
      properties: { id: { type: 'integer' }, customer: { type: 'string' }, total: { type: 'string' } },
      required: ['id', 'customer'],
    },
  });
  await post(`/api/pipelines/${pipeline.id}/jobs`, { data: [{ id: 1, customer: 'A', total: '1.50' }] });
  const workshop = await post(`/api/pipelines/${pipeline.id}/workshops`);
  await post(`/api/workshops/${workshop.id}/deploy`);

  await page.goto('/sources');
  await page.getByRole('button', { name: 'Shop database' }).click();
  const drawer = page.getByRole('dialog', { name: 'Shop database' });
  await drawer.getByRole('tab', { name: 'Syncs' }).click();
  await drawer.getByRole('button', { name: 'New sync' }).click();
  const form = page.getByRole('dialog', { name: 'New sync' });
  await form.getByRole('combobox', { name: 'Stream' }).click();
  await page.getByRole('option', { name: 'public.orders' }).click();
  await form.getByRole('combobox', { name: 'Destination', exact: true }).click();
  await page.getByRole('option', { name: 'Warehouse' }).click();
  await form.getByRole('textbox', { name: 'Destination table' }).fill('orders_mapped');
  await form.getByRole('combobox', { name: 'Pipeline (optional)' }).click();
  await page.getByRole('option', { name: 'Orders with a customer' }).click();
  await form.getByRole('button', { name: 'Create sync' }).click();

  await expect(drawer.getByText('public.orders → orders_mapped').first()).toBeVisible();
  await drawer.getByRole('button', { name: 'Run now' }).click();
  const history = drawer.getByRole('table', { name: 'Run history' });
  await expect(history.getByText('Succeeded')).toBeVisible({ timeout: 30_000 });
  await expect(history.getByRole('cell', { name: '216', exact: true })).toBeVisible();
  await expect(history.getByRole('cell', { name: '24', exact: true })).toBeVisible();
  // every rejected record is kept (not only a sample), paged, and downloadable
  await history.getByText('Rejected records: 24').click();
  const rejected = drawer.getByRole('table', { name: 'Rejected records' });
  await expect(rejected.getByText(/"id":10,/)).toBeVisible();
  await expect(rejected.getByText('customer: is required').first()).toBeVisible();
  await expect(drawer.getByText('Records 1–20 of 24')).toBeVisible();
  await screenshot(page, 'connectors-sync-pipeline');
  await expectNoSeriousA11yViolations(page);
  await drawer.getByRole('button', { name: 'Next page' }).click();
  await expect(drawer.getByText('Records 21–24 of 24')).toBeVisible();
  await expect(rejected.getByText(/"id":240,/)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    drawer.getByRole('button', { name: /Download all/ }).click(),
  ]);
  const lines = (await readFile((await download.path())!, 'utf8')).trim().split('\n');
  expect(lines).toHaveLength(24);
  expect(JSON.parse(lines[0]!).record.id).toBe(10);
  await screenshot(page, 'connectors-sync-rejected-page-2');
  expect((await sql(DST, 'select count(*)::int as n from orders_mapped'))[0].n).toBe(216);
});
