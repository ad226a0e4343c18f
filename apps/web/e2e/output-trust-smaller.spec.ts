import { expect, type Page, test } from '@playwright/test';
import { login, screenshot } from './helpers.ts';
import { api, closeNotifications } from './workshop-helpers.ts';

/*
 * Issue 24, point 8 ("Smaller"): the favicon, no 404 for a mapper not deployed yet, source lines
 * beside record numbers, the jobs list's progress, and the workflow builder's name, time zone,
 * next run and validity.
 */

const SCHEMA = {
  type: 'object',
  properties: { name: { type: 'string' }, amount: { type: 'number' } },
  required: ['name', 'amount'],
};
// a quoted name across two lines: the records after it sit one line further down than their number
const CSV = ['name,amount', 'Ada,1', '"Bob', 'Jr",2', 'Cy,n/a', 'Di,4'].join('\n');

/** Every failed response and console error of the page, to assert none happened. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

test('a favicon, and no request for the mapper of a pipeline never deployed', async ({ page }) => {
  const icon = await page.request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/image/);
  expect((await page.request.get('/favicon.svg')).headers()['content-type']).toMatch(/image\/svg/);

  await login(page);
  const errors = watchErrors(page);
  const mapperCalls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/pipelines\/[^/]+\/mapper$/.test(new URL(r.url()).pathname)) mapperCalls.push(r.url());
  });
  await expect(page.locator('link[rel="icon"]').first()).toHaveAttribute('href', /favicon/);

  const pipeline = await api(page, 'POST', '/pipelines', { name: 'Never deployed', target_schema: SCHEMA });
  await api(page, 'POST', `/pipelines/${pipeline.id}/jobs`, { data: [{ name: 'Ada', amount: 1 }] });
  await page.goto(`/pipelines/${pipeline.id}`);
  await page.getByRole('tab', { name: 'Mapper' }).click();
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await page.getByRole('tab', { name: 'Dry run' }).click();
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await screenshot(page, 'smaller-pipeline-never-deployed');
  expect(mapperCalls).toEqual([]);
  expect(errors).toEqual([]);
});

test("an import's records show their source line; the jobs list shows processed out of total", async ({
  page,
}) => {
  await login(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const file = await (
    await page.request.post('/api/files', {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { file: { name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) } },
    })
  ).json();
  const pipeline = await api(page, 'POST', '/pipelines', {
    name: 'Lines and progress',
    target_schema: SCHEMA,
  });
  const job = await api(page, 'POST', `/pipelines/${pipeline.id}/jobs`, {
    file_version_id: file.current_version.id,
  });
  await api(page, 'POST', `/jobs/${job.id}/run?immediate_return=false`);

  // the jobs list: progress is how much was processed, the valid share sits with the valid count
  await page.goto('/jobs');
  const row = page.getByRole('row').filter({ hasText: 'Lines and progress' });
  await expect(row.getByText('4 / 4 processed')).toBeVisible();
  await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(row.getByText('(75%)')).toBeVisible();
  await screenshot(page, 'smaller-jobs-progress');

  // the quarantine: the failing record with the line the import counts
  await page.goto(`/job?id=${job.id}`);
  await page.getByRole('tab', { name: /Quarantined records/ }).click();
  const record = page.getByRole('article', { name: 'Record 3, line 5' });
  await expect(record).toContainText('Record 3· line 5');
  await screenshot(page, 'smaller-quarantine-line');

  // the workshop's record header
  await page.goto(`/workshop?pipeline=${pipeline.id}`);
  await expect(page.getByRole('heading', { name: 'Record 1', exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('record-line')).toHaveText('· line 2');
  await page.getByRole('textbox', { name: 'Record number' }).fill('3');
  await expect(page.getByRole('heading', { name: 'Record 3', exact: true })).toBeVisible();
  await expect(page.getByTestId('record-line')).toHaveText('· line 5');
  await closeNotifications(page);
  await screenshot(page, 'smaller-workshop-record-line');
});

const panel = (page: Page) => page.getByRole('complementary', { name: /settings/ });

test('a new workflow asks for its name; no validity without a schema; zone box and next run', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page);
  await page.goto('/workflow_builder');
  const name = page.getByRole('textbox', { name: 'Workflow name' });
  await expect(name).toHaveValue('');
  await expect(name).toHaveAttribute('placeholder', 'Name this workflow');

  // saving asks for a name; cancelling saves nothing
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const prompt = page.getByRole('dialog', { name: 'Name this workflow' });
  await expect(prompt).toBeVisible();
  await screenshot(page, 'smaller-workflow-name-prompt');
  await prompt.getByRole('button', { name: 'Cancel' }).click();
  await expect(prompt).toBeHidden();
  await expect(page).toHaveURL(/\/workflow_builder$/);

  // an endpoint into the final node, whose schema is empty; the test run asks for the name first
  await page.getByRole('button', { name: /^Add GET .* \/api\/v1\/entities$/ }).click();
  await page.getByRole('button', { name: 'Test run', exact: true }).click();
  await prompt.getByRole('textbox', { name: /Workflow name/ }).fill('Entities, no schema');
  await prompt.getByRole('button', { name: 'Test run' }).click();
  await expect(page).toHaveURL(/\/workflows\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  await expect(name).toHaveValue('Entities, no schema');
  const canvas = page.getByTestId('workflow-canvas');
  await expect(canvas.getByText(/\d+ records? · 1 call/)).toBeVisible({ timeout: 60_000 });
  await expect(canvas.getByText('No schema yet')).toBeVisible();
  await expect(canvas.getByText('Output valid')).toHaveCount(0);
  await canvas.getByRole('group', { name: /Final node/ }).click();
  await panel(page).getByRole('tab', { name: 'Output' }).click();
  await expect(panel(page).getByText('No schema to check the output against')).toBeVisible();
  await expect(panel(page).getByText('Output valid')).toHaveCount(0);
  const saved = await api(page, 'GET', `/workflows/${page.url().split('/').pop()}`);
  expect(saved.name).toBe('Entities, no schema');
  await closeNotifications(page);
  await screenshot(page, 'smaller-workflow-no-schema');

  // the time zone box: typing replaces the zone shown
  await page.locator('.react-flow__pane').click({ position: { x: 10, y: 10 } });
  const zone = panel(page).getByRole('combobox', { name: 'Time zone' });
  const before = await zone.inputValue();
  await zone.click();
  await zone.pressSequentially('Berlin');
  await expect(zone).toHaveValue('Berlin');
  await page.getByRole('option', { name: 'Europe/Berlin', exact: true }).click();
  await expect(zone).toHaveValue('Europe/Berlin');
  expect(before).not.toBe('Europe/Berlin');

  // the next run in the schedule's zone, named
  await panel(page).getByText('Daily at 06:00').click();
  await panel(page)
    .getByRole('switch', { name: /Active/ })
    .click();
  await expect(panel(page).getByRole('switch', { name: /Active/ })).toBeChecked();
  await expect(panel(page).getByText(/next run \w{3} \d{1,2} \w{3}, 06:00 Europe\/Berlin/)).toBeVisible();
  await closeNotifications(page);
  await screenshot(page, 'smaller-workflow-next-run');
  await panel(page)
    .getByRole('switch', { name: /Active/ })
    .click();
  await expect(panel(page).getByRole('switch', { name: /Active/ })).not.toBeChecked();
});
