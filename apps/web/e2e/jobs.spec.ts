import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { expectNoSeriousA11yViolations, login, loginToNewOrganization, screenshot } from './helpers.ts';

// One server for the file: the first test sees the demo org empty, the next ones seed it.
test.describe.configure({ mode: 'serial' });

const LEDGER_SCHEMA = {
  type: 'object',
  properties: {
    customer_id: { type: 'integer', 'x-unique': true },
    name: { type: 'string' },
    email: { type: 'string', format: 'email' },
    amount: { type: 'number' },
    signup_date: { type: 'string', format: 'date' },
  },
  required: ['customer_id', 'name', 'email', 'amount'],
};
const LEDGER_RECORDS = 2000;
/** every 97th email is not one, every 53rd amount is "n/a", records 10 and 11 share a customer id */
const ledgerRecords = Array.from({ length: LEDGER_RECORDS }, (_, i) => ({
  customer_id: i === 11 ? 11 : i + 1,
  name: `Customer ${i + 1}`,
  email: i % 97 === 5 ? `customer-${i}-at-example.com` : `customer${i}@example.com`,
  amount: i % 53 === 7 ? 'n/a' : (i * 1.25).toFixed(2),
  signup_date: `2024-0${1 + (i % 9)}-1${i % 10}`,
}));
/** a big job: two runs of it keep both workers busy, so the next run waits in the queue */
const BULK_RECORDS = 200_000;

interface TSeed {
  token: string;
  ledgerPipeline: string;
  ledgerJob: string;
  bulkJob: string;
}
let seed: TSeed;

/**
 * The tests of this file share one new organization (made on the first sign-in): its empty states
 * and counts are exact whatever other specs did in the demo organization.
 */
let owner: { email: string; password: string } | undefined;
async function signIn(page: Page) {
  if (owner) await login(page, '', owner);
  else owner = await loginToNewOrganization(page);
}

