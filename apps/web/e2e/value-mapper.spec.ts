import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectNoSeriousA11yViolations, login, screenshot } from './helpers.ts';

const SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    country: { type: 'string', enum: ['United States', 'United Kingdom', 'Germany', 'France'] },
  },
  required: ['name'],
};
const RECORDS = [
  { name: 'Ada', country: 'united states' },
  { name: 'Alan', country: 'Blighty' },
  { name: 'Grace', country: 'Germny' },
  { name: 'Tim', country: 'Blighty' },
  { name: 'Edsger', country: 'Narnia' },
];

test('the Excel value-mapper maps a real XLSX of value tables onto a pipeline; a re-run job uses the lookups', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page);
  await page.evaluate(() => localStorage.setItem('demos', JSON.stringify({ avionteExcel: true })));
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const api = page.request;
  const pipeline = await (
    await api.post('/api/pipelines', {
      headers,
      data: { name: 'Country values', description: '', target_schema: SCHEMA },
    })
  ).json();
  const job = await (
    await api.post(`/api/pipelines/${pipeline.id}/jobs`, { headers, data: { data: RECORDS } })
  ).json();
  const workshop = await (await api.post(`/api/jobs/${job.id}/workshops`, { headers })).json();
  await expect(async () => {
    expect((await api.post(`/api/workshops/${workshop.id}/deploy`, { headers })).status()).toBe(200);
  }).toPass({ timeout: 30_000 });

  // a real workbook: one sheet of value tables, source in A, target in B
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('country');
  ws.addRow(['Source', 'Target']);
  ws.addRow(['Blighty', 'United Kingdom']);
  const file = join(mkdtempSync(join(tmpdir(), 'mw-e2e-')), 'country-values.xlsx');
  await wb.xlsx.writeFile(file);

  await page.goto(`/pipelines/${pipeline.id}?tab=values`);
  await page.getByRole('combobox', { name: 'Target field' }).click();
  await page.getByRole('option', { name: 'country' }).click();
  await page.locator('input[type=file]').setInputFiles(file);
  await expect(page.getByText(/Workbook: country-values\.xlsx/)).toBeVisible();
  await page.getByRole('button', { name: 'Suggest values' }).click();
  const grid = page.getByRole('table', { name: 'Value map' });
  await expect(grid.getByLabel('Target value for Blighty')).toHaveValue('United Kingdom');
  await expect(grid.getByRole('row', { name: /Blighty/ })).toContainText('given by the user');
  await expect(grid.getByLabel('Target value for Germny')).toHaveValue('Germany');
  await expect(grid.getByLabel('Target value for united states')).toHaveValue('United States');
  await expect(page.getByText('Narnia (1 record)')).toBeVisible();
  await screenshot(page, 'value-mapper');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Apply as lookups' }).click();
  await expect(page.getByText(/Mapper version \d+ maps country/)).toBeVisible();

  const result = await (await api.post(`/api/jobs/${job.id}/run?immediate_return=false`, { headers })).json();
  const mapped = await (
    await api.get(`/api/results/${result.id}/mappings?page=1&size=50`, { headers })
  ).json();
  const countries = (mapped.items ?? mapped).map(
    (m: { mapped_record: { country?: string } }) => m.mapped_record.country,
  );
  expect(countries).toEqual(['United States', 'United Kingdom', 'Germany', 'United Kingdom', 'Narnia']);
});
