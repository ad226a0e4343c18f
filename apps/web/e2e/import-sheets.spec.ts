import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectNoSeriousA11yViolations, login, screenshot } from './helpers.ts';

/** A workbook whose first sheet is a cover page: importing it by default would be wrong. */
async function workbook() {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Cover').addRow(['Quarterly orders, prepared by finance']);
  const orders = wb.addWorksheet('Orders');
  orders.addRow(['order', 'customer', 'total']);
  for (let i = 1; i <= 12; i++) orders.addRow([`A-${i}`, `Customer ${i}`, i * 10.5]);
  const returns = wb.addWorksheet('Returns');
  returns.addRow(['order', 'reason']);
  returns.addRow(['A-2', 'damaged']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test('a workbook of several sheets: the new import asks which sheet and imports that one', async ({
  page,
}) => {
  await login(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const name = `orders-${Date.now().toString(36)}.xlsx`;
  const uploaded = await page.request.post('/api/files', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      file: {
        name,
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await workbook(),
      },
    },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);

  await page.goto('/imports');
  await page.getByRole('button', { name: 'New import' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New import' });
  await dialog.getByRole('combobox', { name: 'File' }).fill(name);
  await page.getByRole('option', { name }).click();

  // the workbook's sheets with their rows; none is picked for the user
  const sheet = dialog.getByRole('combobox', { name: 'Sheet' });
  await expect(sheet).toBeVisible();
  await expect(dialog.getByText('This workbook has 3 sheets')).toBeVisible();
  await sheet.click();
  await expect(page.getByRole('option', { name: 'Cover · 1 row' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Returns · 2 rows' })).toBeVisible();
  await page.waitForTimeout(300); // the dropdown's opening transition
  await screenshot(page, 'import-sheets-picker');
  await page.keyboard.press('Escape');
  // starting without a sheet is refused with the reason, nothing is imported
  await dialog.getByRole('button', { name: 'Start import' }).click();
  await expect(dialog.getByText('Pick one of the 3 sheets of this workbook')).toBeVisible();
  await expect(dialog).toBeVisible();
  await screenshot(page, 'import-sheets-required');
  await sheet.click();
  await page.getByRole('option', { name: 'Orders · 13 rows' }).click();
  await expect(sheet).toHaveValue('Orders · 13 rows');
  await expect(dialog.getByText('Pick one of the 3 sheets of this workbook')).toBeHidden();
  await expectNoSeriousA11yViolations(page);

  await dialog.getByRole('button', { name: 'Start import' }).click();
  await expect(page).toHaveURL(/\/imports\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Succeeded', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('12 rows').first()).toBeVisible();
  await expect(page.getByText('Customer 7').first()).toBeVisible();
  await screenshot(page, 'import-sheets-imported');

  // an import made without naming a sheet (a file's Import button, the API) says the first was taken
  const file = (await uploaded.json()) as { id: string };
  const direct = await page.request.post('/api/imports', {
    headers: { Authorization: `Bearer ${token}` },
    data: { file_id: file.id },
  });
  await page.goto(`/imports/${(await direct.json()).id}`);
  await expect(page.getByText('Succeeded', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByText('This workbook has 3 sheets and none was named, so the first was imported'),
  ).toBeVisible();
  await expect(
    page.getByRole('textbox', { name: 'Sheet' }).or(page.getByRole('combobox', { name: 'Sheet' })),
  ).toHaveValue('Cover');
  await screenshot(page, 'import-sheets-first-by-default');
});
