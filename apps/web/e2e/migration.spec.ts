import { expect, test } from '@playwright/test';
import { OLD_HOST } from '../playwright.config.ts';
import { login, screenshot } from './helpers.ts';

test('on the old host, a migrated organization sees the blocking migration modal', async ({
  page,
  baseURL,
}) => {
  const oldBase = baseURL!.replace('127.0.0.1', OLD_HOST);
  await login(page, oldBase);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Welcome to the New Mapwright!');
  await expect(dialog).toContainText(
    "We've upgraded your experience with a new and improved platform. Your account has been successfully migrated to our new domain.",
  );
  await expect(dialog.getByRole('button', { name: 'Continue to New Platform' })).toBeVisible();
  await expect(dialog).toContainText("If the button doesn't work, please visit app.mapwright.dev directly.");
  await screenshot(page, 'migration-modal');
  // blocking: no close button, Escape does nothing
  await expect(dialog.getByRole('button', { name: /close/i })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
});

test('on the current host the modal does not appear', async ({ page }) => {
  await login(page);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  await expect(page.getByText('Welcome to the New Mapwright!')).toHaveCount(0);
});
