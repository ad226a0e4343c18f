import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, login, screenshot } from './helpers.ts';

test.beforeEach(async ({ page }) => {
  await login(page);
});

test('an admin invites a member, sees the link once and changes the role', async ({ page }) => {
  await page.goto('/settings/users');
  await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const email = `e2e-${Date.now()}@example.com`;
  await page.getByRole('button', { name: 'Invite member' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Name').fill('Erin Example');
  await dialog.getByRole('button', { name: 'Create invitation' }).click();
  await expect(dialog.getByLabel('Invite link', { exact: true })).toContainText(
    '/auth/reset-password?token=',
  );
  await screenshot(page, 'users-invite-link');
  await dialog.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await row.getByLabel('Role of Erin Example').click();
  await page.getByRole('option', { name: 'viewer' }).click();
  await expect(page.getByText('Erin Example is now viewer.')).toBeVisible();
  await screenshot(page, 'users');

  await row.getByRole('button', { name: 'Remove Erin Example' }).click();
  await page.getByRole('button', { name: 'Remove member' }).click();
  await expect(row).toHaveCount(0);
});

test('an admin creates an API key, sees it once, and revokes it', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Nightly export');
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog.getByText("You won't be able to see it again.")).toBeVisible();
  await expect(dialog.getByLabel('API key', { exact: true })).not.toBeEmpty();
  await screenshot(page, 'api-key-created');
  await dialog.getByRole('button', { name: 'I have copied it' }).click();

  const row = page.getByRole('row').filter({ hasText: 'Nightly export' }).first();
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: 'Revoke Nightly export' }).click();
  await page.getByRole('button', { name: 'Revoke key' }).click();
  await expect(row).toContainText('Revoked');
  await screenshot(page, 'api-keys');
});

test('settings: billing shows usage; impersonation is for staff only', async ({ page }) => {
  await page.goto('/settings/billing');
  await expect(page.getByRole('heading', { name: 'Usage and billing' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto('/settings/impersonation');
  await expect(page.getByText('Only Mapwright staff can impersonate users.')).toBeVisible();
  await screenshot(page, 'impersonation');
});
