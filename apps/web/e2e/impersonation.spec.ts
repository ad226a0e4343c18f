import { expect, test } from '@playwright/test';
import { DEMO, expectNoSeriousA11yViolations, screenshot } from './helpers.ts';

const STAFF = { email: 'staff@mapwright.dev', password: 'staff-e2e-password' };

test('staff impersonate a user and the shell shows who is impersonating', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(STAFF.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();

  await page.getByRole('link', { name: 'Impersonation' }).click();
  await expect(page).toHaveURL(/\/settings\/impersonation$/);
  await expect(page.getByLabel('Your email')).toHaveValue(STAFF.email);
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Email of the user to impersonate').fill(DEMO.email);
  await page.getByLabel('Reason').fill('Support ticket 42');
  await page.getByRole('button', { name: 'Impersonate' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Demo' })).toBeVisible();
  await expect(page.getByText(`Impersonated by ${STAFF.email}`)).toBeVisible();
  await screenshot(page, 'impersonating');
});
