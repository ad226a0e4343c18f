import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, login, screenshot } from './helpers.ts';
import { api, closeNotifications, field, valueIn, waitForRun } from './workshop-helpers.ts';

let pageErrors: string[] = [];
test.beforeEach(async ({ page }) => {
  pageErrors = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  await login(page);
});
test.afterEach(() => {
  // a render error blanks the page; name it instead of timing out on a missing element
  expect(pageErrors).toEqual([]);
});

const SCHEMA = {
  type: 'object',
  properties: {
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    employment_type: { type: 'string', enum: ['FULL_TIME', 'PART_TIME'] },
  },
};
const NAMES = ['Lovelace, Ada', 'Hopper, Grace', 'Turing, Alan', 'Johnson, Katherine', 'Liskov, Barbara'];
/** "Last, First" names to split, and one-letter codes the engine maps to the enum by their initials. */
const RECORDS = Array.from({ length: 15 }, (_, i) => ({
  'Full Name': NAMES[i % NAMES.length],
  'Emp Type': i % 3 ? 'F' : 'P',
}));

test('the workshop shows suggestions with their evidence; one is accepted, another rejected', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const pipeline = await api(page, 'POST', '/pipelines', {
    name: `Employees ${Date.now()}`,
    target_schema: SCHEMA,
  });
  await api(page, 'POST', `/pipelines/${pipeline.id}/jobs`, { data: RECORDS });

  await page.goto(`/workshop?pipeline=${pipeline.id}`);
  await expect(page).toHaveURL(/\/workshop\?id=[0-9a-f-]{36}$/);
  const workshopId = new URL(page.url()).searchParams.get('id') as string;
  await expect(page.getByRole('heading', { name: pipeline.name, level: 1 })).toBeVisible();
  await waitForRun(page);

  // the name split: its transform in words and its evidence
  const first = field(page, 'first_name');
  await expect(first).toContainText('Full Name, the first name out of a whole name');
  await expect(first).toContainText(/Why:.*whole person names/);
  await expect(valueIn(page, 'first_name')).toHaveText('Ada');
  await expect(field(page, 'last_name')).toContainText('Full Name, the last name out of a whole name');
  await expect(valueIn(page, 'last_name')).toHaveText('Lovelace');

  // the code lookup: unsure pairs listed and the suggestion flagged
  const emp = field(page, 'employment_type');
  await expect(emp).toContainText('Emp Type, looked up in a table of 2 values');
  await expect(emp.getByText('Needs review', { exact: true })).toBeVisible();
  await expect(emp).toContainText('2 unsure pairs to check before accepting');
  const pairs = emp.getByRole('list', { name: 'Lookup table of employment_type' });
  await expect(pairs.getByRole('listitem')).toHaveCount(2);
  await expect(pairs.getByRole('listitem').filter({ hasText: 'F' }).first()).toContainText(
    /FULL_TIME.*unsure/,
  );
  await expect(valueIn(page, 'employment_type')).toHaveText('PART_TIME');

  // each suggestion has both actions
  for (const name of ['first_name', 'last_name', 'employment_type']) {
    await expect(
      field(page, name).getByRole('button', { name: `Accept the suggestion for ${name}` }),
    ).toBeVisible();
    await expect(
      field(page, name).getByRole('button', { name: `Reject the suggestion for ${name}` }),
    ).toBeVisible();
  }
  await page.screenshot({ path: '/tmp/ws-suggestions.png', fullPage: true });
  await closeNotifications(page);
  await expectNoSeriousA11yViolations(page);

  // a long reason starts folded and opens on demand
  const showAll = emp.getByRole('button', { name: 'Show all of why employment_type' });
  await expect(showAll).toHaveAttribute('aria-expanded', 'false');
  await showAll.click();
  await expect(emp.getByRole('button', { name: 'Show less of why employment_type' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await emp.screenshot({ path: '/tmp/ws-lookup-open.png' });

  // accept: approved, and the choice is gone
  await first.getByRole('button', { name: 'Accept the suggestion for first_name' }).click();
  await expect(first.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(first.getByRole('checkbox', { name: 'Approve first_name' })).toBeChecked();
  await expect(first.getByRole('button', { name: /Accept the suggestion/ })).toHaveCount(0);
  await expect(page.getByTestId('undeployed-edits')).toHaveText('1 undeployed edit');

  // reject: the field is no longer fed by the suggestion, and the records are mapped again
  await emp.getByRole('button', { name: 'Reject the suggestion for employment_type' }).click();
  await expect(page.getByText('Suggestion for employment_type rejected')).toBeVisible();
  await waitForRun(page);
  await expect(emp.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(emp).toContainText('Not mapped: the suggestion was rejected');
  await expect(emp.getByText('Needs review', { exact: true })).toHaveCount(0);
  await expect(emp.getByRole('button', { name: /Reject the suggestion/ })).toHaveCount(0);
  await expect(valueIn(page, 'employment_type')).not.toHaveText('PART_TIME');
  // the target takes no null: the field is left out, and every record stays valid
  await expect(page.getByText(/15 valid, 0 failing/)).toBeVisible();
  await expect(emp).not.toContainText(/Fails in/);
  await expect(page.getByTestId('undeployed-edits')).toHaveText('2 undeployed edits');
  // the other suggestions wait for a decision still
  await expect(
    field(page, 'last_name').getByRole('button', { name: 'Accept the suggestion for last_name' }),
  ).toBeVisible();

  // the server agrees: accepted is approved, rejected has no source
  const draft = await api(page, 'GET', `/workshops/${workshopId}/draft`);
  const byTarget = new Map(
    (draft.spec.fields as { target: string; sources: string[]; status?: string }[]).map((f) => [f.target, f]),
  );
  expect(byTarget.get('first_name')?.status).toBe('approved');
  expect(byTarget.get('employment_type')?.sources).toEqual([]);
  expect(byTarget.get('last_name')?.status).toBe('suggested');

  await page.screenshot({ path: '/tmp/ws-decided.png', fullPage: true });
  await screenshot(page, 'workshop-suggestions');
  await closeNotifications(page);
  await expectNoSeriousA11yViolations(page);
});
