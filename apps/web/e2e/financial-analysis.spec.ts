import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, login, screenshot } from './helpers.ts';

/** Every transaction of the sample API, read page by page as a client would, summed per currency in cents. */
async function sourceTotals(request: import('@playwright/test').APIRequestContext) {
  const all: { amount: number; currency: string }[] = [];
  const entities: { id: string }[] = [];
  for (let url: string | null = '/api/v1/entities?page_size=100'; url; ) {
    const body = await (await request.get(url)).json();
    entities.push(...body.data);
    url = body.page?.next ?? null;
  }
  for (const e of entities)
    for (let url: string | null = `/api/v1/transactions?entity_id=${e.id}&page_size=1000`; url; ) {
      const body = await (await request.get(url)).json();
      all.push(...body.data);
      url = body.page?.next ?? null;
    }
  const totals = new Map<string, { cents: number; count: number }>();
  for (const t of all) {
    const s = totals.get(t.currency) ?? { cents: 0, count: 0 };
    s.cents += Math.round(t.amount * 100);
    s.count += 1;
    totals.set(t.currency, s);
  }
  return totals;
}

test('the financial-analysis demo from step 1 to the charts; the totals equal the sample API', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await login(page);
  await page.goto('/financial_analysis');
  // demos are off by default (spec §3)
  await expect(page.getByRole('heading', { name: 'This demo is switched off' })).toBeVisible();
  await page.getByRole('button', { name: 'Switch the demo on' }).click();

  const step = (n: number) => page.getByRole('region', { name: new RegExp(`^Step ${n}:`) });
  await expect(step(1)).toBeVisible();
  await expect(page.getByTestId('step-1-status')).toHaveText('Not run yet');
  await screenshot(page, 'finance-step1');
  await expectNoSeriousA11yViolations(page);
  await step(1).getByRole('button', { name: 'Run step 1' }).click();

  // the action moved to step 2
  await expect(step(2)).toBeVisible();
  await step(2).getByRole('button', { name: 'Run step 2' }).click();
  await expect(page.getByTestId('step-2-status')).toHaveText('Done', { timeout: 60_000 });
  await expect(step(2)).toContainText('transactions:');
  await screenshot(page, 'finance-step2');
  await step(2).getByRole('button', { name: 'Next step' }).click();

  await step(3).getByRole('button', { name: 'Run step 3' }).click();
  await expect(page.getByTestId('step-3-status')).toHaveText('Done', { timeout: 60_000 });
  await expect(step(3)).toContainText('total_transaction_amount');
  await step(3).getByRole('button', { name: 'Next step' }).click();

  await expect(page.getByTestId('step-4-status')).toHaveText('Done');
  await expect(page.getByTestId('reconciled')).toHaveText('Reconciled with the source');
  for (const title of [
    'Amount by merchant (top 10)',
    'Amount by month',
    'Amount by status',
    'Amount by entity',
  ])
    await expect(
      page.getByRole('figure', { name: title }).locator('.recharts-bar-rectangle path:visible').first(),
    ).toBeVisible();

  const expected = await sourceTotals(request);
  expect(expected.size).toBeGreaterThan(0);
  for (const [currency, t] of expected) {
    const cell = page.getByTestId(`total-${currency}`);
    await expect(cell).toHaveAttribute('data-amount', String(t.cents / 100));
    await expect(page.getByTestId(`count-${currency}`)).toHaveText(t.count.toLocaleString('en-US'));
  }
  await expect(page.getByRole('heading', { name: 'Anomalies' })).toBeVisible();
  await screenshot(page, 'finance-analysis');
  await expectNoSeriousA11yViolations(page);
});
