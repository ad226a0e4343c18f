import { expect, test } from '@playwright/test';
import { DEMO, expectNoSeriousA11yViolations, login, screenshot } from './helpers.ts';

const STAFF = { email: 'staff@mapwright.dev', password: 'staff-e2e-password' };

test('a user sees in account settings which staff member impersonated them, and when', async ({ page }) => {
  // staff impersonate the demo owner
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(STAFF.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Impersonation' }).click();
  await page.getByLabel('Email of the user to impersonate').fill(DEMO.email);
  await page.getByLabel('Reason').fill('Support ticket 42');
  await page.getByRole('button', { name: 'Impersonate' }).click();
  await expect(page.getByText(`Impersonated by ${STAFF.email}`)).toBeVisible();
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  // the owner signs in and checks
  await login(page);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Account settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Account settings' });
  await settings.getByRole('tab', { name: 'Staff access' }).click();
  const table = settings.getByRole('table', { name: 'Staff who signed in as you' });
  await expect(table.getByText(STAFF.email).first()).toBeVisible();
  await expect(table.getByText('just now').first()).toBeVisible();
  await screenshot(page, 'staff-access');
  await expectNoSeriousA11yViolations(page);
});
