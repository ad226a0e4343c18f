import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';

export const DEMO = { email: 'demo@mapwright.dev', password: 'demo-harbour-lantern' };
const SCREENSHOTS = resolve(import.meta.dirname, 'screenshots');
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export async function login(page: Page, base = '') {
  await page.goto(`${base}/auth/login`);
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: resolve(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Runs axe-core in the page; fails on serious or critical violations, listing them. */
export async function expectNoSeriousA11yViolations(page: Page) {
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
