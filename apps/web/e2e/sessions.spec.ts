import { expect, test } from '@playwright/test';
import { DEMO, expectNoSeriousA11yViolations, login, screenshot } from './helpers.ts';

test('an invitee is told why a weak password is refused, and the same link then takes a good one', async ({
  page,
}) => {
  await login(page);
  await page.goto('/settings/users');
  await page.getByRole('button', { name: 'Invite member' }).click();
  const email = `weak-${Date.now()}@example.com`;
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Name').fill('Wes Weak');
  await dialog.getByRole('button', { name: 'Create invitation' }).click();
  const link = new URL((await dialog.getByLabel('Invite link', { exact: true }).textContent())!.trim());
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();

  await page.goto(link.pathname + link.search);
  for (const [weak, reason] of [
    ['aaaaaaaa', /Repeated characters/],
    [email, /Do not use your email address in your password/],
  ] as const) {
    await page.getByRole('textbox', { name: 'New password' }).fill(weak);
    await page.getByRole('textbox', { name: 'Repeat the password' }).fill(weak);
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByRole('alert')).toContainText(reason);
  }
  await screenshot(page, 'reset-password-refused');
  await page.getByRole('textbox', { name: 'New password' }).fill('violet harbour lantern');
  await page.getByRole('textbox', { name: 'Repeat the password' }).fill('violet harbour lantern');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
});

test('a refused new password shows its reason; log out everywhere signs out every device', async ({
  page,
  browser,
}) => {
  // device B: another browser signed in as the same user
  const other = await browser.newContext();
  const deviceB = await other.newPage();
  await login(deviceB);
  await login(page);

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Account settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Account settings' });
  await settings.getByRole('tab', { name: 'Password' }).click();
  await expect(settings.getByRole('button', { name: 'Log out everywhere' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await settings.getByLabel('Current password').fill(DEMO.password);
  await settings.getByRole('textbox', { name: 'New password', exact: true }).fill('password123');
  await settings.getByLabel('Repeat the new password').fill('password123');
  await settings.getByRole('button', { name: 'Change password' }).click();
  await expect(settings.getByText('This is a commonly used password.')).toBeVisible();
  await screenshot(page, 'account-password-sessions');

  await settings.getByRole('button', { name: 'Log out everywhere' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await deviceB.goto('/settings');
  await expect(deviceB).toHaveURL(/\/auth\/login$/);
  await other.close();
});
