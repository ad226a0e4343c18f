import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectNoSeriousA11yViolations, login, screenshot } from './helpers.ts';

// Files are named uniquely per run: the import modal's file picker searches every file of the org.
const stamp = Date.now().toString(36);
const dir = mkdtempSync(join(tmpdir(), 'mw-e2e-files-'));
// a long name, as exports often have: the tables and the drawer must truncate it, not break
const CSV_NAME = `customers-exported-from-the-crm-on-the-first-of-the-month-${stamp}.csv`;
const XLSX_NAME = `orders-${stamp}.xlsx`;
// line 4 has one field too many: the import keeps the other rows and reports that line
const CSV = [
  'id,name,amount,joined',
  '1,Ada Lovelace,10.5,2024-01-02',
  '2,Grace Hopper,20,2024-02-03',
  '3,Linus Torvalds,7,2024-03-04,surplus',
  '4,Barbara Liskov,12.25,2024-04-05',
  '',
].join('\n');
const CSV_V2 = CSV.replace(',surplus', '');
const BIG_NAME = `ledger-${stamp}.csv`;

async function writeFiles() {
  const csvPath = join(dir, CSV_NAME);
  writeFileSync(csvPath, CSV);
  const v2Path = join(dir, `customers-${stamp}-fixed.csv`);
  writeFileSync(v2Path, CSV_V2);
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Orders');
  sheet.addRow(['order_id', 'customer', 'total', 'paid']);
  sheet.addRow([1001, 'Ada Lovelace', 99.5, true]);
  sheet.addRow([1002, 'Grace Hopper', 12, false]);
  sheet.addRow([1003, 'Barbara Liskov', 45.25, true]);
  const xlsxPath = join(dir, XLSX_NAME);
  await wb.xlsx.writeFile(xlsxPath);
  // about 1.5 MB: long enough over a throttled link to see the progress bar move
  const bigPath = join(dir, BIG_NAME);
  const lines = ['entry,account,amount,booked'];
  for (let i = 1; i <= 40_000; i++) lines.push(`${i},ACC-${i % 97},${(i * 1.37).toFixed(2)},2024-05-01`);
  writeFileSync(bigPath, `${lines.join('\n')}\n`);
  return { csvPath, v2Path, xlsxPath, bigPath };
}

/** Success notifications close themselves after a few seconds; screenshots wait for that. */
async function notificationsGone(page: Page) {
  await expect(page.getByRole('button', { name: 'Dismiss notification' })).toHaveCount(0, {
    timeout: 10_000,
  });
}

/** Drops a file on a dropzone the way a browser does: a drop event carrying a DataTransfer. */
async function dropFile(page: Page, target: Locator, path: string, name: string, type: string) {
  const b64 = readFileSync(path).toString('base64');
  const dataTransfer = await page.evaluateHandle(
    ({ b64, name, type }) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], name, { type }));
      return dt;
    },
    { b64, name, type },
  );
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

