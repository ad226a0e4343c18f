import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, login, screenshot } from './helpers.ts';

const CUSTOMERS = [
  'id,company,city',
  '1,ACME Corp.,Berlin',
  '2,Globex Inc,Springfield',
  '3,Initech LLC,Austin',
  '4,Umbrella plc,London',
  '5,Acme,Paris',
];
const SUPPLIERS = [
  'supplier_id,company_name,rating',
  'S1,Acme Corporation,A',
  'S2,Globex,B',
  'S3,Initech,A',
  'S4,Acne Studios,C',
  'S5,Hooli,B',
];

/** Uploads a CSV and imports it through the API, waiting until the import has succeeded. */
async function importCsv(page: Page, name: string, lines: string[]) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
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
  return imp.name as string;
}

test('join two imports on a fuzzy company key from the suggestions, preview, run, open the joined data', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page);
  const tag = Date.now().toString(36);
  const left = await importCsv(page, `customers-${tag}.csv`, CUSTOMERS);
  const right = await importCsv(page, `suppliers-${tag}.csv`, SUPPLIERS);
  // a pipeline to run on the joined data at the end
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const pipelineName = `Joined companies ${tag}`;
  const created = await page.request.post('/api/pipelines', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name: pipelineName,
      target_schema: {
        type: 'object',
        properties: { company: { type: 'string' }, region: { type: 'string' } },
      },
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/joined_data');
  await expect(page.getByRole('heading', { name: 'Joined data' })).toBeVisible();
  await page.getByRole('button', { name: 'New join' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New join' });
  await dialog.getByLabel('Name').fill(`Customers and suppliers ${tag}`);
  await dialog.getByRole('combobox', { name: 'Left dataset' }).click();
  await page.getByRole('option', { name: new RegExp(left.replace(/[().]/g, '\\$&')) }).click();
  await dialog.getByRole('combobox', { name: 'Right dataset' }).click();
  await page.getByRole('option', { name: new RegExp(right.replace(/[().]/g, '\\$&')) }).click();
  await screenshot(page, 'joins-new');
  await dialog.getByRole('button', { name: 'Create and choose keys' }).click();

  // the builder: the suggested fuzzy key with its expected match rate
  await expect(page.getByRole('heading', { name: `Customers and suppliers ${tag}` })).toBeVisible();
  const use = page.getByRole('button', { name: 'Use company and company_name' });
  await expect(use).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('row', { name: /company company_name Fuzzy/ })).toBeVisible();
  await use.click();
  await page.getByRole('button', { name: 'Save and preview' }).click();
  await expect(page.getByRole('heading', { name: 'Preview' })).toBeVisible();
  await expect(page.getByText('Matched left rows', { exact: true }).locator('..')).toContainText('4 / 5');
  await expect(page.getByRole('cell', { name: 'Acme Corporation' }).first()).toBeVisible();
  await screenshot(page, 'joins-builder-preview');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Run join' }).click();
  await expect(page.getByRole('heading', { name: /^Run of / })).toBeVisible();
  await expect(page.getByText('Succeeded')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Joined rows', { exact: true }).locator('..')).toContainText('5');
  await screenshot(page, 'joins-task');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Open joined data' }).click();
  const row = page.getByRole('row', { name: /ACME Corp\./ });
  await expect(row).toContainText('Acme Corporation');
  await expect(row).toContainText('Matched');
  await expect(page.getByRole('row', { name: /Umbrella plc/ })).toContainText('Left only');
  await screenshot(page, 'joins-joined-data');
  await expectNoSeriousA11yViolations(page);

  // the joined data as a pipeline's input: a job on it, opened on the job page
  const joinedUrl = page.url();
  await page.getByRole('combobox', { name: 'Use as a pipeline input' }).click();
  await page.getByRole('option', { name: pipelineName }).click();
  await page.getByRole('button', { name: 'Run a job' }).click();
  await expect(page).toHaveURL(/\/job\?id=/);
  await expect(page.getByText(pipelineName).first()).toBeVisible();
  await screenshot(page, 'joins-pipeline-job');
  await page.goto(joinedUrl);

  // one side of the join: its columns, the key marked
  await page.getByRole('link', { name: `Customers and suppliers ${tag}` }).click();
  await page.getByRole('link', { name: right }).click();
  await expect(page.getByRole('row', { name: /company_name.*join key/ })).toBeVisible();
  await screenshot(page, 'joins-node');
  await expectNoSeriousA11yViolations(page);

  await page.goto('/joined_data');
  await expect(page.getByRole('link', { name: `Customers and suppliers ${tag}`, exact: true })).toBeVisible();
  await screenshot(page, 'joins-list');
  await expectNoSeriousA11yViolations(page);
});
