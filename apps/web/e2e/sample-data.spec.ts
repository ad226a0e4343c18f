import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, login, screenshot } from './helpers.ts';

// runs with E2E_SAMPLE_DATA=1 (npm run e2e:sample-data): the server starts with SEED_SAMPLE_DATA on
test('a first start shows real work: the sample project, its pipeline and a run that needs review', async ({
  page,
}) => {
  // the sample work (an import and two runs) is made by queued tasks on a just-started server
  test.setTimeout(180_000);
  await login(page);
  // the sample project is made by a queued task right after start
  await expect(async () => {
    await page.goto('/projects');
    await expect(page.getByRole('link', { name: 'Sample project: customer onboarding' })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000 });
  await screenshot(page, 'sample-data-projects');
  await page.getByRole('link', { name: 'Sample project: customer onboarding' }).click();
  await expect(page.getByText('customers-export.csv').first()).toBeVisible();
  await page.getByRole('tab', { name: /Pipelines/ }).click();
  await expect(page.getByText('Customers to CRM').first()).toBeVisible();
  await screenshot(page, 'sample-data-project');
  await expectNoSeriousA11yViolations(page);

  await page.goto('/dashboard');
  await expect(page.getByText('No pipelines yet')).toHaveCount(0);
  await expect(async () => {
    await page.goto('/jobs');
    await expect(page.getByText(/needs review/i).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 120_000 });
  await screenshot(page, 'sample-data-jobs');
});
