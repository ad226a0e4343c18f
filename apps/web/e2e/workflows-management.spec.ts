import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, login, screenshot } from './helpers.ts';

/** A switch is flipped where people click it: its track (the input itself is hidden under it). */
async function flip(sw: Locator) {
  await sw.locator('xpath=..').click();
}

// One server for the file: the demo org starts with the seeded, inactive "Sample cards workflow".
test.describe.configure({ mode: 'serial' });

const SAMPLE = 'Sample cards workflow';
const DRAFT = 'Half-built draft';

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown) {
  const token = (await page.evaluate(() => localStorage.getItem('token'))) as string;
  const res = await page.request.fetch(`/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    data: data as never,
  });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** Notifications fade in and out (axe misreads a half-faded one's contrast): close them first. */
async function dismissNotifications(page: Page) {
  const close = page.getByRole('button', { name: 'Dismiss notification' });
  await expect(async () => {
    if (await close.count()) await close.first().click({ timeout: 1000 });
    // a pointer resting on a notification pauses its auto-close
    await page.mouse.move(10, 10);
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

const workflowsTable = (page: Page) => page.getByRole('table', { name: 'Workflows' });
const rowOf = (page: Page, name: string) => workflowsTable(page).getByRole('row').filter({ hasText: name });

test('workflows: schedule, activate, run now, follow the run, a draft that cannot be active', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await login(page);
  // an incomplete draft, as the builder saves one
  await api(page, 'POST', '/workflows', { name: DRAFT, isComplete: false });

  await page.goto('/workflows/management');
  await expect(page.getByRole('heading', { name: 'Workflows', level: 1 })).toBeVisible();
  const sample = rowOf(page, SAMPLE);
  await expect(sample).toContainText('Every minute');
  await expect(sample).toContainText('* * * * *');
  await expect(sample).toContainText('Sample Finance API');
  await expect(sample).toContainText('Never run');
  await expect(sample).not.toContainText('Next run');
  await expect(page.getByRole('link', { name: SAMPLE })).toHaveAttribute(
    'href',
    /\/workflows\/[0-9a-f-]{36}$/,
  );

  // the search narrows the list by name
  await page.getByLabel('Search').fill('half-built');
  await expect(rowOf(page, DRAFT)).toBeVisible();
  await expect(rowOf(page, SAMPLE)).toHaveCount(0);
  await page.getByLabel('Search').fill('');
  await expect(rowOf(page, SAMPLE)).toBeVisible();

  // a draft cannot be active: the server's reason is shown and the switch stays off
  const draftSwitch = page.getByRole('switch', { name: `Active: ${DRAFT}` });
  await flip(draftSwitch);
  const refused = page.getByRole('alert').filter({ hasText: `“${DRAFT}” cannot be activated` });
  await expect(refused).toContainText('a workflow without nodes cannot be active');
  await expect(draftSwitch).not.toBeChecked();

  // activate the sample: its next run is shown
  const active = page.getByRole('switch', { name: `Active: ${SAMPLE}` });
  await flip(active);
  await expect(active).toBeChecked();
  await expect(sample).toContainText(/Next run (in|just)/);

  // run it now: a manual run appears in Recent runs and succeeds
  await sample.getByRole('button', { name: `Actions for ${SAMPLE}` }).click();
  await page.getByRole('menuitem', { name: 'Run now' }).click();
  const runs = page.getByRole('table', { name: 'Recent runs' });
  const manual = runs.getByRole('row').filter({ hasText: SAMPLE }).filter({ hasText: 'Manual' });
  await expect(manual).toHaveCount(1, { timeout: 15_000 });
  await expect(manual).toContainText('Succeeded', { timeout: 60_000 });
  await expect(sample).not.toContainText('Never run');
  await dismissNotifications(page);
  await screenshot(page, 'workflows-management');
  await expectNoSeriousA11yViolations(page);

  // open the run: one row per node, each succeeded, with calls and records
  await manual.getByRole('button', { name: /Open run of Sample cards workflow/ }).click();
  const drawer = page.getByRole('dialog', { name: `Run of “${SAMPLE}”` });
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText('Succeeded');
  await expect(drawer).toContainText('Manual');
  const nodes = drawer.getByRole('table', { name: 'Run nodes' });
  for (const [id, label] of [
    ['entities', 'Primary entity'],
    ['cards', 'Executive Travel cards'],
    ['final', 'Cards summary'],
  ] as const) {
    const row = nodes.locator(`tr[data-node="${id}"]`);
    await expect(row).toContainText(label);
    await expect(row).toContainText('Succeeded');
  }
  // the sample data has one primary entity with two Executive Travel cards
  await expect(nodes.locator('tr[data-node="cards"] td').nth(5)).toHaveText('2');
  await expect(drawer).toContainText('Matches the schema');
  await expect(drawer.getByRole('button', { name: 'Cancel run' })).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: 'Retry from failed node' })).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Show calls of Executive Travel cards' }).click();
  await expect(drawer).toContainText('Request: GET /api/v1/cards?entity_id=');
  await expect(drawer).toContainText('Response: HTTP 200');
  await dismissNotifications(page);
  await screenshot(page, 'workflows-run-drawer');
  await expectNoSeriousA11yViolations(page);
  await drawer.getByRole('button', { name: 'Close run' }).click();
  await expect(drawer).toBeHidden();

  // the status filter: no failed runs, the manual one among the succeeded
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Failed' }).click();
  await expect(page.getByText('No run matches these filters')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Succeeded' }).click();
  await expect(manual).toBeVisible();

  // deactivate it again: no next run any more
  await flip(active);
  await expect(active).not.toBeChecked();
  await expect(sample).not.toContainText('Next run');
  const saved = await api<{ items: { name: string; isActive: boolean }[] }>(page, 'GET', '/workflows');
  expect(saved.items.find((w) => w.name === SAMPLE)?.isActive).toBe(false);

  // archive the draft through its menu and the confirm modal: it leaves the list, kept under Archived
  await rowOf(page, DRAFT)
    .getByRole('button', { name: `Actions for ${DRAFT}` })
    .click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Archive workflow' }).click();
  await expect(rowOf(page, DRAFT)).toHaveCount(0);
  await expect(rowOf(page, SAMPLE)).toBeVisible();
  await dismissNotifications(page);

  const views = page.getByRole('radiogroup', { name: 'Show workflows or archived workflows' });
  await views.getByText('Archived', { exact: true }).click();
  const archived = page.getByRole('table', { name: 'Archived workflows' });
  await expect(archived.getByRole('row').filter({ hasText: DRAFT })).toBeVisible();
  await expect(archived.getByRole('row').filter({ hasText: SAMPLE })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'workflows-archived');
  await archived.getByRole('button', { name: `Restore ${DRAFT}` }).click();
  await expect(page.getByText('No archived workflows')).toBeVisible();
  await views.getByText('Workflows', { exact: true }).click();
  await expect(rowOf(page, DRAFT)).toBeVisible();
  await expect(rowOf(page, SAMPLE)).toBeVisible();
});

test('connected apps: connect with an API key, refuse a bad URL, disconnect', async ({ page }) => {
  await login(page);
  await page.goto('/workflows/authenticated_apps');
  await expect(page.getByRole('heading', { name: 'Connected apps', level: 1 })).toBeVisible();
  await expect(page.getByText('No connected apps yet')).toBeVisible();
  await screenshot(page, 'workflows-connected-apps-empty');

  await page.getByRole('button', { name: 'Connect an app' }).click();
  const modal = page.getByRole('dialog', { name: 'Connect an app' });
  const field = (name: string) => modal.getByRole('textbox', { name, exact: true });
  const secret = (label: string) => modal.locator('input[type="password"]').and(modal.getByLabel(label));
  // nothing filled in: every required field says so, nothing is sent
  await modal.getByRole('button', { name: 'Connect app' }).click();
  await expect(modal.getByText('Name is required')).toBeVisible();
  await expect(modal.getByText('API key is required')).toBeVisible();
  await field('Name').fill('Acme Ledger');
  await field('Base URL').fill('https://api.acme.test');
  await field('OpenAPI catalogue URL').fill('https://api.acme.test/openapi.json');
  await secret('API key').fill('sk-test-123');
  await screenshot(page, 'workflows-connect-app');
  await modal.getByRole('button', { name: 'Connect app' }).click();
  await expect(modal).toBeHidden();

  const table = page.getByRole('table', { name: 'Connected apps' });
  const acme = table.getByRole('row').filter({ hasText: 'Acme Ledger' });
  const today = await page.evaluate(() => new Date().toLocaleDateString(undefined, { dateStyle: 'medium' }));
  await expect(acme).toContainText(today);
  await expect(acme).toContainText('https://api.acme.test');
  await expect(acme).toContainText('https://api.acme.test/openapi.json');
  await expect(acme).toContainText('API key');
  await expect(acme.getByText('AL', { exact: true })).toBeVisible();
  // the key is nowhere: not in the text, the markup or any field
  await expect(page.locator('body')).not.toContainText('sk-test-123');
  expect(await page.content()).not.toContain('sk-test-123');
  const values = await page.evaluate(() =>
    [...document.querySelectorAll('input, textarea')].map((i) => (i as HTMLInputElement).value),
  );
  expect(values).not.toContain('sk-test-123');
  const listed = await api<{ items: Record<string, unknown>[] }>(
    page,
    'GET',
    '/workflows/authenticated-apps',
  );
  expect(JSON.stringify(listed)).not.toContain('sk-test-123');
  expect(listed.items).toHaveLength(1);
  expect(listed.items[0]?.catalogueUrl).toBe('https://api.acme.test/openapi.json');

  // a bad base URL: the field says why and nothing is added
  await page.getByRole('button', { name: 'Connect an app' }).click();
  await field('Name').fill('Broken app');
  await field('Base URL').fill('ftp://files.acme.test');
  await field('OpenAPI catalogue URL').fill('ftp://files.acme.test/openapi.json');
  await secret('API key').fill('sk-other');
  await modal.getByRole('button', { name: 'Connect app' }).click();
  await expect(modal.getByText('Base URL must be an http(s) URL')).toBeVisible();
  await expect(field('Base URL')).toHaveAttribute('aria-invalid', 'true');
  await expect(modal.getByText('OpenAPI catalogue URL must be an http(s) URL, or left empty')).toBeVisible();
  await expect(field('OpenAPI catalogue URL')).toHaveAttribute('aria-invalid', 'true');
  // the OAuth2 kind asks for its own fields
  await modal.getByText('OAuth2 client credentials').click();
  await expect(field('Token URL')).toBeVisible();
  await expect(secret('Client secret')).toBeVisible();
  await expect(secret('API key')).toHaveCount(0);
  await screenshot(page, 'workflows-connect-app-oauth');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();
  await expect(table.getByRole('row').filter({ hasText: 'Broken app' })).toHaveCount(0);
  expect((await api<{ items: unknown[] }>(page, 'GET', '/workflows/authenticated-apps')).items).toHaveLength(
    1,
  );

  await dismissNotifications(page);
  await screenshot(page, 'workflows-connected-apps');
  await expectNoSeriousA11yViolations(page);

  // disconnect, confirmed: gone
  await acme.getByRole('button', { name: 'Disconnect Acme Ledger' }).click();
  await page
    .getByRole('dialog', { name: 'Disconnect “Acme Ledger”?' })
    .getByRole('button', { name: 'Disconnect' })
    .click();
  // axe must not see the confirmation while it fades out (half-transparent text fails contrast)
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByText('No connected apps yet')).toBeVisible();
  await expect(table).toHaveCount(0);
  expect((await api<{ items: unknown[] }>(page, 'GET', '/workflows/authenticated-apps')).items).toHaveLength(
    0,
  );
  await expectNoSeriousA11yViolations(page);
});

test('a failing run: its error, the failed node, retry from the failed node', async ({ page }) => {
  test.setTimeout(150_000);
  await login(page);
  // a workflow whose first node calls an app that cannot be reached (no retries: it fails at once)
  const app = await api<{ id: string }>(page, 'POST', '/workflows/authenticated-apps', {
    kind: 'api_key',
    name: 'Unreachable ledger',
    baseUrl: 'https://ledger.unreachable.test',
    apiKey: 'sk-unused',
  });
  await api(page, 'POST', '/workflows', {
    name: 'Ledger sync',
    nodes: [
      {
        id: 'ledger',
        type: 'custom',
        position: { x: 0, y: 0 },
        data: {
          label: 'Ledger entries',
          endpoint: { app: app.id, method: 'GET', path: '/entries' },
          isFirstNode: true,
          errorHandling: { retries: 0, delay: 0 },
        },
      },
      { id: 'final', type: 'final', position: { x: 0, y: 160 }, data: { name: 'Ledger output' } },
    ],
    edges: [{ id: 'ledger-final', source: 'ledger', target: 'final' }],
  });

  await page.goto('/workflows/management');
  const row = rowOf(page, 'Ledger sync');
  await expect(row).toContainText('Unreachable ledger');
  await row.getByRole('button', { name: 'Actions for Ledger sync' }).click();
  await page.getByRole('menuitem', { name: 'Run now' }).click();
  const runs = page.getByRole('table', { name: 'Recent runs' });
  const failed = runs.getByRole('row').filter({ hasText: 'Ledger sync' });
  await expect(failed).toHaveCount(1, { timeout: 15_000 });
  await expect(failed).toContainText('Failed', { timeout: 60_000 });
  await expect(row).toContainText('Failed');

  // the last run's link in the workflow row opens it
  await row.getByRole('button', { name: /Last run of Ledger sync/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Run of “Ledger sync”' });
  await expect(drawer.getByRole('alert').filter({ hasText: 'The run failed' })).toBeVisible();
  const nodes = drawer.getByRole('table', { name: 'Run nodes' });
  await expect(nodes.locator('tr[data-node="ledger"]')).toContainText('Failed');
  await expect(nodes.locator('tr[data-node="final"]')).not.toContainText('Succeeded');
  await expect(drawer.getByRole('button', { name: 'Cancel run' })).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: 'Retry from start' })).toBeVisible();

  // retry from the failed node: the drawer follows the new run, a retry of the first
  await drawer.getByRole('button', { name: 'Retry from failed node' }).click();
  await expect(drawer.getByRole('button', { name: 'of an earlier run' })).toBeVisible();
  await expect(drawer).toContainText('from “Ledger entries”');
  await expect(drawer.getByRole('button', { name: 'Retry from failed node' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(runs.getByRole('row').filter({ hasText: 'Ledger sync' })).toHaveCount(2);
  await dismissNotifications(page);
  await screenshot(page, 'workflows-run-drawer-failed');
  await expectNoSeriousA11yViolations(page);
  // back to the first run
  await drawer.getByRole('button', { name: 'of an earlier run' }).click();
  await expect(drawer.getByRole('button', { name: 'of an earlier run' })).toHaveCount(0);
  await drawer.getByRole('button', { name: 'Close run' }).click();

  // the status filter finds both failures
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Failed' }).click();
  await expect(runs.getByRole('row').filter({ hasText: 'Ledger sync' })).toHaveCount(2);
  await expect(runs.getByRole('row').filter({ hasText: SAMPLE })).toHaveCount(0);
});