async function api<T>(page: Page, token: string, method: 'GET' | 'POST', path: string, data?: unknown) {
  const res = await page.request.fetch(`/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    data: data as never,
  });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

async function seedData(page: Page): Promise<TSeed> {
  const token = (await page.evaluate(() => localStorage.getItem('token'))) as string;
  const ledger = await api<{ id: string }>(page, token, 'POST', '/pipelines', {
    name: 'Customer ledger',
    target_schema: LEDGER_SCHEMA,
  });
  const ledgerJob = await api<{ id: string }>(page, token, 'POST', `/pipelines/${ledger.id}/jobs`, {
    data: ledgerRecords,
  });
  const bulk = await api<{ id: string }>(page, token, 'POST', '/pipelines', {
    name: 'Card transactions',
    target_schema: {
      type: 'object',
      properties: { card_id: { type: 'string' }, amount: { type: 'number' } },
    },
  });
  const bulkJob = await api<{ id: string }>(page, token, 'POST', `/pipelines/${bulk.id}/jobs`, {
    data: Array.from({ length: BULK_RECORDS }, (_, i) => ({ card_id: `card-${i}`, amount: i % 500 })),
  });
  return { token, ledgerPipeline: ledger.id, ledgerJob: ledgerJob.id, bulkJob: bulkJob.id };
}

/** the big runs started to keep workers busy (cancelled when a test no longer needs them) */
const busy: string[] = [];
const busyWorkers = async (page: Page) => {
  for (let i = 0; i < 2; i++)
    busy.push((await api<{ id: string }>(page, seed.token, 'POST', `/jobs/${seed.bulkJob}/run`)).id);
};
/** Cancels the big runs still queued or running, so later tests do not wait behind them. */
const releaseWorkers = async (page: Page) => {
  for (const id of busy.splice(0))
    await page.request.post(`/api/results/${id}/cancel`, {
      headers: { Authorization: `Bearer ${seed.token}` },
    });
};

test('an empty organization sees empty states on the dashboard', async ({ page }) => {
  await signIn(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  for (const empty of ['No pipelines yet', 'No jobs yet', 'No workshops yet', 'No runs in the last 14 days'])
    await expect(page.getByText(empty)).toBeVisible();
  await expect(page.getByTestId('job-tracker')).toHaveText('No jobs running');
  await screenshot(page, 'dashboard-empty');
});

test('a job runs with live progress, grouped errors, quarantine, downloads and a retry', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page);
  seed = await seedData(page);
  // four big runs for two workers: still running while the list and the tracker are looked at,
  // however fast this machine maps them
  await busyWorkers(page);
  await busyWorkers(page);

  // the list: the big runs move, the tracker counts them
  await page.goto('/jobs');
  await expect(page.getByRole('heading', { name: 'Jobs', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Customer ledger' })).toBeVisible();
  await expect(
    page
      .getByRole('row', { name: /Card transactions/ })
      .getByText(/Running|Queued/)
      .first(),
  ).toBeVisible();
  // a run is running once its parts are queued: up to all four at once
  await expect(page.getByTestId('job-tracker')).toHaveText(/[1-4] jobs? running/);
  await page.getByTestId('job-tracker').click();
  await expect(page.getByRole('dialog', { name: /jobs? running/ })).toContainText('Card transactions');
  await page.keyboard.press('Escape');
  await screenshot(page, 'jobs');
  await expectNoSeriousA11yViolations(page);

  // the status filter
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Not run yet' }).click();
  await expect(page).toHaveURL(/status=created/);
  await expect(page.getByRole('link', { name: 'Customer ledger' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Card transactions' })).toHaveCount(0);

  // run the ledger job: it waits behind the busy workers, then runs to the end
  await page.getByRole('link', { name: 'Customer ledger' }).click();
  await expect(page).toHaveURL(new RegExp(`/job\\?id=${seed.ledgerJob}`));
  await expect(page.getByText('This job has not run yet')).toBeVisible();
  // engine threads map the big runs fast: three pairs keep the ledger run waiting long enough
  // for its progress to be seen
  await busyWorkers(page);
  await busyWorkers(page);
  await busyWorkers(page);
  await page.getByRole('button', { name: 'Run now' }).click();
  const progress = page.getByRole('region', { name: 'Run progress' });
  await expect(progress).toBeVisible();
  // attached, not visible: at 0% (a run still waiting for a worker) the filled part has no width
  await expect(progress.getByRole('progressbar', { name: 'Records processed' })).toBeAttached();
  await expect(page.getByTestId('run-progress-text')).toContainText('of 2,000 records');
  await screenshot(page, 'job-progress');
  await expect(page.getByText('Needs review').first()).toBeVisible({ timeout: 120_000 });
  await expect(progress).toHaveCount(0);

  // errors grouped by type and field, with sample values
  await expect(page.getByRole('tab', { name: /Errors/ })).toHaveAttribute('aria-selected', 'true');
  const typeErrors = page.getByRole('region', { name: 'Type Error' });
  await expect(typeErrors.getByRole('row', { name: /email/ })).toContainText('must be an email address');
  await expect(typeErrors.getByRole('row', { name: /email/ })).toContainText('customer-5-at-example.com');
  // a required amount without a value is "Missing" (a Format Error once the run reports the `n/a` its cast dropped)
  const schemaErrors = page.getByRole('region', { name: /^(Missing|Format Error)$/ });
  await expect(schemaErrors.getByRole('row', { name: /amount/ })).toContainText(
    /is required|is not a number this transform reads/,
  );
  await expect(schemaErrors.getByRole('row', { name: /amount/ })).toContainText('"n/a" (source)');
  await expect(page.getByRole('region', { name: 'Unique Error' })).toContainText('customer_id');
  await screenshot(page, 'job-detail');
  await expectNoSeriousA11yViolations(page);

  // the mapped data grid highlights invalid cells
  await page.getByRole('tab', { name: /Mapped data/ }).click();
  const grid = page.getByRole('region', { name: /Mapped data, 2,000 records/ });
  await expect(grid.locator('td[data-invalid]').first()).toBeVisible();
  await expect(grid.getByRole('columnheader', { name: 'signup_date' })).toBeVisible();
  await screenshot(page, 'job-mapped-data');

  // quarantined records: why, the source and the mapped record
  await page.getByRole('tab', { name: /Quarantined records/ }).click();
  const first = page.getByRole('article').first();
  await expect(first).toContainText('Type Error');
  await expect(first.getByLabel('Source record')).toContainText('customer-5-at-example.com');
  await expect(first.getByLabel('Mapped record')).toBeVisible();
  await screenshot(page, 'job-quarantine');
  await expectNoSeriousA11yViolations(page);
  // narrower screens (spec breakpoint 820): the same page stacks instead of overflowing
  await page.setViewportSize({ width: 800, height: 900 });
  await page.getByRole('tab', { name: /Errors/ }).click();
  await expect(page.getByRole('region', { name: /^(Missing|Format Error)$/ })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'job-detail-narrow');
  await page.setViewportSize({ width: 1280, height: 800 });

  // download the failed records as CSV
  await page.getByRole('button', { name: 'Downloads' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download failed records as CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^customer-ledger-.*-failed\.csv$/);
  // each failed record with what it takes to fix it: its line, its errors, its source values
  const rows = parse(readFileSync(await download.path(), 'utf8'), { columns: true }) as Record<
    string,
    string
  >[];
  expect(Object.keys(rows[0]!)).toEqual(
    expect.arrayContaining(['line', 'errors', 'source: email', 'mapped: customer_id', 'mapped: email']),
  );
  expect(rows.find((r) => r['source: email'] === 'customer-5-at-example.com')?.errors).toMatch(/email/);
  const failed = rows.length;
  expect(failed).toBeGreaterThan(40);

  // retry the failed records: a new job of exactly those
  await page.getByRole('button', { name: 'Retry failed records' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Retry failed records' }).click();
  await expect(page).not.toHaveURL(new RegExp(`id=${seed.ledgerJob}`));
  await expect(page.getByText(`${failed.toLocaleString('en-US')} records sent`)).toBeVisible();
  await expect(page.getByText(/Needs review|Finished/).first()).toBeVisible({ timeout: 60_000 });
});

test('a queued run can be cancelled', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  // two runs keep both worker slots busy and two more wait ahead of ours: on a fast machine the
  // first pair alone can finish before the cancel lands, and then there is nothing queued to cancel
  // the page is open before the queue fills, so the re-run is queued at once behind six big runs
  // (engine threads map them fast: a page load would eat most of the time they take)
  await page.goto(`/job?id=${seed.ledgerJob}`);
  await expect(page.getByRole('button', { name: 'Re-run' })).toBeEnabled();
  // how long six big runs hold both workers depends on the machine (a quiet one maps them in a
  // few seconds): queue more until the re-run is seen waiting
  await expect(async () => {
    await busyWorkers(page);
    await busyWorkers(page);
    await busyWorkers(page);
    await page.getByRole('button', { name: 'Re-run' }).click({ timeout: 5000 });
    await expect(page.getByText('Waiting for a worker…')).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 90_000 });
  await page.getByRole('button', { name: 'Cancel run' }).click();
  await expect(page.getByRole('dialog')).toContainText('taken off the queue');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel run' }).click();
  await expect(page.getByText('The run was cancelled')).toBeVisible();
  await expect(page.getByText('Cancelled').first()).toBeVisible();
  // the earlier run is still one pick away
  await page.getByRole('combobox', { name: 'Run' }).click();
  await expect(page.getByRole('option', { name: /Needs review/ }).first()).toBeVisible();
  await releaseWorkers(page);
});

test('the dashboard and the overview show counts, activity and the busiest pipelines', async ({ page }) => {
  await signIn(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Pipelines', exact: true })).toContainText('2 pipelines');
  await expect(page.getByRole('region', { name: 'Jobs', exact: true })).toContainText('3 jobs');
  await expect(page.getByText('No workshops yet')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Records processed, last 14 days' }).locator('svg').first(),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent jobs' })).toContainText('Customer ledger');
  await expect(page.getByRole('region', { name: 'Recent pipelines' })).toContainText('Card transactions');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('region', { name: 'Jobs', exact: true })).toContainText('3 jobs');
  await screenshot(page, 'dashboard');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: /Open the overview/ }).click();
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await page.getByText('7 days', { exact: true }).click();
  await expect(page).toHaveURL(/days=7/);
  const busiest = page.getByRole('region', { name: 'Busiest pipelines' });
  await expect(busiest.getByRole('row').nth(1)).toContainText('Card transactions');
  await expect(busiest).toContainText('Customer ledger');
  await expect(page.getByText('Failure rate', { exact: true }).first()).toBeVisible();
  await screenshot(page, 'overview');
  await expectNoSeriousA11yViolations(page);
});
