import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, login, screenshot } from './helpers.ts';
import { totp } from './totp.ts';

test('an invited member sets a password, turns on two-factor sign-in and signs in with a code', async ({
  page,
}) => {
  // the owner invites a member
  await login(page);
  await page.goto('/settings/users');
  await page.getByRole('button', { name: 'Invite member' }).click();
  const email = `member-${Date.now()}@example.com`;
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Name').fill('Mia Member');
  await dialog.getByRole('button', { name: 'Create invitation' }).click();
  const link = (await dialog.getByLabel('Invite link', { exact: true }).textContent())!.trim();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  // the member follows the link and chooses a password
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('textbox', { name: 'New password' }).fill('member-pass-123');
  await page.getByRole('textbox', { name: 'Repeat the password' }).fill('member-pass-123');
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByRole('link', { name: 'Go to sign in' }).click();

  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('member-pass-123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();

  // members see API keys are managed by admins, and cannot invite
  await page.goto('/settings');
  await expect(page.getByText('Managed by admins')).toBeVisible();
  await page.goto('/settings/users');
  await expect(page.getByText('Only owners and admins can invite or change members.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Invite member' })).toHaveCount(0);

  // account settings: turn on two-factor sign-in
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Account settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Account settings' });
  await settings.getByRole('tab', { name: 'Two-factor' }).click();
  await settings.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(settings.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await settings.getByTestId('totp-secret').textContent())!.trim();
  await screenshot(page, 'totp-setup');
  await expectNoSeriousA11yViolations(page);
  await settings.getByLabel('Code from your authenticator app').fill(totp(secret));
  await settings.getByRole('button', { name: 'Turn on' }).click();
  await expect(settings.getByText('Two-factor sign-in is')).toBeVisible();
  await page.keyboard.press('Escape');

  // signing in now needs the code
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('member-pass-123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // the form's own alert (a toast from the session before may still be on its way out)
  await expect(page.getByRole('alert').filter({ hasText: '6-digit code' })).toBeVisible();
  await page.getByLabel(/^Authenticator code/).fill(totp(secret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
});

test('on a phone the navigation opens from the menu button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await screenshot(page, 'mobile-dashboard');
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('link', { name: 'Schemas' }).click();
  await expect(page).toHaveURL(/\/schemas$/);
  await expect(page.getByRole('heading', { name: 'Schemas', level: 1 })).toBeVisible();
  await page.waitForTimeout(400); // the drawer slides out
  await screenshot(page, 'mobile-schemas');
});
