import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, login, screenshot } from './helpers.ts';

/*
 * Issue 7's walk-through: a user builds the cards workflow from the palette (entities → cards
 * fanned out per entity id → final node), test-runs it, sees the final output validate, turns it
 * on for a schedule and sees scheduled runs appear.
 */

// the spec's client-side sample output of a cards workflow (§3): the schema is inferred from it
const CARDS_SAMPLE = {
  cards: [
    {
      Holder: { 'First Name': 'Ava', 'Last Name': 'Chen', Address: 'San Francisco' },
      Card: {
        Name: 'Executive Travel – Ava Chen',
        'Card Number': '1753',
        'Expiration Date': '2029-11-30',
        'Card Type': 'Physical',
        'Card Status': 'ACTIVE',
        'Monthly Limit': 10000,
      },
    },
  ],
  'Number of Cards': 1,
  'Total Monthly Limit': 10000,
};

/** Toasts fade in and out: axe would measure a half-transparent one. */
async function dismissToasts(page: Page) {
  // a toast may close on its own between finding and clicking it: a detached one is skipped
  for (const close of await page.locator('.mantine-Notification-root button').all())
    await close.click({ timeout: 2_000 }).catch(() => undefined);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
}

const panel = (page: Page) => page.getByRole('complementary', { name: /settings/ });

test('build the cards workflow from the palette, test it, and run it on a schedule', async ({ page }) => {
  test.setTimeout(150_000);
  await login(page);
  await page.goto('/workflow_builder');
  // a new workflow has no name until given one (never saved as "Untitled workflow")
  await expect(page.getByRole('textbox', { name: 'Workflow name' })).toHaveValue('');
  await page.getByRole('textbox', { name: 'Workflow name' }).fill('Cards from the palette');

  // entities: the primary one only
  await page.getByRole('button', { name: /^Add GET .* \/api\/v1\/entities$/ }).click();
  await expect(panel(page).getByText('Endpoint node')).toBeVisible();
  await panel(page).getByRole('combobox', { name: 'is_primary' }).click();
  await page.getByRole('option', { name: 'true', exact: true }).click();

  // cards: one call per entity id
  await page.getByRole('button', { name: /^Add GET .* \/api\/v1\/cards$/ }).click();
  await panel(page).getByRole('button', { name: 'Take entity_id from an earlier node' }).click();
  await page.getByRole('menuitem', { name: 'Every id (one call each)' }).click();
  await expect(panel(page).getByRole('textbox', { name: /entity_id/ })).toHaveValue(
    '{{nodes.entities.data[*].id}}',
  );
  await expect(panel(page).getByText('Takes every id of entities (one call each)')).toBeVisible();

  // the canvas holds the chain entities → cards → final
  const canvas = page.getByTestId('workflow-canvas');
  await expect(canvas.locator('.react-flow__node')).toHaveCount(3);
  await expect(canvas.locator('.react-flow__edge')).toHaveCount(2);
  await expect(canvas.getByText('Fan-out: entities')).toBeVisible();

  // test the cards node alone: it runs entities first and shows its records
  await panel(page).getByRole('button', { name: 'Test this node' }).click();
  // (the first test run saves the new workflow as a draft: the page moves to its URL)
  await expect(page).toHaveURL(/\/workflows\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  await panel(page)
    .getByRole('tab', { name: /^Data \(\d+\)$/ })
    .click();
  await expect(panel(page).getByText(/\d+ records · 1 call · /)).toBeVisible();
  await expect(panel(page).getByLabel('Records of this node')).toContainText('card_holder');
  await screenshot(page, 'workflow-builder-node-data');

  // final node: sample data of the spec, schema inferred from it
  await canvas.getByRole('group', { name: /Final node/ }).click();
  await panel(page).getByRole('tab', { name: 'Sample data' }).click();
  await panel(page)
    .getByRole('textbox', { name: 'Final sample data JSON' })
    .fill(JSON.stringify(CARDS_SAMPLE, null, 2));
  await panel(page).getByRole('tab', { name: 'Schema' }).click();
  await panel(page).getByRole('button', { name: 'Infer the schema from the sample data' }).click();
  await expect(panel(page).getByRole('textbox', { name: 'Final schema JSON' })).toContainText(
    '"Monthly Limit"',
  );

  // the whole graph: the final output validates
  await page.getByRole('button', { name: 'Test run', exact: true }).click();
  await expect(panel(page).getByText('The output validates against the schema')).toBeVisible({
    timeout: 60_000,
  });
  await expect(panel(page).getByLabel('Final output')).toContainText('"Total Monthly Limit"');
  await expect(canvas.getByText('Output valid')).toBeVisible();
  await screenshot(page, 'workflow-builder-tested');
  await dismissToasts(page);
  await expectNoSeriousA11yViolations(page);

  // the engine's mapping for that data, explained field by field; pinned, every run uses it
  await panel(page).getByRole('tab', { name: 'Mapping' }).click();
  await panel(page).getByRole('button', { name: "Show the engine's mapping" }).click();
  const fields = panel(page).getByRole('list', { name: 'Mapping fields' });
  await expect(fields.getByRole('listitem').filter({ hasText: 'Total Monthly Limit' })).toContainText(
    'aggregate',
  );
  await expect(fields.getByRole('listitem').filter({ hasText: 'cards[*].Card.Monthly Limit' })).toContainText(
    'cards[*].limit',
  );
  await screenshot(page, 'workflow-builder-mapping');
  await panel(page)
    .getByRole('button', { name: /^Pin this mapping/ })
    .click();
  await expect(panel(page).getByText('This mapping is pinned')).toBeVisible();
  await expect(canvas.getByText(/mapping set/)).toBeVisible();

  // save it complete, then turn it on every 5 seconds
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Workflow saved')).toBeVisible();
  await page.locator('.react-flow__pane').click({ position: { x: 10, y: 10 } });
  await panel(page).getByRole('textbox', { name: 'Runs on (cron)' }).fill('*/5 * * * * *');
  await expect(panel(page).getByText('Every 5 seconds')).toBeVisible();
  // (the switch follows the saved workflow: click, then it turns on once saved)
  await panel(page)
    .getByRole('switch', { name: /Active/ })
    .click();
  await expect(panel(page).getByRole('switch', { name: /Active/ })).toBeChecked();
  await expect(page.getByText(/Active: every 5 seconds/)).toBeVisible();
  await expect(panel(page).getByText(/next run/)).toBeVisible();

  // scheduled runs appear and succeed
  const runs = panel(page).getByRole('list', { name: 'Runs of this workflow' });
  await expect(runs.getByText(/Schedule ·/).first()).toBeVisible({ timeout: 30_000 });
  await expect(
    runs.getByRole('listitem').filter({ hasText: 'Schedule' }).filter({ hasText: 'Succeeded' }).first(),
  ).toBeVisible({
    timeout: 45_000,
  });
  await screenshot(page, 'workflow-builder-active');
  await dismissToasts(page);
  await expectNoSeriousA11yViolations(page);

  // off again: no more scheduled runs
  await panel(page)
    .getByRole('switch', { name: /Active/ })
    .click();
  await expect(page.getByText(/Turned off/)).toBeVisible();

  // every save is a version; the first (the draft of the first test run) opens on the canvas
  const versions = panel(page).getByRole('list', { name: 'Versions' });
  await expect(versions.getByRole('listitem')).not.toHaveCount(0);
  await versions.getByRole('button', { name: 'Open version 1' }).click();
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await expect(canvas.getByText('No schema yet')).toBeVisible();
});

test('a broken graph gets a clear message and can be saved as a draft', async ({ page }) => {
  await login(page);
  await page.goto('/workflow_builder');
  await page.getByRole('textbox', { name: 'Workflow name' }).fill('Half-built');
  // only the final node: not a complete workflow
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'That did not work' });
  await expect(alert).toContainText(/first node/i);
  await alert.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page).toHaveURL(/\/workflows\/[0-9a-f-]{36}$/);
  await page.locator('.react-flow__pane').click({ position: { x: 10, y: 10 } });
  await expect(panel(page).getByText('Draft', { exact: true })).toBeVisible();
  await expect(panel(page).getByRole('switch', { name: /Active/ })).not.toBeChecked();
});

