import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, login, screenshot } from './helpers.ts';

const PROMPT = 'Every active card of the primary entity with the holder and the total monthly limit';

test('describe the output, review the proposal, create it and land in the builder', async ({ page }) => {
  await login(page);
  await page.goto('/workflows/create');
  await expect(page.getByRole('heading', { name: 'New workflow' })).toBeVisible();
  await page.getByLabel('Describe the output you want').fill(PROMPT);
  await page.getByRole('button', { name: 'Propose a workflow' }).click();

  const proposal = page.getByRole('region', { name: 'Proposal' });
  const steps = proposal.getByRole('list', { name: 'Proposed steps' });
  await expect(steps.getByRole('listitem')).toHaveCount(3);
  const entities = steps.getByLabel('Node entities');
  const cards = steps.getByLabel('Node cards');
  await expect(entities).toContainText('/api/v1/entities');
  await expect(entities).toContainText('is_primary = true');
  await expect(entities).toContainText('First node');
  await expect(cards).toContainText('/api/v1/cards');
  await expect(cards).toContainText("entity_id = each entities record's id");
  await expect(cards).toContainText('Fan-out');
  await expect(steps.getByLabel('Final node final')).toContainText('Total limit');
  const explanation = proposal.getByRole('list', { name: 'Explanation' });
  await expect(explanation).toContainText('Fan-out: cards calls /api/v1/cards once per entities record');
  await expect(explanation).toContainText('Filled from the prompt: is_primary = true on entities');
  await expect(proposal.getByRole('list', { name: 'Warnings' })).toContainText('card_status');
  await expect(proposal.getByRole('table', { name: 'Output fields' })).toContainText('Total limit');

  // the schema and the sample data are folded until asked for
  const schemaJson = proposal.getByLabel('Final schema (JSON Schema) as JSON');
  await expect(schemaJson).toBeHidden();
  await proposal.getByRole('button', { name: 'Final schema (JSON Schema)' }).click();
  await expect(schemaJson).toBeVisible();
  await expect(schemaJson).toContainText('"card_holder"');
  await proposal.getByRole('button', { name: 'Sample data' }).click();
  await expect(proposal.getByLabel('Sample data as JSON')).toContainText('"Total limit": 1000');
  await screenshot(page, 'workflows-create-proposal');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Primary entity cards from a prompt');
  await page.getByRole('button', { name: 'Create and open in builder' }).click();
  await expect(page).toHaveURL(/\/workflows\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  const id = new URL(page.url()).pathname.split('/').pop();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get(`/api/workflows/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  const workflow = await res.json();
  expect(workflow.nodes.map((n: { id: string }) => n.id)).toEqual(['entities', 'cards', 'final']);
  expect(workflow).toMatchObject({
    name: 'Primary entity cards from a prompt',
    isActive: false,
    prompt: PROMPT,
    sourceApp: 'sample-finance',
  });
  expect(Object.keys(workflow.jsonSchema.properties)).toEqual(['cards', 'Total limit']);
});

test('a description of something the API does not have says what it can fetch', async ({ page }) => {
  await login(page);
  await page.goto('/workflows/create');
  const box = page.getByLabel('Describe the output you want');
  await page.getByRole('button', { name: 'Propose a workflow' }).click();
  await expect(page.getByText('Describe the output first: name the records you want')).toBeVisible();
  await expect(box).toHaveAttribute('aria-invalid', 'true');

  await box.fill('The weather in Paris tomorrow');
  await expect(box).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Propose a workflow' }).click();
  await expect(
    page.getByText(
      /^Nothing in the prompt matches an endpoint of Sample Finance API\. It can fetch: entities/,
    ),
  ).toBeVisible();
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('region', { name: 'Proposal' })).toHaveCount(0);
  await screenshot(page, 'workflows-create-error');
  await expectNoSeriousA11yViolations(page);

  // an example fills the description and plans
  await page
    .getByRole('button', { name: 'How many approved reimbursements, and their total amount?' })
    .click();
  await expect(box).toHaveValue('How many approved reimbursements, and their total amount?');
  await page.getByRole('button', { name: 'Propose a workflow' }).click();
  const steps = page.getByRole('list', { name: 'Proposed steps' });
  await expect(steps.getByLabel('Node reimbursements')).toContainText('status = APPROVED');
  await expect(page.getByRole('table', { name: 'Output fields' })).toContainText('Number of reimbursements');
});
