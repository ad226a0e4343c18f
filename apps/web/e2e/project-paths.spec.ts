import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, login, screenshot } from './helpers.ts';

// Issue 24.7 "Work drifts out of the project": Import on a file row, create on the project's tabs,
// what is created there belongs to the project, and the pipeline wizard starts on existing schemas.
const stamp = Date.now().toString(36);
const CSV_NAME = `crm-contacts-${stamp}.csv`;
const CSV = [
  'id,full_name,email,country,signed_up',
  '1,Sarah Smith,sarah@example.com,Germany,2023-09-07',
  '2,Jan van der Berg,jan@example.nl,Netherlands,2023-10-14',
  '3,Ana Lima,ana@example.br,Brazil,2023-10-03',
  '',
].join('\n');

async function notificationsGone(page: Page) {
  await expect(page.getByRole('button', { name: 'Dismiss notification' })).toHaveCount(0, {
    timeout: 10_000,
  });
}

test('work started in a project stays in it: import from a file row, schema from the tab, wizard on existing schemas', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), 'mw-e2e-paths-'));
  const csvPath = join(dir, CSV_NAME);
  writeFileSync(csvPath, CSV);
  await login(page);

  // 1. a new project; every tab offers to create in it
  await page.goto('/projects');
  const projectName = `CRM clean-up ${stamp}`;
  await page.getByRole('button', { name: 'New project' }).first().click();
  const create = page.getByRole('dialog', { name: 'New project' });
  await create.getByLabel('Name').fill(projectName);
  await create.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
  const projectUrl = page.url();
  const projectId = projectUrl.split('/').pop()!;
  await expect(page.getByRole('heading', { name: projectName, level: 1 })).toBeVisible();

  // the Imports tab's New import, with no file yet, says so and leads to the Files tab
  await page.getByRole('tab', { name: /Imports/ }).click();
  await expect(page.getByText('No imports yet')).toBeVisible();
  await screenshot(page, 'project-paths-imports-empty');
  await page.getByRole('button', { name: 'New import' }).first().click();
  const noFile = page.getByRole('dialog', { name: 'New import in this project' });
  await expect(noFile.getByText('No files in this project yet')).toBeVisible();
  await page.waitForTimeout(400); // the modal's opening transition
  await screenshot(page, 'project-paths-new-import-no-file');
  await noFile.getByRole('button', { name: 'Upload a file' }).click();
  await expect(page.getByRole('tab', { name: /Files/, selected: true })).toBeVisible();

  // 2. upload a file into the project, then Import on its row
  const manager = page.getByTestId('file-manager');
  await manager.getByLabel('Choose files to upload').setInputFiles(csvPath);
  await expect(page.getByText(`${CSV_NAME} uploaded.`)).toBeVisible();
  const row = manager.getByRole('table', { name: 'Files' }).getByRole('row', { name: new RegExp(CSV_NAME) });
  await expect(row.getByRole('button', { name: `Import ${CSV_NAME}` })).toBeVisible();
  await notificationsGone(page);
  await screenshot(page, 'project-paths-files');
  await expectNoSeriousA11yViolations(page);
  await row.getByRole('button', { name: `Import ${CSV_NAME}` }).click();
  await expect(page).toHaveURL(/\/imports\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Succeeded', { exact: true })).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'project-paths-import');

  // the import is the project's
  await page.goto(`${projectUrl}?tab=imports`);
  await expect(page.getByRole('tab', { name: 'Imports (1)' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Imports of this project' })).toContainText(CSV_NAME);
  // New import on the tab offers the project's files (its only one picked)
  await page.getByRole('button', { name: 'New import' }).click();
  const newImport = page.getByRole('dialog', { name: 'New import in this project' });
  await expect(newImport.getByRole('combobox', { name: 'File' })).toHaveValue(`${CSV_NAME} · v1`);
  await page.waitForTimeout(400); // the modal's opening transition
  await screenshot(page, 'project-paths-new-import');
  await expectNoSeriousA11yViolations(page);
  await newImport.getByRole('button', { name: 'Cancel' }).click();
  await expect(newImport).toBeHidden();

  // 3. a schema made on the Schemas tab, from the project's dataset, joins the project
  await page.getByRole('tab', { name: /Schemas/ }).click();
  await expect(page.getByText('No schemas yet')).toBeVisible();
  await screenshot(page, 'project-paths-schemas-empty');
  await page.getByRole('button', { name: 'New schema' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New schema in this project' });
  await expect(dialog.getByRole('combobox', { name: 'Dataset' })).toHaveValue(new RegExp(CSV_NAME));
  const schemaName = `CRM contact ${stamp}`;
  await dialog.getByRole('textbox', { name: 'Name' }).fill(schemaName);
  await page.waitForTimeout(400); // the modal's opening transition
  await screenshot(page, 'project-paths-new-schema');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Infer and save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Schema "${schemaName}" created in this project.`)).toBeVisible();
  const schemas = page.getByRole('table', { name: 'Schemas of this project' });
  await expect(schemas.getByRole('link', { name: schemaName })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Schemas (1)' })).toBeVisible();
  await notificationsGone(page);
  await screenshot(page, 'project-paths-schemas');

  // 4. New pipeline from the project: the wizard is in the project and starts on existing schemas
  await page.getByRole('tab', { name: /Pipelines/ }).click();
  await expect(page.getByText('No pipelines yet')).toBeVisible();
  await page.getByRole('link', { name: 'New pipeline' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/pipeline\\?project=${projectId}$`));
  await expect(page.getByTestId('wizard-project')).toContainText(projectName);
  // the source starts on the project's datasets
  await page.getByRole('combobox', { name: 'Dataset' }).click();
  await page.getByRole('option', { name: new RegExp(CSV_NAME) }).click();
  await expect(page.getByText('Source ready')).toBeVisible();
  await screenshot(page, 'project-paths-wizard-source');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('radio', { name: 'Pick an existing schema' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Schema' })).toHaveValue(
    new RegExp(`${schemaName} .*this project`),
  );
  await expect(page.getByLabel('Target fields')).toContainText('email');
  await screenshot(page, 'project-paths-wizard-schema');
  await expectNoSeriousA11yViolations(page);
  // infer stays on offer
  await page.getByText('Infer from the source', { exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Inferred target schema (JSON Schema)' })).toBeVisible();

  // 5. the pipeline made from the project, on the project's schema, is the project's
  await page.getByText('Pick an existing schema', { exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Schema' })).toHaveValue(new RegExp(schemaName));
  await page.getByRole('button', { name: 'Next' }).click();
  const pipelineName = `CRM contacts ${stamp}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(pipelineName);
  await expect(page.getByText(`Target schema: ${schemaName}`)).toBeVisible();
  await page.getByRole('button', { name: 'Create pipeline' }).click();
  await expect(page.getByRole('heading', { name: `“${pipelineName}” is ready for review` })).toBeVisible({
    timeout: 30_000,
  });
  await page.goto(`${projectUrl}?tab=pipelines`);
  await expect(page.getByRole('tab', { name: 'Pipelines (1)' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pipelines of this project' })).toContainText(pipelineName);
  // no second schema was made for it: the project still holds the one from its tab
  await expect(page.getByRole('tab', { name: 'Schemas (1)' })).toBeVisible();
  await screenshot(page, 'project-paths-pipelines');

  // the file manager across projects has the same Import on each row
  await page.goto('/file-manager');
  const everyFile = page.getByTestId('file-manager').getByRole('table', { name: 'Files' });
  await expect(
    everyFile
      .getByRole('row', { name: new RegExp(CSV_NAME) })
      .getByRole('button', { name: `Import ${CSV_NAME}` }),
  ).toBeVisible();
  await screenshot(page, 'project-paths-file-manager');
});
