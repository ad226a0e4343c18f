import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';

export const DEMO = { email: 'demo@mapwright.dev', password: 'demo-harbour-lantern' };
const SCREENSHOTS = resolve(import.meta.dirname, 'screenshots');
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export async function login(page: Page, base = '', who: { email: string; password: string } = DEMO) {
  await page.goto(`${base}/auth/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: resolve(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Runs axe-core in the page; fails on serious or critical violations, listing them. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // a transition still running (a drawer sliding in, a fade) lowers the contrast axe measures:
  // wait for the finite ones to end (a spinner's endless animation is not waited for)
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: unknown[] }> } })
      .axe;
    const result = await axe.run(document);
    return (result.violations as { id: string; impact: string; nodes: { html: string }[] }[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`);
  });
  expect(violations).toEqual([]);
}

const STAFF_LOGIN = { username: 'staff@mapwright.dev', password: 'staff-e2e-password' };

/**
 * Signs in as the owner of a new, empty organization (made by staff through `/api/orgs`, the
 * invitation accepted through the API): for tests that need empty states or exact counts, which
 * the demo organization cannot promise once other specs have run in it.
 */
export async function loginToNewOrganization(page: Page): Promise<{ email: string; password: string }> {
  const staff = await page.request.post('/api/auth/jwt/login', { form: STAFF_LOGIN });
  expect(staff.ok(), await staff.text()).toBe(true);
  const { access_token } = await staff.json();
  const email = `owner-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const created = await page.request.post('/api/orgs', {
    headers: { Authorization: `Bearer ${access_token}` },
    data: { name: `Fresh ${email}`, owner_email: email, owner_name: 'Fresh Owner' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const token = new URL((await created.json()).invite_link).searchParams.get('token');
  const password = 'quiet-meadow-harbour-71';
  const reset = await page.request.post('/api/auth/reset-password', { data: { token, password } });
  expect(reset.ok(), await reset.text()).toBe(true);
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  return { email, password };
}
