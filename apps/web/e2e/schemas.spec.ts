import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, login, screenshot } from './helpers.ts';

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

const field = (page: Page, name: string) => page.getByRole('group', { name: `Field ${name}`, exact: true });

async function pickType(page: Page, name: string, type: string) {
  await field(page, name).getByRole('combobox', { name: 'Type', exact: true }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
}

async function rename(page: Page, from: string, to: string) {
  await field(page, from).getByRole('textbox', { name: 'Name' }).fill(to);
  await expect(field(page, to)).toBeVisible();
}

/** Notifications fade in and out, which axe reads as low contrast: close them before a scan. */
async function closeNotifications(page: Page) {
  const close = page.getByRole('button', { name: 'Close notification' });
  await expect(async () => {
    if (await close.count()) await close.first().click({ timeout: 1000 });
    // a pointer resting on a notification pauses its auto-close
    await page.mouse.move(640, 790);
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

async function createSchema(page: Page, menuItem: string, name: string) {
  await page.goto('/schemas');
  await page.getByRole('button', { name: 'New schema' }).first().click();
  await page.getByRole('menuitem', { name: menuItem }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  return dialog;
}

test('a schema is built in the field tree, saved, versioned, exported, mapped and deleted', async ({
  page,
}) => {
  test.setTimeout(90_000); // one long journey through every part of the screen
  const name = `E2E Customers ${Date.now()}`;
  const dialog = await createSchema(page, 'Blank schema', name);
  await dialog.getByRole('button', { name: 'Create schema' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page).toHaveURL(/\/schemas\/[0-9a-f-]{36}$/);
  await expect(page.getByText('All changes saved · version 1')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Fields (0)' })).toBeVisible();

  // add, rename, retype, require
  await page.getByRole('button', { name: 'Add field' }).click();
  await rename(page, 'new_field', 'customer_id');
  await pickType(page, 'customer_id', 'Integer');
  await field(page, 'customer_id').getByRole('checkbox', { name: 'Required' }).check();
  await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();

  // a nested object with a required field inside
  await page.getByRole('button', { name: 'Add field' }).click();
  await rename(page, 'new_field', 'address');
  await pickType(page, 'address', 'Object (nested fields)');
  await page.getByRole('button', { name: 'Add a field inside address' }).click();
  await rename(page, 'new_field', 'zip');
  await field(page, 'zip').getByRole('checkbox', { name: 'Required' }).check();

  // a name problem blocks saving until it is fixed
  await field(page, 'zip').getByRole('textbox', { name: 'Name' }).fill('zip.code');
  await expect(page.getByText("Field names may not contain '.'")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await rename(page, 'zip.code', 'zip');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved as version 2')).toBeVisible();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('All changes saved · version 2')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Fields (3)' })).toBeVisible();
  await closeNotifications(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'schema-detail');

  // the JSON tab shows the same schema
  await page.getByRole('tab', { name: 'JSON' }).click();
  const json = page.getByRole('textbox', { name: 'Schema JSON' });
  await expect(json).toContainText('"customer_id"');
  await expect(json).toContainText('"type": "integer"');
  await expect(json).toContainText('"zip"');
  await expect(json).toContainText('"required": [');

  // invalid JSON: an error with line and column, Save blocked, Fields waits for a fix
  await json.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' oops');
  await expect(page.getByText(/^Invalid JSON: /)).toContainText(/\(line 22, column 3\)/);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await screenshot(page, 'schema-json-error');
  await page.getByRole('tab', { name: /Fields/ }).click();
  await expect(page.getByText('The JSON has an error')).toBeVisible();
  await page.getByRole('button', { name: 'Go to the JSON' }).click();
  // the editor opens focused at the error
  await expect(json).toBeFocused();
  await page.keyboard.press('Control+End');
  for (let i = 0; i < 5; i++) await page.keyboard.press('Backspace');
  await expect(page.getByText(/^Invalid JSON: /)).toHaveCount(0);
  await expect(page.getByText('Valid JSON', { exact: true })).toBeVisible();
  await expect(page.getByText('All changes saved · version 2')).toBeVisible();

  // import: a broken file is refused with where it breaks; a schema file becomes an unsaved change
  const fileInput = page.getByLabel('JSON Schema file to import');
  await fileInput.setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{\n  "type": "object",\n  "properties": {\n    "a": 1,\n  }\n}'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'Not imported' })).toContainText(
    /broken\.json is not valid JSON: .*\(line 5, column 3\)/,
  );
  // a file that parses but is no object schema: the server's 422 is shown, nothing is saved
  await fileInput.setInputFiles({
    name: 'not-an-object.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"type": "string", "properties": {}}'),
  });
  await expect(page.getByText('Loaded not-an-object.json')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Not saved: the schema has problems' }),
  ).toContainText('The schema must be an object schema');
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Versions (2)' })).toBeVisible();
  await screenshot(page, 'schema-save-rejected');

  const imported = {
    type: 'object',
    properties: {
      customer_id: { type: 'integer' },
      address: { type: 'object', properties: { zip: { type: 'string' } }, required: ['zip'] },
      email: { type: 'string', format: 'email' },
    },
    required: ['customer_id', 'ghost'],
  };
  await fileInput.setInputFiles({
    name: 'customers.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(imported)),
  });
  // replacing unsaved changes asks first
  await page.getByRole('button', { name: 'Replace them' }).click();
  await expect(page.getByText('Loaded customers.json')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toHaveCount(0);
  await expect(field(page, 'email')).toBeVisible();
  await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Saved as version 3')).toBeVisible();

  // versions: the diff between 1 and 2, and restoring one as an unsaved change
  await page.getByRole('tab', { name: 'Versions (3)' }).click();
  await expect(page.getByRole('table', { name: 'Versions' }).getByRole('row')).toHaveCount(4);
  await page.getByRole('combobox', { name: 'Compare version' }).click();
  await page.getByRole('option', { name: /^Version 1 ·/ }).click();
  await page.getByRole('combobox', { name: 'with version' }).click();
  await page.getByRole('option', { name: /^Version 2 ·/ }).click();
  const changes = page.getByRole('list', { name: 'Changes from version 1 to version 2' });
  await expect(changes.getByRole('listitem')).toHaveCount(2);
  await expect(changes).toContainText('customer_id');
  await expect(changes).toContainText('address.zip');
  await expect(page.getByText('2 added')).toBeVisible();
  await closeNotifications(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'schema-versions-diff');

  await page.getByRole('button', { name: 'Restore version 1' }).click();
  await expect(page.getByText('Version 1 is in the editor')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Fields (0)' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Discard', exact: true }).click();
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByRole('tab', { name: 'Fields (4)' })).toBeVisible();
  await expect(page.getByText('All changes saved · version 3')).toBeVisible();

  // export: the saved version as <name>.schema.json, required reduced to real fields
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JSON' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${name}.schema.json`);
  const exported = JSON.parse(await readFile((await download.path()) as string, 'utf8'));
  expect(Object.keys(exported.properties)).toEqual(['customer_id', 'address', 'email']);
  expect(exported.properties.email.format).toBe('email');
  expect(exported.required).toEqual(['customer_id']);

  // the schema map: nothing feeds it yet
  await page.getByRole('link', { name: 'Schema map' }).click();
  await expect(page.getByRole('heading', { name: `Schema map: ${name}` })).toBeVisible();
  await expect(page.getByText('No pipeline uses this schema yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to pipelines' })).toHaveAttribute('href', '/pipelines');
  await closeNotifications(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'schema-map');

  // delete, after confirming
  await page.getByRole('link', { name: 'Edit schema' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `Delete "${name}"?` });
  await expect(confirm).toContainText('all 3 of its versions');
  await confirm.getByRole('button', { name: 'Delete schema' }).click();
  await expect(page).toHaveURL(/\/schemas$/);
  await expect(page.getByText(`Schema "${name}" deleted.`)).toBeVisible();
  await expect(page.getByRole('link', { name })).toHaveCount(0);
});

