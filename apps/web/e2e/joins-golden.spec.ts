import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, login, screenshot } from './helpers.ts';

/** Customers, two of them twice with another spelling; the cities they live in. */
const CUSTOMERS = [
  'customer_id,first_name,last_name,email,city',
  'C1,anna,meyer,anna.meyer@example.com,berlin',
  'C2,ANNA,meyer,anna.meyer@example.com,berlin',
  'C3,bruno,novak,bruno.novak@example.com,paris',
  'C4,carla,olsen,carla.olsen@example.com,madrid',
  'C5,carla,olsen,CARLA.OLSEN@example.com,madrid',
  'C6,dmitri,petrov,dmitri.petrov@example.com,rome',
  'C7,elena,quinn,elena.quinn@example.com,oslo',
  'C8,farid,rossi,farid.rossi@example.com,berlin',
];
const CITIES = ['city,country', 'berlin,DE', 'paris,FR', 'madrid,ES', 'rome,IT', 'oslo,NO'];

async function api(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return { Authorization: `Bearer ${token}` };
}

/** Uploads a CSV and imports it through the API, waiting until the import has succeeded. */
async function importCsv(page: Page, name: string, lines: string[]) {
  const headers = await api(page);
  const file = await (
    await page.request.post('/api/files', {
      headers,
      multipart: { file: { name, mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\n')}\n`) } },
    })
  ).json();
  const imp = await (await page.request.post('/api/imports', { headers, data: { file_id: file.id } })).json();
  await expect(async () => {
    const now = await (await page.request.get(`/api/imports/${imp.id}`, { headers })).json();
    expect(now.status).toBe('succeeded');
  }).toPass({ timeout: 30_000 });
  return { id: imp.id as string, name: imp.name as string };
}

test("join an entity resolution's golden records with an import, picked by the resolution's name", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page);
  const tag = Date.now().toString(36);
  const customers = await importCsv(page, `golden-customers-${tag}.csv`, CUSTOMERS);
  const cities = await importCsv(page, `golden-cities-${tag}.csv`, CITIES);
  const headers = await api(page);
  const resolutionName = `Customers deduped ${tag}`;
  const created = await (
    await page.request.post('/api/resolutions', {
      headers,
      data: { name: resolutionName, import_id: customers.id, id_column: 'customer_id' },
    })
  ).json();
  await expect(async () => {
    const r = await (await page.request.get(`/api/resolutions/${created.id}`, { headers })).json();
    expect(r.status).toBe('succeeded');
  }).toPass({ timeout: 60_000 });

  await page.goto('/joined_data');
  await page.getByRole('button', { name: 'New join' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New join' });
  await dialog.getByLabel('Name').fill(`Golden customers ${tag}`);
  await dialog.getByRole('combobox', { name: 'Left dataset' }).click();
  // the resolution's two outputs are offered under its name
  await expect(
    page.getByRole('option', { name: `${resolutionName} (records with cluster id)`, exact: false }),
  ).toBeVisible();
  await page.getByRole('option', { name: `${resolutionName} (golden records)`, exact: false }).click();
  await dialog.getByRole('combobox', { name: 'Right dataset' }).click();
  await page.getByRole('option', { name: new RegExp(cities.name.replace(/[().]/g, '\\$&')) }).click();
  await screenshot(page, 'joins-golden-new');
  await dialog.getByRole('button', { name: 'Create and choose keys' }).click();

  await expect(page.getByRole('heading', { name: `Golden customers ${tag}` })).toBeVisible();
  const use = page.getByRole('button', { name: 'Use city and city' });
  await expect(use).toBeVisible({ timeout: 15_000 });
  await use.click();
  await page.getByRole('button', { name: 'Save and preview' }).click();
  await expect(page.getByRole('heading', { name: 'Preview' })).toBeVisible();
  await screenshot(page, 'joins-golden-preview');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Run join' }).click();
  await expect(page.getByText('Succeeded')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Open joined data' }).click();
  // one row per entity: anna (C1 and C2) once, with her country
  const anna = page.getByRole('row', { name: /anna/ });
  await expect(anna).toHaveCount(1);
  await expect(anna).toContainText('DE');
  await screenshot(page, 'joins-golden-joined-data');
  await expectNoSeriousA11yViolations(page);
});