test('drag an endpoint onto the canvas; describe a request the catalogue lacks by hand', async ({ page }) => {
  await login(page);
  await page.goto('/workflow_builder');
  const canvas = page.getByTestId('workflow-canvas');
  await expect(canvas.getByText('Start with an endpoint from the palette')).toBeVisible();

  // drag "List reimbursements" from the palette onto the canvas
  await page
    .getByRole('button', { name: /^Add GET .* \/api\/v1\/reimbursements$/ })
    .dragTo(canvas, { targetPosition: { x: 150, y: 80 } });
  await expect(canvas.getByRole('group', { name: 'Endpoint node List reimbursements' })).toBeVisible();
  await expect(canvas.getByText('Start with an endpoint from the palette')).toHaveCount(0);

  // a hand-written request: its path parameter becomes a required parameter
  await page
    .getByRole('textbox', { name: 'Path', exact: true })
    .fill('/api/v1/transactions/{transaction_id}');
  await page.getByRole('button', { name: 'Add request' }).click();
  const params = panel(page);
  await expect(params.getByText('GET /api/v1/transactions/{transaction_id}').first()).toBeVisible();
  await expect(params.getByRole('textbox', { name: /transaction_id \(path\)/ })).toBeVisible();
  await expect(canvas.locator('.react-flow__node')).toHaveCount(3);

  // a POST request gets a JSON body editor that refuses what does not parse
  await page.getByRole('combobox', { name: 'Method' }).click();
  await page.getByRole('option', { name: 'POST' }).click();
  await page.getByRole('textbox', { name: 'Path', exact: true }).fill('/api/v1/echo');
  await page.getByRole('button', { name: 'Add request' }).click();
  await params.getByRole('textbox', { name: 'Request body JSON' }).fill('{"entity": ');
  await expect(params.getByText(/^Not applied: /)).toBeVisible();
  await params
    .getByRole('textbox', { name: 'Request body JSON' })
    .fill('{"entity": "{{nodes.reimbursements.data[0].id}}"}');
  await expect(params.getByText(/^Not applied: /)).toHaveCount(0);
  await screenshot(page, 'workflow-builder-custom-request');
  await expectNoSeriousA11yViolations(page);
});
