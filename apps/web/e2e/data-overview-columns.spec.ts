import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, loginToNewOrganization, screenshot } from './helpers.ts';

/*
 * A JSON import is stored as a `records` dataset (a `line` and a JSON `record` per row): the Data
 * overview names the fields its records hold, never those two storage columns.
 */

const PEOPLE = JSON.stringify([
  { id: 1, name: 'Ada', city: 'Lyon', tags: ['a'] },
  { id: 2, name: 'Bob', city: 'Porto' },
  { id: 3, name: 'Cy', email: 'cy@example.com' },
]);

test('a records dataset shows its records’ fields in the Data overview', async ({ page }) => {
  test.setTimeout(60_000);
  await loginToNewOrganization(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const file = await (
    await page.request.post('/api/files', {
      headers,
      multipart: { file: { name: 'people.json', mimeType: 'application/json', buffer: Buffer.from(PEOPLE) } },
    })
  ).json();
  const imp = await (await page.request.post('/api/imports', { headers, data: { file_id: file.id } })).json();
  await expect
    .poll(async () => (await (await page.request.get(`/api/imports/${imp.id}`, { headers })).json()).status, {
      timeout: 20_000,
    })
    .toBe('succeeded');

  await page.goto('/data');
  const row = page.getByRole('row', { name: /people\.json/ });
  await expect(row.getByText('5 columns: id, name, city, tags, email')).toBeVisible();
  await expect(row.getByText(/\bline\b|\brecord\b/)).toHaveCount(0);
  await screenshot(page, 'data-overview-columns');
  await expectNoSeriousA11yViolations(page);

  await row.getByRole('button', { name: /people\.json/ }).click();
  const drawer = page.getByRole('dialog', { name: /people\.json/ });
  await expect(drawer.getByText('3 rows · 5 columns')).toBeVisible();
  await drawer.getByRole('tab', { name: 'Schema' }).click();
  await expect(drawer.getByRole('cell', { name: 'email' })).toBeVisible();
  await expect(drawer.getByRole('cell', { name: 'record', exact: true })).toHaveCount(0);
  await screenshot(page, 'data-overview-columns-schema');
});

/*
 * A job's result is stored as a `json` dataset (index, valid, mapped_record, message, dropped):
 * the Data overview names the mapped records' fields, the pipeline's target schema's.
 */
test('a result dataset shows its mapped records’ fields in the Data overview', async ({ page }) => {
  test.setTimeout(60_000);
  await loginToNewOrganization(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const target_schema = {
    type: 'object',
    properties: { full_name: { type: 'string' }, age: { type: 'integer' } },
    required: ['full_name'],
  };
  const pipeline = await (
    await page.request.post('/api/pipelines', { headers, data: { name: 'Members', target_schema } })
  ).json();
  const job = await (
    await page.request.post(`/api/pipelines/${pipeline.id}/jobs`, {
      headers,
      data: {
        data: [
          { full_name: 'Ada', age: 36 },
          { full_name: 'Bob', age: 41 },
        ],
      },
    })
  ).json();
  const run = await (
    await page.request.post(`/api/jobs/${job.id}/run?immediate_return=true`, { headers })
  ).json();
  await expect
    .poll(async () => (await (await page.request.get(`/api/results/${run.id}`, { headers })).json()).status, {
      timeout: 20_000,
    })
    .not.toMatch(/^(queued|running|created)$/);

  await page.goto('/data');
  const row = page.getByRole('row', { name: /Members · result/ });
  await expect(row.getByText('2 columns: full_name, age')).toBeVisible();
  await expect(row.getByText(/mapped_record|\bvalid\b|\bmessage\b|\bdropped\b/)).toHaveCount(0);
  await screenshot(page, 'data-overview-result-columns');

  await row.getByRole('button', { name: /Members · result/ }).click();
  const drawer = page.getByRole('dialog', { name: /Members · result/ });
  await expect(drawer.getByText('2 rows · 2 columns')).toBeVisible();
  await drawer.getByRole('tab', { name: 'Schema' }).click();
  await expect(drawer.getByRole('cell', { name: 'full_name' })).toBeVisible();
  await expect(drawer.getByRole('cell', { name: 'mapped_record' })).toHaveCount(0);
  await screenshot(page, 'data-overview-result-columns-schema');
});
