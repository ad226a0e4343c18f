import { expect, type Page, test } from '@playwright/test';
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
  // the new URL can come a render before the page: the list's badges would still be there
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(name.replace('.', '\\.')) }),
  ).toBeVisible();
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

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The API as the signed-in user, for setting up what a test starts from. */
async function api(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  return {
    post: async (url: string, data: object) => {
      const res = await page.request.post(`/api${url}`, { headers, data });
      expect(res.ok(), await res.text()).toBe(true);
      return res.json();
    },
    get: async (url: string) => (await page.request.get(`/api${url}`, { headers })).json(),
    upload: async (url: string, name: string) => {
      const res = await page.request.post(`/api${url}`, {
        headers,
        multipart: { file: { name, mimeType: XLSX, buffer: await workbook() } },
      });
      expect(res.ok(), await res.text()).toBe(true);
      return res.json();
    },
  };
}

test("a project's New import and a file row's Import ask for the sheet of a workbook of several", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page);
  const http = await api(page);
  const stamp = Date.now().toString(36);
  const project = await http.post('/projects', { name: `Sheets ${stamp}` });
  const name = `orders-${stamp}.xlsx`;
  await http.upload(`/files?project_id=${project.id}`, name);

  // the Imports tab's New import: the project's only file is picked, its sheet is asked for
  await page.goto(`/projects/${project.id}?tab=imports`);
  await page.getByRole('button', { name: 'New import' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New import in this project' });
  await expect(dialog.getByRole('combobox', { name: 'File' })).toHaveValue(`${name} · v1`);
  const sheet = dialog.getByRole('combobox', { name: 'Sheet' });
  await expect(dialog.getByText('This workbook has 3 sheets')).toBeVisible();
  await dialog.getByRole('button', { name: 'Start import' }).click();
  await expect(dialog.getByText('Pick one of the 3 sheets of this workbook')).toBeVisible();
  await page.waitForTimeout(300); // the modal's opening transition
  await screenshot(page, 'import-sheets-project-required');
  await expectNoSeriousA11yViolations(page);
  await sheet.click();
  await page.getByRole('option', { name: 'Orders · 13 rows' }).click();
  await dialog.getByRole('button', { name: 'Start import' }).click();
  await expect(page).toHaveURL(/\/imports\/[0-9a-f-]{36}$/);
  // the new URL can come a render before the page: the list's badges would still be there
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(name.replace('.', '\\.')) }),
  ).toBeVisible();
  await expect(page.getByText('Succeeded', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('12 rows').first()).toBeVisible();
  await expect(page.getByText('Customer 7').first()).toBeVisible();

  // the file row's Import asks too, in a dialog of its own
  await page.goto(`/projects/${project.id}`);
  await page.getByRole('button', { name: `Import ${name}` }).click();
  const ask = page.getByRole('dialog', { name: `Import ${name}` });
  await expect(ask.getByText('This workbook has 3 sheets')).toBeVisible();
  await ask.getByRole('combobox', { name: 'Sheet' }).click();
  await page.getByRole('option', { name: 'Returns · 2 rows' }).click();
  await page.waitForTimeout(300);
  await screenshot(page, 'import-sheets-file-row');
  await expectNoSeriousA11yViolations(page);
  await ask.getByRole('button', { name: 'Start import' }).click();
  await expect(page).toHaveURL(/\/imports\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Succeeded', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('damaged').first()).toBeVisible();
  const imports = await http.get(`/imports?project_id=${project.id}&size=10`);
  expect(imports.items.map((i: { options: { sheet?: string } }) => i.options.sheet).sort()).toEqual([
    'Orders',
    'Returns',
  ]);
});

test('a pipeline job from an uploaded workbook of several sheets reads the sheet picked', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page);
  const http = await api(page);
  const stamp = Date.now().toString(36);
  const pipeline = await http.post('/pipelines', {
    name: `Sheet orders ${stamp}`,
    target_schema: { type: 'object', properties: { order: { type: 'string' } } },
  });
  await page.goto(`/pipelines/${pipeline.id}`);
  // a new pipeline's empty jobs list offers "New job" as well: the header's button is the first
  await expect(page.getByText('No jobs yet')).toBeVisible();
  await page.getByRole('button', { name: 'New job' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Upload a file').click();
  await dialog.getByLabel('Choose a file of source records').setInputFiles({
    name: `orders-${stamp}.xlsx`,
    mimeType: XLSX,
    buffer: await workbook(),
  });
  await expect(dialog.getByText('This workbook has 3 sheets')).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Read this sheet' }).click();
  await expect(dialog.getByText('Pick one of the 3 sheets of this workbook')).toBeVisible();
  await screenshot(page, 'import-sheets-pipeline-picker');
  await dialog.getByRole('combobox', { name: 'Sheet' }).click();
  await page.getByRole('option', { name: 'Orders · 13 rows' }).click();
  await dialog.getByRole('button', { name: 'Read this sheet' }).click();
  await expect(dialog.getByText(/uploaded file “orders-.*\.xlsx”, sheet “Orders” · 12 rows/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(dialog.getByText('order, customer, total')).toBeVisible();
  await screenshot(page, 'import-sheets-pipeline-ready');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('checkbox', { name: /Run it now/ }).uncheck();
  await dialog.getByRole('button', { name: 'Add job' }).click();
  await expect(page.getByText('Job added', { exact: true })).toBeVisible();
  const jobs = await http.get(`/pipelines/${pipeline.id}/jobs`);
  expect(jobs.items).toHaveLength(1);
  expect(jobs.items[0]).toMatchObject({ input_kind: 'import', record_count: 12 });
  const imp = await http.get(`/imports/${jobs.items[0].import_id}`);
  expect(imp.options).toEqual({ sheet: 'Orders' });
});