async function importFile(page: Page, fileName: string) {
  await page.goto('/imports');
  await page.getByRole('button', { name: 'New import' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New import' });
  await dialog.getByRole('combobox', { name: 'File' }).fill(fileName);
  await page.getByRole('option', { name: fileName }).click();
  await dialog.getByRole('button', { name: 'Start import' }).click();
  await expect(page).toHaveURL(/\/imports\/[0-9a-f-]{36}$/);
  // the import's own page (not the list it came from, whose badges also say Succeeded)
  await expect(page.getByRole('heading', { level: 1, name: fileName })).toBeVisible();
  // the import runs as a background task; the page polls until it is done
  await expect(page.getByText('Succeeded', { exact: true })).toBeVisible({ timeout: 30_000 });
}

test('a user groups files in a project, imports them, versions a file and builds a schema', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { csvPath, v2Path, xlsxPath, bigPath } = await writeFiles();
  await login(page);

  // 1. create a project
  await page.goto('/projects');
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  const projectName = `Customer onboarding ${stamp}`;
  await page.getByRole('button', { name: 'New project' }).first().click();
  const create = page.getByRole('dialog', { name: 'New project' });
  await create.getByLabel('Name').fill(projectName);
  await create
    .getByLabel('Description')
    .fill('Customer and order files from the CRM export, cleaned up for the ledger.');
  await create.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
  const projectUrl = page.url();
  await expect(page.getByRole('heading', { name: projectName, level: 1 })).toBeVisible();
  await expect(page.getByText('No files yet')).toBeVisible();
  await screenshot(page, 'project-empty');

  // 2. upload the CSV through the picker and the Excel file by drag and drop
  const manager = page.getByTestId('file-manager');
  await manager.getByLabel('Choose files to upload').setInputFiles(csvPath);
  await expect(page.getByText(`${CSV_NAME} uploaded.`)).toBeVisible();
  await dropFile(
    page,
    manager.getByRole('group', { name: /Drag files here/ }),
    xlsxPath,
    XLSX_NAME,
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  await expect(page.getByText(`${XLSX_NAME} uploaded.`)).toBeVisible();
  const files = manager.getByRole('table', { name: 'Files' });
  await expect(files.getByRole('row')).toHaveCount(3);
  await expect(files.getByRole('row', { name: new RegExp(CSV_NAME) })).toContainText('CSV');
  await expect(files.getByRole('row', { name: new RegExp(XLSX_NAME) })).toContainText('Excel');
  await expect(manager).toHaveAttribute('data-status-create', 'success');
  await expect(page.getByRole('tab', { name: 'Files (2)' })).toBeVisible();
  await screenshot(page, 'project-detail');
  await expectNoSeriousA11yViolations(page);

  // 3. import both: typed preview and the bad line of the CSV
  await importFile(page, CSV_NAME);
  const csvImportUrl = page.url();
  await expect(page.getByText('amount: number')).toBeVisible();
  await expect(page.getByText('joined: date')).toBeVisible();
  await page.getByRole('tab', { name: /Problems \(1\)/ }).click();
  const problem = page.getByRole('table', { name: 'Problems' }).getByRole('row').nth(1);
  await expect(problem).toContainText('4');
  await expect(problem).toContainText('expected 4 fields, found 5');

  await importFile(page, XLSX_NAME);
  await expect(page.getByText('total: number')).toBeVisible();
  await expect(page.getByText('customer: string')).toBeVisible();

  // 4. build a target schema from the CSV's dataset
  await page.goto(csvImportUrl);
  await page.getByRole('button', { name: 'Create target schema from this dataset' }).click();
  await expect(page).toHaveURL(/\/schemas\/[0-9a-f-]{36}$/);

  // the project now lists both imports and the schema, each linking to its page
  await page.goto(projectUrl);
  await page.getByRole('tab', { name: 'Imports (2)' }).click();
  const imports = page.getByRole('table', { name: 'Imports of this project' });
  await expect(imports.getByRole('row')).toHaveCount(3);
  await expect(imports.getByRole('link', { name: CSV_NAME })).toHaveAttribute('href', /\/imports\//);
  await page.getByRole('tab', { name: 'Schemas (1)' }).click();
  await expect(
    page.getByRole('table', { name: 'Schemas of this project' }).getByRole('link', { name: CSV_NAME }),
  ).toHaveAttribute('href', /\/schemas\//);
  await page.getByRole('tab', { name: 'Pipelines (0)' }).click();
  await expect(page.getByText('No pipelines yet')).toBeVisible();

  // 5. upload a new version of the CSV, label it, switch back to version 1 and download it
  await page.getByRole('tab', { name: 'Files (2)' }).click();
  await manager.getByRole('button', { name: `Actions for ${CSV_NAME}` }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Upload new version' }).click();
  await (await chooser).setFiles(v2Path);
  const drawer = page.getByRole('dialog', { name: `Versions of ${CSV_NAME}` });
  await expect(drawer).toBeVisible();
  const v2 = drawer.getByRole('article', { name: 'Version 2 (current)' });
  await expect(v2).toBeVisible();
  await expect(v2).toContainText(`customers-${stamp}-fixed.csv`);
  await v2.getByRole('button', { name: 'Edit label and notes of version 2' }).click();
  await v2.getByRole('textbox', { name: 'Label' }).fill('Line 4 fixed');
  await v2.getByRole('textbox', { name: 'Notes' }).fill('Removed the surplus field on line 4.');
  await v2.getByRole('button', { name: 'Save version 2' }).click();
  await expect(v2).toContainText('Line 4 fixed');
  await expect(v2).toContainText('Removed the surplus field on line 4.');
  await notificationsGone(page);
  await screenshot(page, 'file-versions');

  await drawer.getByRole('button', { name: 'Make current: version 1' }).click();
  await expect(drawer.getByRole('article', { name: 'Version 1 (current)' })).toBeVisible();
  await expect(manager).toHaveAttribute('data-status-current-version', 'success');
  const download = page.waitForEvent('download');
  await drawer.getByRole('button', { name: 'Download version 2' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`customers-${stamp}-fixed.csv`);
  expect(readFileSync(await file.path(), 'utf8')).toBe(CSV_V2);
  await drawer.getByRole('button', { name: 'Close versions' }).click();
  await expect(files.getByRole('row', { name: new RegExp(CSV_NAME) })).toContainText('v1');

  // 6. the file manager across projects: a larger file sent over a slow link shows its progress
  await page.goto('/file-manager');
  await expect(page.getByRole('heading', { name: 'File manager', level: 1 })).toBeVisible();
  const everyFile = page.getByTestId('file-manager');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const throttle = (uploadThroughput: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput,
    });
  await throttle(256 * 1024);
  await everyFile.getByLabel('Choose files to upload').setInputFiles(bigPath);
  const bar = page.getByRole('progressbar', { name: `Uploading ${BIG_NAME}` });
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
  await expect(everyFile).toHaveAttribute('data-status-create', 'loading');
  await screenshot(page, 'file-upload-progress');
  await throttle(-1);
  await expect(page.getByText(`${BIG_NAME} uploaded.`)).toBeVisible({ timeout: 30_000 });
  await notificationsGone(page);

  const all = page.getByRole('table', { name: 'Files' });
  await expect(all.getByRole('row', { name: new RegExp(XLSX_NAME) })).toContainText(projectName);
  await expect(all.getByRole('row', { name: new RegExp(BIG_NAME) })).toContainText('—');
  await expect(everyFile).toHaveAttribute('data-status-files', 'success');
  await screenshot(page, 'file-manager');
  await expectNoSeriousA11yViolations(page);

  // 7. the projects list, then delete the project, told plainly what goes
  await page.goto('/projects');
  const card = page.getByRole('article', { name: projectName });
  await expect(card).toContainText('2 files');
  await expect(card).toContainText('2 imports');
  await expect(card).toContainText('1 schema');
  await screenshot(page, 'projects');
  await expectNoSeriousA11yViolations(page);

  await card.getByRole('link', { name: projectName }).click();
  await page.getByRole('button', { name: 'Delete project' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete the project "${projectName}"?` });
  await expect(confirm).toContainText('2 files (3 versions');
  await expect(confirm).toContainText('2 imports with their rows and problems');
  await expect(confirm).toContainText('1 target schema');
  await screenshot(page, 'project-delete');
  await confirm.getByRole('button', { name: 'Delete project' }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByText(`Project "${projectName}" deleted.`)).toBeVisible();
  await expect(page.getByRole('article', { name: projectName })).toHaveCount(0);
});
