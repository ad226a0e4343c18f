import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, login, screenshot } from './helpers.ts';

test('code generation without a model: generate, run in the sandbox, stop a runaway script, save', async ({
  page,
}) => {
  await login(page);
  // a browser opening the API path gets the page (the POST stays the API)
  await page.goto('/api/code-generation-openai');
  await expect(page.getByRole('heading', { name: 'Code generation' })).toBeVisible();
  await screenshot(page, 'codegen-empty');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByTestId('generator')).toContainText('built-in generator');
  await expect(page.getByTestId('generator')).toContainText('no model is configured');
  const output = page.getByLabel('Output on the samples');
  await expect(output).toContainText('"full_name": "Ada Lovelace"');
  await expect(output).toContainText('"email": "ada@example.com"');
  await expect(output.getByText('Valid', { exact: true })).toHaveCount(2);
  await screenshot(page, 'codegen-generated');
  await expectNoSeriousA11yViolations(page);

  // a script that tries to read a file is stopped with a clear error, and cannot be saved
  const editor = page.getByRole('textbox', { name: 'Generated code' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText('$readFile("/etc/passwd")');
  await page.getByRole('button', { name: 'Run on the samples' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Stopped in the sandbox' })).toContainText(
    'without file system, network or process access',
  );
  await expect(page.getByRole('button', { name: 'Save as a pipeline' })).toBeDisabled();
  await screenshot(page, 'codegen-stopped');

  // back to working code, saved as a pipeline
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText('{"full_name": first_name & " " & last_name, "email": $lowercase(email)}');
  await page.getByRole('button', { name: 'Run on the samples' }).click();
  await expect(output).toContainText('"full_name": "Grace Hopper"');
  await page.getByLabel('Pipeline name').fill('People from code generation');
  await page.getByRole('button', { name: 'Save as a pipeline' }).click();
  await page.getByRole('link', { name: 'Open the pipeline' }).click();
  await expect(page.getByRole('heading', { name: 'People from code generation' })).toBeVisible();
});
