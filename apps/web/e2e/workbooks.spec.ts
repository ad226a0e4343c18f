import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, login, screenshot } from './helpers.ts';
import { api } from './workshop-helpers.ts';

const stamp = Date.now().toString(36);
const SCHEMA = {
  type: 'object',
  properties: {
    full_name: { type: 'string', description: 'Who paid' },
    amount: { type: 'number' },
    status: { type: 'string', enum: ['open', 'closed'] },
  },
  required: ['full_name'],
};
const RECORDS = [
  { name: 'Ada Lovelace', total: 12.5, state: 'open' },
  { name: 'Grace Hopper', total: 3, state: 'closed' },
];
const CSV = 'id,name,amount\n1,Ada,10.5\n2,Grace,3\n3,Linus,7.25\n';

/** A project with a pipeline that ran, a workshop on it, and an import of a small CSV. */
async function seedProject(page: Page) {
  const project = await api(page, 'POST', '/projects', { name: `Workbook project ${stamp}` });
  const pipeline = await api(page, 'POST', '/pipelines', {
    name: `Payments ${stamp}`,
    target_schema: SCHEMA,
    project_id: project.id,
  });
  const job = await api(page, 'POST', `/pipelines/${pipeline.id}/jobs`, { data: RECORDS });
  await api(page, 'POST', `/jobs/${job.id}/run`, { immediate_return: false });
  await api(page, 'POST', `/pipelines/${pipeline.id}/workshops`);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const file = await (
    await page.request.post(`/api/files?project_id=${project.id}`, {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { file: { name: `people-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(CSV) } },
    })
  ).json();
  const imp = await api(page, 'POST', '/imports', { file_id: file.id, project_id: project.id });
  await expect(async () => {
    expect((await api(page, 'GET', `/imports/${imp.id}`)).status).toBe('succeeded');
  }).toPass({ timeout: 20_000 });
  return project;
}

const reviewOf = (page: Page, field: string) =>
  page.getByRole('combobox', { name: `Review status of ${field}` });

async function setReview(page: Page, field: string, label: string) {
  await reviewOf(page, field).click();
  await page.getByRole('option', { name: label }).click();
  await expect(reviewOf(page, field)).toHaveValue(label);
}

test('a workbook from a project: review fields, edit and undo a cell, share a customer preview, revoke it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await login(page);
  const project = await seedProject(page);

  // open a workbook from the project's page
  await page.goto(`/projects/${project.id}`);
  await page.getByRole('link', { name: 'Open a workbook' }).click();
  await expect(page).toHaveURL(/\/workbook\?project_id=/);
  await page.getByRole('button', { name: 'Make a workbook' }).click();
  await expect(page).toHaveURL(/\/workbooks\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: `Workbook project ${stamp} workbook` })).toBeVisible();
  const sheet = page.getByRole('table', { name: 'Field sheet' });
  await expect(sheet.getByText('full_name', { exact: true })).toBeVisible();
  await expect(sheet.getByText('Who paid')).toBeVisible();

  // flag one field, approve another, comment on the flagged one
  await setReview(page, 'amount', 'Flagged');
  await setReview(page, 'full_name', 'Approved');
  await expect(page.getByText('Flagged: 1')).toBeVisible();
  await expect(page.getByText('Approved: 1')).toBeVisible();
  await page.getByRole('button', { name: 'Comments on amount: 0' }).click();
  const drawer = page.getByRole('dialog', { name: 'Comments on amount' });
  await drawer.getByLabel('Add a comment').fill('Is this in cents?');
  await drawer.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(drawer.getByText('Is this in cents?')).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Comments on amount: 1' })).toBeVisible({ timeout: 20_000 });
  await screenshot(page, 'workbook-field-sheet');
  await expectNoSeriousA11yViolations(page);

  // a data tab: the import, as a grid
  await page.getByRole('button', { name: 'Add a data tab' }).click();
  const add = page.getByRole('dialog', { name: 'Add a data tab' });
  await add.getByRole('combobox', { name: 'Data' }).click();
  await page.getByRole('option', { name: new RegExp(`people-${stamp}`) }).click();
  await add.getByRole('button', { name: 'Add tab' }).click();
  const grid = page.getByRole('grid', { name: /rows$/ });
  await expect(grid.getByRole('gridcell', { name: 'Grace' })).toBeVisible();

  // edit a cell with the keyboard, refuse a value of the wrong type, then undo
  await grid.getByRole('gridcell', { name: 'Grace' }).click();
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: /Edit name, row 2/ }).fill('Grace B. Hopper');
  await page.keyboard.press('Enter');
  await expect(grid.getByRole('gridcell', { name: 'Grace B. Hopper' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: /Edit amount, row 2/ }).fill('three');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('alert').filter({ hasText: '"amount" holds numbers: "three" is not one' }),
  ).toBeVisible();
  await screenshot(page, 'workbook-grid-refused');
  await page.getByRole('button', { name: 'Undo last edit' }).click();
  await expect(grid.getByRole('gridcell', { name: 'Grace', exact: true })).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: 'Grace B. Hopper' })).toHaveCount(0);
  // undo also clears the refusal
  await expect(page.getByRole('alert').filter({ hasText: 'Edit refused' })).toHaveCount(0);
  // fill down with the keyboard: the first row's name into the two below, one undoable batch
  await grid.getByRole('gridcell', { name: 'Ada', exact: true }).click();
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Control+d');
  await expect(grid.getByRole('gridcell', { name: 'Ada', exact: true })).toHaveCount(3);
  await page.keyboard.press('Control+z');
  await expect(grid.getByRole('gridcell', { name: 'Linus', exact: true })).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: 'Ada', exact: true })).toHaveCount(1);
  await screenshot(page, 'workbook-grid');
  await expectNoSeriousA11yViolations(page);

  // share the field sheet and the data tab with a customer who may give feedback
  await page.getByRole('button', { name: 'Share a customer preview' }).click();
  const share = page.getByRole('dialog', { name: 'Share a customer preview' });
  await share.getByRole('checkbox', { name: new RegExp(`people-${stamp}`) }).check();
  await share.getByLabel('Label (for you)').fill('Acme review');
  await share.getByRole('button', { name: 'Create link' }).click();
  const link = await share.getByLabel('Preview link', { exact: true }).innerText();
  expect(link).toContain('/workbook/customer-preview?token=');
  await screenshot(page, 'workbook-share');
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(share).toHaveCount(0);

  // the customer: a new browser context, never signed in
  const customer = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 800 } });
  const cpage = await customer.newPage();
  await cpage.goto(link);
  await expect(cpage.getByRole('heading', { name: `Workbook project ${stamp} workbook` })).toBeVisible();
  await expect(cpage.getByText('You may comment and approve fields')).toBeVisible();
  await expect(cpage.getByText('Flagged: 1')).toBeVisible();
  await setReview(cpage, 'status', 'Approved');
  await expect(cpage.getByText('Approved: 2')).toBeVisible();
  await cpage.getByRole('tab', { name: new RegExp(`people-${stamp}`) }).click();
  await expect(cpage.getByRole('grid').getByRole('gridcell', { name: 'Linus' })).toBeVisible();
  await expect(cpage.getByText('read-only', { exact: false }).first()).toBeVisible();
  await screenshot(cpage, 'workbook-customer-preview');
  await expectNoSeriousA11yViolations(cpage);

  // the owner revokes the link: the customer's next visit is refused
  await page.getByRole('button', { name: 'Share a customer preview' }).click();
  const row = share.getByRole('row').filter({ hasText: 'Acme review' });
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(row.getByText('Revoked')).toBeVisible();
  await cpage.reload();
  await expect(
    cpage.getByRole('alert').filter({ hasText: 'invalid, has expired or was revoked' }),
  ).toBeVisible();
  await screenshot(cpage, 'workbook-customer-revoked');
  await expectNoSeriousA11yViolations(cpage);
  await customer.close();

  // the customer's approval is on the owner's sheet
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(reviewOf(page, 'status')).toHaveValue('Approved');
  await expect(page.getByText('by Customer')).toBeVisible();
});
