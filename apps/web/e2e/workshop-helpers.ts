import { expect, type Page } from '@playwright/test';

/** A call to the API as the signed-in user (the token the SPA keeps); fails the test on an error. */
export async function api(page: Page, method: string, path: string, data?: unknown) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.fetch(`/api${path}`, {
    method,
    data,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

export const field = (page: Page, name: string) => page.locator(`[data-field="${name}"]`);
export const valueIn = (page: Page, name: string) =>
  field(page, name).getByRole('button', { name: `Value of ${name}:` });

/** Notifications fade in and out, which axe reads as low contrast: close them before a scan. */
export async function closeNotifications(page: Page) {
  for (const button of await page.getByRole('button', { name: 'Close notification' }).all())
    await button.click({ timeout: 1000 }).catch(() => {});
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
}

/** A run after an edit: wait until its progress is gone and the values on screen are the new ones. */
export async function waitForRun(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: /running the mapping/i })).toHaveCount(0, {
    timeout: 20_000,
  });
}
