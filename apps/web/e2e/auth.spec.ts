import { expect, test } from '@playwright/test';
import { DEMO, expectNoSeriousA11yViolations, login, loginToNewOrganization, screenshot } from './helpers.ts';

test('a visitor without a token is sent to the login page', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await screenshot(page, 'login');
  await expectNoSeriousA11yViolations(page);
});

test('wrong credentials show a clear error', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
  await page.getByRole('button', { name: 'Use an authenticator code' }).click();
  await expect(page.getByLabel('Authenticator code')).toBeVisible();
  await screenshot(page, 'login-error');
});

test('login lands on the configured root page, then the guard and lastPath work', async ({ page }) => {
  await login(page);
  // the demo org is in PROJECTS_LANDING_ORG_IDS, so / lands on /projects
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lastPath'))).toBe('/projects');
  expect(await page.evaluate(() => localStorage.getItem('orgId'))).toMatch(/^[0-9a-f-]{36}$/);

  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await page.goto('/not-a-real-page');
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(warnings.some((w) => w.includes('restricted access'))).toBe(true);

  // a path with parameters passes the guard (no redirect to the dashboard) and is remembered
  await page.goto('/flows/f1/run/r2');
  await expect(page).toHaveURL(/\/flows\/f1\/run\/r2$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lastPath'))).toBe('/flows/f1/run/r2');
  await expect(page).toHaveURL(/\/flows\/f1\/run\/r2$/);
  // ids that are not ids are as missing as unknown ones
  await expect(page.getByText('404 · Page not found')).toBeVisible();
});

test('the status banner shows a non-success system status', async ({ page }) => {
  await login(page);
  await page.goto('/dashboard');
  const banner = page.getByRole('status').filter({ hasText: 'Scheduled maintenance' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Warning');
});

test('dashboard shows empty states, and logout returns to login', async ({ page }) => {
  // a new organization: the demo one holds what earlier specs made
  const owner = await loginToNewOrganization(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  for (const empty of ['No pipelines yet', 'No jobs yet', 'No workshops yet']) {
    await expect(page.getByText(empty)).toBeVisible();
  }
  await screenshot(page, 'dashboard');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menu')).toContainText(owner.email);
  await page.waitForTimeout(300); // let the dropdown finish its transition
  await screenshot(page, 'account-menu');
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('the sidebar collapses to icons and remembers it', async ({ page }) => {
  await login(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(page.getByRole('link', { name: 'Workflow builder' })).toBeVisible();
  await screenshot(page, 'sidebar-collapsed');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('isCollapsed'))).toBe('true');
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
});
