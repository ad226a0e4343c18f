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
