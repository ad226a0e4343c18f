import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, login, screenshot } from './helpers.ts';

let pageErrors: string[] = [];
test.beforeEach(async ({ page }) => {
  pageErrors = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  await login(page);
});
test.afterEach(() => {
  // a render error blanks the page; name it instead of timing out on a missing element
  expect(pageErrors).toEqual([]);
});

const ORDERS = [
  { order_id: 'A-1001', customer: 'Ada Lovelace', total: 1250.5, placed: '2026-03-01' },
  { order_id: 'A-1002', customer: 'Alan Turing', total: 89.9, placed: '2026-03-02' },
  { order_id: 'A-1003', customer: 'Grace Hopper', total: 420, placed: '2026-03-03' },
];

/** Calls the API as the signed-in user (the token the app keeps in localStorage). */
async function api(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const call = async (method: 'get' | 'post', url: string, data?: unknown) => {
    const res = await page.request[method](`/api${url}`, { headers, data: data as object });
    expect(res.ok(), `${method.toUpperCase()} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
    return res.json();
  };
  return {
    get: (url: string) => call('get', url),
    post: (url: string, data: unknown = {}) => call('post', url, data),
  };
}

/** Notifications fade in and out, which axe reads as low contrast: close them before a scan. */
async function closeNotifications(page: Page) {
  for (const button of await page.getByRole('button', { name: 'Close notification' }).all())
    await button.click({ timeout: 1000 }).catch(() => {});
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
}

const cards = (page: Page) => page.getByRole('article');

test('a pipeline is created in the wizard, listed, filtered, versioned, rolled back, dry-run and scored', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const name = `E2E Orders ${stamp}`;

  // --- the wizard: pasted JSON (checked as typed), an inferred schema, a name ---
  await page.goto('/pipelines');
  await page.getByRole('link', { name: 'New pipeline' }).first().click();
  await expect(page).toHaveURL(/\/pipeline$/);
  await expect(page.getByRole('heading', { name: 'New pipeline' })).toBeVisible();
  const records = page.getByRole('textbox', { name: 'Source records (JSON)' });
  await records.fill('[{"order_id": "A-1"},\n {"order_id": }]');
  await expect(page.getByRole('alert').filter({ hasText: /line 2/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await records.fill(JSON.stringify(ORDERS, null, 2));
  await expect(page.getByText('3 pasted records')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Next' }).click();

  // the target step starts on the organization's schemas when it has any (issue 24.7): infer here
  await page.getByText('Infer from the source', { exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Inferred target schema (JSON Schema)' })).toBeVisible();
  const fields = page.getByLabel('Target fields');
  for (const f of ['order_id', 'customer', 'total', 'placed'])
    await expect(fields.getByText(f, { exact: true })).toBeVisible();
  await screenshot(page, 'pipeline-new');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Description' }).fill('Shop orders into the ledger format.');
  await page.getByRole('button', { name: 'Create pipeline' }).click();
  await expect(page.getByRole('heading', { name: `“${name}” is ready for review` })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('link', { name: 'Open workshop' })).toHaveAttribute(
    'href',
    /\/workshop\?pipeline=/,
  );
  await page.getByRole('link', { name: 'View pipeline' }).click();
  await expect(page).toHaveURL(/\/pipelines\/[0-9a-f-]{36}$/);
  const pipelineId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('Shop orders into the ledger format.')).toBeVisible();
  const jobs = page.getByRole('table', { name: 'Jobs' });
  await expect(jobs.getByRole('row')).toHaveCount(2);

  // --- more jobs: from an uploaded file (read into a dataset on the way), then from that dataset ---
  await page.getByRole('button', { name: 'New job' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByText('Upload a file').click();
  await dialog.getByLabel('Choose a file of source records').setInputFiles({
    name: `orders-${stamp}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'order_id,customer,total,placed\nA-2001,Ada,10.5,2026-04-01\nA-2002,Alan,7,2026-04-02\n',
    ),
  });
  await expect(dialog.getByText(`uploaded file “orders-${stamp}.csv” · 2 rows`)).toBeVisible({
    timeout: 20_000,
  });
  await dialog.getByRole('button', { name: 'Add and run' }).click();
  await expect(page.getByText('Job added and running')).toBeVisible();
  await expect(jobs.getByRole('row')).toHaveCount(3);
  await page.getByRole('button', { name: 'New job' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByText('Project dataset').click();
  await dialog.getByRole('combobox', { name: 'Dataset' }).click();
  await page.getByRole('option', { name: new RegExp(`orders-${stamp}`) }).click();
  await expect(dialog.getByText(/dataset “orders-.*” · 2 rows/)).toBeVisible();
  await dialog.getByRole('checkbox', { name: /Run it now/ }).uncheck();
  await dialog.getByRole('button', { name: 'Add job' }).click();
  await expect(jobs.getByRole('row')).toHaveCount(4);
  await expect(jobs.getByRole('row').nth(1)).toContainText('Not run');
  // both came in through an import (the upload is imported on the way), said as the jobs list says it
  await expect(jobs.getByRole('row').nth(1).getByRole('link', { name: 'Import' })).toBeVisible();
  await expect(jobs.getByRole('row').nth(2).getByRole('link', { name: 'Import' })).toBeVisible();

  // --- two more pipelines through the API: one with a finished run, one never run ---
  const http = await api(page);
  const schema = {
    type: 'object',
    properties: { id: { type: 'string' }, amount: { type: 'number' } },
    required: ['id'],
  };
  const second = await http.post('/pipelines', { name: `E2E Refunds ${stamp}`, target_schema: schema });
  const job = await http.post(`/pipelines/${second.id}/jobs`, { data: [{ id: 'R-1', amount: 5 }] });
  await http.post(`/jobs/${job.id}/run?immediate_return=false`);
  const third = await http.post('/pipelines', { name: `E2E Empty ${stamp}`, target_schema: schema });

  // --- the list: cards with their last run, filters by name, id and status ---
  await page.goto('/pipelines');
  await expect(cards(page).filter({ hasText: name })).toBeVisible();
  await expect(
    cards(page)
      .filter({ hasText: name })
      .getByText(/2 records/),
  ).toBeVisible();
  await expect(
    cards(page)
      .filter({ hasText: `E2E Empty ${stamp}` })
      .getByText('Never run'),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(`Refunds ${stamp}`);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(`E2E Refunds ${stamp}`);
  await page.getByRole('textbox', { name: 'Name' }).fill('');
  await page.getByRole('textbox', { name: 'ID' }).fill(third.id.slice(0, 8));
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(`E2E Empty ${stamp}`);
  await page.getByRole('textbox', { name: 'ID' }).fill('');
  // this test's pipelines (other specs may have deployed theirs): none is deployed yet. Wait for
  // the debounced name filter to apply first, or "no match" is only a passing state.
  await page.getByRole('textbox', { name: 'Name' }).fill(String(stamp));
  await expect(cards(page)).toHaveCount(3);
  await page.getByText('Deployed', { exact: true }).click();
  await expect(page.getByText('No pipeline matches')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(cards(page).filter({ hasText: String(stamp) })).toHaveCount(3);
  await screenshot(page, 'pipelines');
  await expectNoSeriousA11yViolations(page);

  // --- a first and a second mapper version, deployed through a workshop ---
  const workshop = await http.post(`/pipelines/${pipelineId}/workshops`);
  expect((await http.post(`/workshops/${workshop.id}/deploy`)).version).toBe(1);
  await http.post(`/workshops/${workshop.id}/mapper/run`, {
    mapper: [{ targetField: 'customer', transformation: { extract: 'order_id' } }],
    immediate_return: false,
  });
  expect((await http.post(`/workshops/${workshop.id}/deploy`)).version).toBe(2);

  // --- detail: versions diff and roll back ---
  await page.goto(`/pipelines/${pipelineId}`);
  await expect(page.getByText('Deployed · v2')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'pipeline-detail');
  await page.getByRole('tab', { name: 'Versions' }).click();
  const versions = page.getByRole('table', { name: 'Mapper versions' });
  await expect(versions.getByRole('row')).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Compare version 1' }).check();
  await page.getByRole('checkbox', { name: 'Compare version 2' }).check();
  const diff = page.getByRole('table', { name: 'Field changes' });
  await expect(diff.getByRole('row').filter({ hasText: 'customer' })).toContainText('sources');
  await expect(page.getByText('1 changed')).toBeVisible();
  await screenshot(page, 'pipeline-versions-diff');
  await page.getByRole('button', { name: 'Roll back to v1' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Roll back to v1' }).click();
  await expect(page.getByText('Version 1 is deployed again.')).toBeVisible();
  await expect(page.getByText('Deployed · v1')).toBeVisible();
  await expect(versions.getByRole('row').filter({ hasText: 'v1' })).toContainText('Deployed');
  expect((await http.get(`/pipelines/${pipelineId}`)).deployed_mapper_version).toBe(1);

  // --- dry run: the workshop draft (v2's mapping) against the deployed v1 ---
  await page.getByRole('tab', { name: 'Dry run' }).click();
  await expect(page.getByText(/The draft of the workshop opened/)).toBeVisible();
  await page.getByRole('button', { name: 'Run dry run' }).click();
  const report = page.getByLabel('Dry run result');
  await expect(report).toBeVisible();
  await expect(report.getByRole('table', { name: 'Records changed per field' })).toContainText('customer');
  await expect(report).toContainText('against deployed version 1');

  // --- the deployed mapper, read-only ---
  await page.getByRole('tab', { name: 'Mapper' }).click();
  await expect(page.getByRole('table', { name: 'Deployed mapper' }).getByRole('row')).toHaveCount(5);

  // --- generate confidence, then a second press inside the cool-down is refused ---
  await page.goto('/pipelines');
  await expect(cards(page).filter({ hasText: name })).toBeVisible();
  await page.getByRole('button', { name: /Generate confidence/ }).click();
  await expect(page.getByText('Confidence generated', { exact: true })).toBeVisible();
  const stored = await page.evaluate(() => localStorage.getItem('lastTriggeredConfidenceGeneration'));
  expect(Number(stored)).toBeGreaterThan(stamp);
  await page.getByRole('button', { name: /Generate confidence/ }).click();
  await expect(page.getByText('Confidence was generated recently')).toBeVisible();
  await expect(page.getByRole('button', { name: /Generate confidence/ })).toContainText(/available again in/);
  // the cool-down survives a reload
  await page.reload();
  await page.getByRole('button', { name: /Generate confidence/ }).click();
  await expect(page.getByText('Confidence was generated recently')).toBeVisible();

  // --- the compact table view of the same list ---
  await closeNotifications(page);
  await page.getByText('Compact table').click();
  await expect(page).toHaveURL(/\/pipelines\/old$/);
  const table = page.getByRole('table', { name: 'Pipelines' });
  await expect(table.getByRole('row').filter({ hasText: name })).toContainText('Deployed · v1');
  await expect(table.getByRole('row').filter({ hasText: `E2E Empty ${stamp}` })).toContainText('Never run');
  await expectNoSeriousA11yViolations(page);
});

test('bulk download keeps a selection across filters and reports each pipeline', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const http = await api(page);
  const schema = { type: 'object', properties: { id: { type: 'string' } } };
  const made: { id: string; name: string }[] = [];
  for (const [i, label] of ['Alpha', 'Beta', 'Gamma'].entries()) {
    const p = await http.post('/pipelines', { name: `Bulk ${label} ${stamp}`, target_schema: schema });
    made.push(p);
    if (i < 2) {
      const job = await http.post(`/pipelines/${p.id}/jobs`, {
        data: [{ id: `${label}-1` }, { id: `${label}-2` }],
      });
      await http.post(`/jobs/${job.id}/run?immediate_return=false`);
    }
  }

  await page.goto('/pipelines');
  await page.getByRole('button', { name: 'Bulk download' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk download' });
  const filter = dialog.getByRole('textbox', { name: 'Name' });
  await filter.fill(`Alpha ${stamp}`);
  await expect(dialog.getByRole('table').getByRole('row')).toHaveCount(2);
  await dialog.getByRole('checkbox', { name: `Select Bulk Alpha ${stamp}` }).check();
  await filter.fill(`Beta ${stamp}`);
  await dialog.getByRole('checkbox', { name: `Select Bulk Beta ${stamp}` }).check();
  await filter.fill(`Gamma ${stamp}`);
  await dialog.getByRole('checkbox', { name: `Select Bulk Gamma ${stamp}` }).check();
  await filter.fill(String(stamp));
  await expect(dialog.getByText('3 selected')).toBeVisible();
  for (const p of made)
    await expect(dialog.getByRole('checkbox', { name: `Select ${p.name}` })).toBeChecked();

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download 3 pipelines' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('pipelines.zip');
  const bytes = await readFile((await download.path())!);
  expect(bytes.length).toBeGreaterThan(100);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');

  const outcome = dialog.getByRole('region', { name: /exported/ });
  await expect(outcome).toContainText('2 exported · 1 not exported');
  await expect(outcome).toContainText(`Bulk Alpha ${stamp}: exported`);
  await expect(outcome).toContainText(`Bulk Gamma ${stamp}: no finished run yet`);
  await expect(dialog.getByRole('row').filter({ hasText: `Bulk Beta ${stamp}` })).toContainText('Exported');
  await closeNotifications(page);
  await screenshot(page, 'bulk-download');
  await expectNoSeriousA11yViolations(page);

  // "select all matching" takes every pipeline the filter finds, on any page
  await dialog.getByRole('button', { name: 'Clear selection' }).click();
  await expect(dialog.getByText('0 selected')).toBeVisible();
  await dialog.getByRole('button', { name: 'Select all 3 matching' }).click();
  await expect(dialog.getByText('3 selected')).toBeVisible();
});