test('leaving with unsaved changes asks first', async ({ page }) => {
  const name = `E2E Guard ${Date.now()}`;
  const dialog = await createSchema(page, 'Blank schema', name);
  await dialog.getByRole('button', { name: 'Create schema' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Add field' }).click();
  await page.getByRole('link', { name: 'Schemas' }).first().click();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay here' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(field(page, 'new_field')).toBeVisible();
});

test('a schema is inferred from sample JSON records', async ({ page }) => {
  const name = `E2E Orders ${Date.now()}`;
  const dialog = await createSchema(page, 'Infer from sample JSON', name);
  await dialog.getByRole('textbox', { name: 'Sample records' }).fill(
    JSON.stringify([
      { order_id: 1, placed: '2024-03-01', total: 12.5, customer: { name: 'Ada' } },
      { order_id: 2, placed: '2024-03-02', total: 8, customer: { name: 'Grace' } },
    ]),
  );
  await dialog.getByRole('button', { name: 'Infer and save' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('All changes saved · version 1')).toBeVisible();
  for (const f of ['order_id', 'placed', 'total', 'customer', 'name'])
    await expect(field(page, f)).toBeVisible();
  await expect(field(page, 'order_id').getByRole('combobox', { name: 'Type', exact: true })).toHaveValue(
    'Integer',
  );
  await expect(field(page, 'placed').getByRole('combobox', { name: 'Type', exact: true })).toHaveValue(
    'Date',
  );
  await screenshot(page, 'schema-inferred');
});

test('the schema map shows which pipeline feeds each field, and a schema in use is not deleted', async ({
  page,
}) => {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const name = `E2E Contacts ${Date.now()}`;
  const schema = await page.request.post('/api/target_schemas', {
    headers,
    data: {
      name,
      schema: {
        type: 'object',
        properties: {
          first_name: { type: 'string' },
          last_name: { type: 'string' },
          email: { type: 'string' },
          address: { type: 'object', properties: { city: { type: 'string' } } },
          loyalty_points: { type: 'integer' },
        },
        required: ['first_name', 'loyalty_points'],
      },
    },
  });
  expect(schema.status()).toBe(201);
  const { id } = await schema.json();
  const pipeline = await page.request.post('/api/pipelines', {
    headers,
    data: { name: 'CRM contacts', target_schema: id },
  });
  expect(pipeline.status()).toBe(201);
  const job = await page.request.post(`/api/pipelines/${(await pipeline.json()).id}/jobs`, {
    headers,
    data: {
      data: [
        { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', city: 'London' },
        { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', city: 'New York' },
      ],
    },
  });
  expect(job.status()).toBe(201);
  const run = await page.request.post(`/api/jobs/${(await job.json()).id}/run`, { headers });
  expect(run.ok()).toBe(true);

  await page.goto(`/schema-map/${id}`);
  await expect(page.getByRole('heading', { name: `Schema map: ${name}` })).toBeVisible();
  const table = page.getByRole('table', { name: 'Fields and what feeds them' });
  const row = (path: string) => table.getByRole('row').filter({ hasText: path });
  await expect(row('first_name')).toContainText('CRM contacts');
  await expect(row('first_name')).toContainText('confidence');
  await expect(row('loyalty_points')).toContainText('Not fed · required');
  await screenshot(page, 'schema-map-fed');
  await expectNoSeriousA11yViolations(page);

  await page.getByText(/^Not fed \(\d+\)$/).click();
  await expect(page.getByRole('radio', { name: /Not fed/ })).toBeChecked();
  await expect(row('first_name')).toHaveCount(0);
  await expect(row('loyalty_points')).toBeVisible();

  // deleting a schema a pipeline maps into explains why it cannot be deleted
  await page.getByRole('link', { name: 'Edit schema' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `"${name}" is in use` });
  await expect(dialog).toContainText('A pipeline maps into this schema');
  await expect(dialog.getByRole('link', { name: 'CRM contacts' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
});

test('the field editor sets a format, a pattern and a range, and previews which values pass', async ({
  page,
}) => {
  const name = `E2E Rules ${Date.now()}`;
  const dialog = await createSchema(page, 'Blank schema', name);
  await dialog.getByRole('button', { name: 'Create schema' }).click();
  await expect(page.getByText('All changes saved · version 1')).toBeVisible();

  await page.getByRole('button', { name: 'Add field' }).click();
  await rename(page, 'new_field', 'email');
  await page.getByRole('button', { name: 'Show details of email' }).click();
  const email = field(page, 'email');
  await email.getByRole('combobox', { name: 'Format' }).click();
  await page.getByRole('option', { name: 'E-mail address' }).click();
  await email.getByRole('textbox', { name: 'Try values' }).fill('ada@example.com\nnot-an-email');
  const preview = email.getByRole('list', { name: 'Preview of email' });
  await expect(preview.getByRole('listitem')).toHaveCount(2);
  await expect(preview.getByRole('listitem').first()).toContainText('ada@example.com passes');
  await expect(preview.getByRole('listitem').nth(1)).toContainText('not-an-email fails');

  await page.getByRole('button', { name: 'Add field' }).click();
  await rename(page, 'new_field', 'score');
  await pickType(page, 'score', 'Number');
  await page.getByRole('button', { name: 'Show details of score' }).click();
  const score = field(page, 'score');
  await score.getByRole('textbox', { name: 'Smallest' }).fill('0');
  await score.getByRole('textbox', { name: 'Largest' }).fill('100');
  await score.getByRole('textbox', { name: 'Try values' }).fill('50\n101');
  await expect(score.getByRole('list', { name: 'Preview of score' })).toContainText('101 fails');
  await screenshot(page, 'schema-field-rules');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved as version 2')).toBeVisible();
  await page.getByRole('tab', { name: 'JSON' }).click();
  const json = page.getByRole('textbox', { name: 'Schema JSON' });
  await expect(json).toContainText('"format": "email"');
  await expect(json).toContainText('"maximum": 100');
  await closeNotifications(page);
  await expectNoSeriousA11yViolations(page);
});
