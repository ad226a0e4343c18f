import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, loginToNewOrganization, screenshot } from './helpers.ts';

/*
 * The organization's own data as a source and a destination: a Mapwright dataset source made
 * from an import (picked by name in the generated form), synced into a Mapwright dataset
 * destination with its rows counted, and the new dataset opened in the Data overview.
 */

const CITIES = 'city,country\nLyon,FR\nPorto,PT\nGhent,BE\n';

function peopleCsv() {
  const lines = ['id,name,city'];
  for (let i = 1; i <= 42; i++) lines.push(`${i},Person ${i},${i % 2 ? 'Lyon' : 'Porto'}`);
  return `${lines.join('\n')}\n`;
}

async function importCsv(page: Page, name: string, content: string) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const file = await (
    await page.request.post('/api/files', {
      headers,
      multipart: { file: { name, mimeType: 'text/csv', buffer: Buffer.from(content) } },
    })
  ).json();
  const imp = await (await page.request.post('/api/imports', { headers, data: { file_id: file.id } })).json();
  await expect
    .poll(async () => (await (await page.request.get(`/api/imports/${imp.id}`, { headers })).json()).status, {
      timeout: 20_000,
    })
    .toBe('succeeded');
}

test('an import synced into a Mapwright dataset, counted, then opened in Data', async ({ page }) => {
  test.setTimeout(90_000);
  await loginToNewOrganization(page);
  // two imports: the picker lists both by name (newest first)
  await importCsv(page, 'people.csv', peopleCsv());
  await importCsv(page, 'cities.csv', CITIES);

  // the destination first, so the sync form can pick it
  await page.goto('/destinations');
  await page.getByRole('button', { name: 'Connect Mapwright dataset' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('Connection name').fill('Workspace data');
  await dialog.getByLabel('Dataset name prefix').fill('Synced ');
  await screenshot(page, 'connectors-datasets-destination-form');
  await dialog.getByRole('button', { name: 'Save connection' }).click();
  await expect(page.getByRole('dialog', { name: 'Workspace data' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/sources');
  await expect(page.getByRole('button', { name: 'Connect Uploaded file' })).toBeVisible();
  await page.getByRole('button', { name: 'Connect Mapwright dataset' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Connection name').fill('People import');
  // nothing chosen for the user (the first dataset is not necessarily theirs to sync)
  const picker = dialog.getByRole('combobox', { name: /Dataset/ });
  await expect(picker).toHaveValue('');
  await expect(picker).toHaveAttribute('placeholder', 'Choose a dataset…');
  await dialog.getByRole('button', { name: 'Save connection' }).click();
  // under the select (rjsf keeps a hidden copy of the field's errors too)
  await expect(dialog.locator('p').filter({ hasText: /^Dataset is required$/ })).toBeVisible();
  await screenshot(page, 'connectors-datasets-required');
  // a select of the organization's datasets by name, not an id box
  await picker.click();
  await expect(page.getByRole('option')).toHaveText([
    'cities.csv (v1) (3 rows)',
    'people.csv (v1) (42 rows)',
  ]);
  await screenshot(page, 'connectors-datasets-picker');
  await page.getByRole('option', { name: 'people.csv (v1) (42 rows)' }).click();
  await expect(dialog.getByRole('combobox', { name: /Dataset/ })).toHaveValue('people.csv (v1) (42 rows)');
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByText('Connection works')).toBeVisible({ timeout: 15_000 });
  await screenshot(page, 'connectors-datasets-source-form');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Save connection' }).click();

  const drawer = page.getByRole('dialog', { name: 'People import' });
  // the saved setting reads as the dataset's name, not its id
  await expect(drawer.getByText('dataset=people.csv (v1) (42 rows)')).toBeVisible();
  await expect(drawer.getByRole('combobox', { name: 'Stream' })).toHaveValue('people_csv_v1', {
    timeout: 20_000,
  });
  await expect(
    drawer.getByRole('table', { name: 'Sample rows' }).getByText('Person 1', { exact: true }),
  ).toBeVisible();
  await drawer.getByRole('tab', { name: 'Syncs' }).click();
  await drawer.getByRole('button', { name: 'New sync' }).click();
  const form = page.getByRole('dialog', { name: 'New sync' });
  await form.getByRole('combobox', { name: 'Stream' }).click();
  await page.getByRole('option', { name: 'people_csv_v1' }).click();
  await form.getByRole('combobox', { name: 'Destination', exact: true }).click();
  await page.getByRole('option', { name: 'Workspace data' }).click();
  await form.getByLabel('Destination table').fill('people');
  // a dataset offers append and overwrite, no upsert
  await form.getByRole('combobox', { name: 'Write' }).click();
  await expect(page.getByRole('option', { name: 'Upsert by key' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Overwrite (atomic swap)' }).click();
  await screenshot(page, 'connectors-datasets-new-sync');
  await form.getByRole('button', { name: 'Create sync' }).click();

  await drawer.getByRole('button', { name: 'Run now' }).click();
  const history = drawer.getByRole('table', { name: 'Run history' });
  await expect(history.getByText('Succeeded')).toBeVisible({ timeout: 30_000 });
  await expect(history.getByRole('cell', { name: '42', exact: true }).first()).toBeVisible();
  await screenshot(page, 'connectors-datasets-sync-history');
  await expectNoSeriousA11yViolations(page);

  await page.goto('/data');
  await page.getByRole('button', { name: 'Synced people' }).click();
  const preview = page.getByRole('dialog', { name: 'Synced people' });
  await expect(preview.getByText('Person 1', { exact: true }).first()).toBeVisible({ timeout: 15_000 });
  await screenshot(page, 'connectors-datasets-data');
  await expectNoSeriousA11yViolations(page);
});
