import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, login, screenshot } from './helpers.ts';

const COUNTRIES = ['Germany', 'germany', 'DE', 'Deutschland', 'France', 'FR', 'Spain', 'España'];
const DATES = ['14/10/2023', 'Sep 7 2023', '2023-10-05'];
/** A messy CRM export: three date formats, countries spelled many ways, a repeated row. */
function messyCsv() {
  const lines = ['id,email,country,signed_up,amount'];
  for (let i = 1; i <= 60; i++)
    lines.push(`${i},p${i}@example.com,${COUNTRIES[i % COUNTRIES.length]},${DATES[i % 3]},€${i}.50`);
  lines.push(lines[7]!);
  return `${lines.join('\n')}\n`;
}

test('the import profile warns about mixed formats, spellings and duplicates, and lists values', async ({
  page,
}) => {
  await login(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const file = await (
    await page.request.post('/api/files', {
      headers,
      multipart: { file: { name: 'crm.csv', mimeType: 'text/csv', buffer: Buffer.from(messyCsv()) } },
    })
  ).json();
  const imp = await (await page.request.post('/api/imports', { headers, data: { file_id: file.id } })).json();
  await page.goto(`/imports/${imp.id}`);
  await page.getByRole('tab', { name: /Columns/ }).click();

  await expect(page.getByText('Duplicate rows')).toBeVisible();
  await expect(page.getByText('1 row repeats another row exactly: lines 8, 62.')).toBeVisible();
  const date = page.getByTestId('column-signed_up');
  await expect(date).toContainText('3 ways of writing it: like');
  await expect(date).toContainText('like Sep 7 2023 (21)');
  const country = page.getByTestId('column-country');
  await expect(country).toContainText('country');
  await expect(country).toContainText(/spelled several ways: .*“DE”/);
  await screenshot(page, 'import-profile-columns');

  await country.getByRole('button', { name: 'Values' }).click();
  const values = page.getByRole('table', { name: 'Values of country' });
  await expect(values.getByRole('row')).toHaveCount(9);
  await page.getByLabel('Search values').fill('germ');
  await expect(values.getByRole('row')).toHaveCount(3);
  await expect(values).toContainText('Germany');
  await screenshot(page, 'import-profile-values');
  await expectNoSeriousA11yViolations(page);
});
