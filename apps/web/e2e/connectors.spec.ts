import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import pg from 'pg';
import { expectNoSeriousA11yViolations, login, loginToNewOrganization, screenshot } from './helpers.ts';

/*
 * Sources and destinations: a PostgreSQL source and destination created through the forms
 * generated from the connector's JSON Schema, a connection test, stream discovery with sample
 * rows, a sync run with its rows counted, and the rows in the destination database.
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
    `create table orders (id integer primary key, customer text not null, total numeric(10,2), placed_at timestamptz not null);
     insert into orders select i, 'Customer ' || i, i * 1.5, timestamptz '2024-05-01' + (i || ' hours')::interval
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
