import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, login, screenshot } from './helpers.ts';
import { api, closeNotifications, field, waitForRun } from './workshop-helpers.ts';

let pageErrors: string[] = [];
test.beforeEach(async ({ page }) => {
  pageErrors = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  await login(page);
});
test.afterEach(() => expect(pageErrors).toEqual([]));

const SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    amount: { type: 'number' },
    paid_on: { type: 'string', format: 'date' },
  },
  required: ['name', 'amount'],
};
/** a CRM-like export: day-first dates, euro amounts; one date nobody writes, one amount that is none */
const RECORDS = Array.from({ length: 30 }, (_, i) => ({
  Name: `Customer ${i + 1}`,
  Amount: i === 9 ? 'n/a' : `€${(i * 3.5).toFixed(2)}`,
  'Paid On': i === 5 ? 'sometime in May' : `${String((i % 28) + 1).padStart(2, '0')}/10/2023`,
}));

test('a value a transform cannot read is never lost in silence: the run and the workshop show it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const pipeline = await api(page, 'POST', '/pipelines', {
    name: `CRM ${Date.now()}`,
    target_schema: SCHEMA,
  });
  const job = await api(page, 'POST', `/pipelines/${pipeline.id}/jobs`, { data: RECORDS });

  await page.goto(`/workshop?pipeline=${pipeline.id}`);
  await expect(page).toHaveURL(/\/workshop\?id=[0-9a-f-]{36}$/);
  await waitForRun(page);
  const paid = field(page, 'paid_on');
  await expect(paid).toContainText('1 value dropped in the last run');
  // record 6 holds the date nobody writes: its own message says which value and why
  for (let i = 0; i < 5; i++) await page.keyboard.press('j');
  await expect(paid).toContainText('This record: `sometime in May` is not a date this transform reads');
  await closeNotifications(page);
  await screenshot(page, 'output-trust-workshop');

  await page.goto(`/job?id=${job.id}`);
  const dropped = page.getByText('Values dropped', { exact: true }).locator('..');
  await expect(dropped).toContainText('2');
  await expect(dropped).toContainText('unreadable source values');
  await expect(dropped).toContainText('paid_on 1');
  await closeNotifications(page);
  await screenshot(page, 'output-trust-job');
  await expectNoSeriousA11yViolations(page);

  // the errors are counted on the server; a group's count opens the quarantine on its records
  const format = page.getByRole('region', { name: 'Format Error' });
  await expect(format.getByRole('row', { name: /amount/ })).toContainText(
    'the value is not a number this transform reads',
  );
  await format.getByRole('button', { name: 'Show the 1 records with this error on amount' }).click();
  await expect(page.getByText('Only Format Error on')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article').first().getByLabel('Source record')).toContainText('n/a');
  await screenshot(page, 'output-trust-quarantine');
  await page.getByRole('button', { name: 'Show every quarantined record' }).click();
  await expect(page.getByText('Only Format Error on')).toHaveCount(0);

  // fix the cell by hand: re-validated at once, then applied into the result
  const record = page.getByRole('article').first();
  await record.getByRole('textbox', { name: 'Fix amount' }).fill('31.5');
  await record.getByRole('button', { name: 'Save' }).click();
  await expect(record.getByText('Fixed · passes')).toBeVisible();
  await expect(page.getByText('1 record fixed: 1 now pass, 0 still fail.')).toBeVisible();
  await screenshot(page, 'output-trust-fixed');
  await page.getByRole('button', { name: 'Apply 1 fix to the result' }).click();
  await expect(page.getByText('Nothing is quarantined')).toBeVisible();
  const failedStat = page.getByText('Failed', { exact: true }).locator('..');
  await expect(failedStat).toContainText('0');
  const fixed = await api(
    page,
    'GET',
    `/results/${(await api(page, 'GET', `/jobs/${job.id}`)).latest_result_id}/mappings?page=1&size=30`,
  );
  expect(fixed.items[9].mapped_record.amount).toBe(31.5);
  await expectNoSeriousA11yViolations(page);
});
