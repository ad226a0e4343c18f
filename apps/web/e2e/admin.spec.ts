import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, expectNoSeriousA11yViolations, login, screenshot } from './helpers.ts';

const STAFF = { email: 'staff@mapwright.dev', password: 'staff-e2e-password' };
const PLACEHOLDER = /Nothing here yet|being built/i;

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
}

/** Calls the API as the signed-in user (the token the app keeps in local storage). */
async function api(page: Page, method: string, path: string, data?: unknown) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.fetch(`/api${path}`, {
    method,
    data: data as object,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok(), `${method} ${path}: ${res.status()}`).toBe(true);
  return res.json();
}

test('billing shows usage, limits and the charts; the data overview lists datasets with a preview', async ({
  page,
}) => {
  await login(page);
  // some work to count and to show: a pipeline and one run of 12 records
  const pipeline = await api(page, 'POST', '/pipelines', {
    name: 'E2E usage contacts',
    target_schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  });
  const job = await api(page, 'POST', `/pipelines/${pipeline.id}/jobs`, {
    data: Array.from({ length: 12 }, (_, i) => ({ name: `Person ${i}` })),
  });
  const run = await api(page, 'POST', `/jobs/${job.id}/run?immediate_return=true`);
  await expect(async () => {
    expect((await api(page, 'GET', `/results/${run.id}`)).status).not.toMatch(/queued|running/);
  }).toPass({ timeout: 60_000 });

  await page.goto('/settings/billing');
  await expect(page.getByRole('heading', { name: 'Usage and billing' })).toBeVisible();
  await expect(page.getByText('Records this month')).toBeVisible();
  const perPipeline = page.getByRole('row').filter({ hasText: 'E2E usage contacts' }).first();
  await expect(perPipeline).toContainText('12');
  await expect(page.getByText(PLACEHOLDER)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'billing');

  await page.goto('/data');
  await expect(page.getByRole('heading', { name: 'Data overview' })).toBeVisible();
  // first: a retry of this test adds a second pipeline of the same name
  const row = page.getByRole('row').filter({ hasText: 'E2E usage contacts · job input' }).first();
  await expect(row).toContainText('12');
  await expect(row.getByRole('link', { name: 'E2E usage contacts' })).toBeVisible();
  await expect(page.getByText(PLACEHOLDER)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'data-overview');
  await row.getByRole('button', { name: 'E2E usage contacts · job input' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('cell', { name: 'Person 11' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'data-preview');
});

test('migrate: an export of this workspace, checked with a dry run, clashes with what is here', async ({
  page,
}) => {
  await login(page);
  await page.goto('/migrate');
  await expect(page.getByRole('heading', { name: 'Migrate' })).toBeVisible();
  await expect(page.getByText(PLACEHOLDER)).toHaveCount(0);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download export' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^mapwright-export-\d{4}-\d{2}-\d{2}\.json$/);
  await page.locator('input[type=file]').setInputFiles({
    name: saved.suggestedFilename(),
    mimeType: 'application/json',
    buffer: readFileSync(await saved.path()),
  });
  await expect(page.getByText(/\.json: \d+ pipelines/)).toBeVisible();
  await page.getByRole('button', { name: 'Dry run' }).click();
  // everything in the file already exists here: each is listed as a clash with its reason
  await expect(page.getByText(/\d+ clash/)).toBeVisible();
  await expect(page.getByText('a definition with this name already exists here').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  // the export's toast fades out (axe would read its half-transparent text as low contrast)
  await expect(page.getByText('Export ready')).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'migrate-dry-run');
});

test('internal settings are a 404 page for a member who is not staff', async ({ page }) => {
  await login(page);
  await page.goto('/settings/internal');
  await expect(page.getByText('404 · Page not found')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Internal' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'internal-not-found');
});

test('staff: organizations with flags, the audit trail, impersonation with a reason and a way back', async ({
  page,
}) => {
  await signIn(page, STAFF);
  await page.goto('/settings/internal');
  await expect(page.getByRole('heading', { name: 'Internal' })).toBeVisible();
  const demoOrg = page
    .getByRole('row')
    .filter({ has: page.getByRole('button') })
    .first();
  await expect(demoOrg).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'internal-orgs');
  await demoOrg.getByRole('button').click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('Feature flags')).toBeVisible();
  const flag = drawer.getByRole('switch', { name: 'Financial analysis' });
  await flag.click();
  await expect(flag).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'internal-org-drawer');
  await drawer.getByRole('button', { name: 'Close organization' }).click();
  await page.getByRole('tab', { name: 'Audit trail' }).click();
  await expect(page.getByText('organization.settings_changed').first()).toBeVisible();
  await screenshot(page, 'internal-audit');

  await page.goto('/settings/impersonation');
  await page.getByLabel('Email of the user to impersonate').fill(DEMO.email);
  await page.getByRole('button', { name: 'Impersonate' }).click();
  await expect(page.getByText('Say why (a ticket or request)')).toBeVisible();
  await page.getByLabel('Reason').fill('E2E: checking the billing page');
  await page.getByRole('button', { name: 'Impersonate' }).click();
  const banner = page.getByRole('region', { name: 'Impersonation' });
  await expect(banner).toContainText(`${STAFF.email} is acting as ${DEMO.email}`);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'impersonation-banner');
  await banner.getByRole('button', { name: 'Back to my account' }).click();
  await expect(banner).toHaveCount(0);
  await expect(page).toHaveURL(/\/settings\/impersonation$/);
  await expect(page.getByLabel('Your email')).toHaveValue(STAFF.email);
});
