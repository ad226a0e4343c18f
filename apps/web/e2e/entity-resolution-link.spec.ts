import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, login, screenshot } from './helpers.ts';

/**
 * A CRM export and a billing export of the same customers, spelled differently: billing writes
 * names in capitals or with a typo, e-mail addresses upper-cased or missing, phone numbers in
 * another layout, and has its own ids; a few customers are in one export only, and two CRM
 * customers share a name and a city (another person: only one of them is billed).
 */
function exportsCsv() {
  const firsts = [
    'anna',
    'bruno',
    'carla',
    'dmitri',
    'elena',
    'farid',
    'greta',
    'hugo',
    'ines',
    'jonas',
    'kira',
    'lars',
  ];
  const lasts = [
    'meyer',
    'novak',
    'olsen',
    'petrov',
    'quinn',
    'rossi',
    'schmidt',
    'tanaka',
    'ulrich',
    'vogel',
    'weber',
  ];
  const cities = ['berlin', 'paris', 'madrid', 'rome', 'oslo'];
  const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
  const crm = ['customer_id,name,email,phone,city'];
  const billing = ['customer_id,name,email,phone,city'];
  /** CRM key → billing key of the same customer */
  const truth = new Map<string, string>();
  for (let i = 0; i < 60; i++) {
    const f = firsts[i % firsts.length]!;
    const l = lasts[(i * 7) % lasts.length]!;
    const email = `${f}.${l}${i}@example.com`;
    const digits = String(2_000_000 + ((i * 7919) % 7_000_000));
    const city = cities[i % cities.length]!;
    crm.push(`C${i + 1},${cap(f)} ${cap(l)},${email},+49 30 ${digits},${city}`);
    if (i < 48) {
      const name =
        i % 4 === 0
          ? `${f.toUpperCase()} ${l.toUpperCase()}`
          : i % 4 === 1
            ? `${cap(f)} ${cap(l.slice(0, -1))}e`
            : `${cap(f)} ${cap(l)}`;
      const mail = i % 5 === 1 ? '' : i % 3 === 0 ? email.toUpperCase() : email;
      const phone = `+49 (30) ${digits.slice(0, 3)} ${digits.slice(3)}`;
      billing.push(`B${1100 - i},${name},${mail},${phone},${city}`);
      truth.set(`C${i + 1}`, `B${1100 - i}`);
    }
  }
  // the other Anna Meyer of Berlin, in the CRM only
  crm.push('C61,Anna Meyer,anna.m@mail.org,+49 30 9911223,berlin');
  // a second billing account of Farid Olsen (C6, billed as B1095): his phone, another e-mail
  // and city; C6 is the best match of both, and one to one it is linked to B1095
  billing.push('B3000,Farid Olsen,farid@olsen.example,+49 (30) 203 9595,hamburg');
  for (let k = 0; k < 8; k++)
    billing.push(
      `B${2000 + k},${cap(firsts[k]!)} Zeller${k},z${k}@shop.example,+49 40 55500${k}${k},hamburg`,
    );
  return { crm: `${crm.join('\n')}\n`, billing: `${billing.join('\n')}\n`, truth };
}

async function upload(page: Page, headers: Record<string, string>, name: string, csv: string) {
  const file = await (
    await page.request.post('/api/files', {
      headers,
      multipart: { file: { name: `${name}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    })
  ).json();
  const imp = await (
    await page.request.post('/api/imports', { headers, data: { file_id: file.id, name } })
  ).json();
  await expect
    .poll(async () => (await (await page.request.get(`/api/imports/${imp.id}`, { headers })).json()).status, {
      timeout: 60_000,
    })
    .toBe('succeeded');
}

async function waitForRun(page: Page) {
  await expect(page.getByRole('tab', { name: 'Review' })).toBeVisible({ timeout: 90_000 });
}

test('link a CRM export with a billing export: wizard, keyboard review, one-to-one links, export', async ({
  page,
}) => {
  test.setTimeout(240_000);
  page.setDefaultTimeout(30_000);
  const data = exportsCsv();
  await login(page);
  await page.goto('/entity_resolution');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  await upload(page, headers, 'CRM export link-e2e', data.crm);
  await upload(page, headers, 'Billing export link-e2e', data.billing);

  // the wizard, choosing a link of two datasets
  await page.getByRole('button', { name: 'New resolution' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New entity resolution' });
  await dialog.getByLabel('Name').fill('CRM to billing');
  await dialog.getByText('Link two datasets').click();
  await dialog.getByRole('combobox', { name: 'First dataset' }).click();
  await page.getByRole('option', { name: 'CRM export link-e2e' }).first().click();
  await dialog.getByRole('combobox', { name: 'Second dataset' }).click();
  await page.getByRole('option', { name: 'Billing export link-e2e' }).first().click();
  await dialog.getByRole('combobox', { name: 'Record key (optional)' }).click();
  await page.getByRole('option', { name: 'customer_id' }).click();
  await screenshot(page, 'er-link-wizard-data');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText(/Columns compared/)).toBeVisible({ timeout: 30_000 });
  // phone numbers in two layouts are still phone numbers; the key is not compared
  await expect(dialog.getByRole('row', { name: /^phone phone / })).toBeVisible();
  await expect(dialog.getByRole('row', { name: /^customer_id / })).toHaveCount(0);
  await screenshot(page, 'er-link-wizard-proposal');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Run' }).click();
  await expect(page).toHaveURL(/\/entity_resolution\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  await waitForRun(page);
  await expect(page.getByText('Links the records of two datasets, one to one.')).toBeVisible();
  await screenshot(page, 'er-link-threshold');
  await expectNoSeriousA11yViolations(page);

  /** The links: per cluster, its CRM and billing keys; every cluster at most one of each. */
  const links = async () => {
    const out = await (
      await page.request.get(`/api/resolutions/${id}/records?size=1000`, { headers })
    ).json();
    const byCluster = new Map<string, { left: string[]; right: string[] }>();
    for (const r of out.items as { cluster_id: string; source: 'left' | 'right'; customer_id: string }[]) {
      const c = byCluster.get(r.cluster_id) ?? { left: [], right: [] };
      c[r.source].push(r.customer_id);
      byCluster.set(r.cluster_id, c);
    }
    const clusters = [...byCluster.values()];
    for (const c of clusters)
      expect(c.left.length + c.right.length, JSON.stringify(c)).toBeLessThanOrEqual(2);
    return clusters
      .filter((c) => c.left.length === 1 && c.right.length === 1)
      .map((c) => [c.left[0]!, c.right[0]!] as const);
  };
  const first = await links();
  const right = first.filter(([l, r]) => data.truth.get(l) === r).length;
  expect(first.length).toBeGreaterThanOrEqual(44);
  expect(right / first.length).toBeGreaterThanOrEqual(0.95);

  // review a few pairs with the keyboard, then run again with the decisions
  await page.getByRole('tab', { name: 'Review' }).click();
  const pair = page.getByTestId('review-pair');
  await expect(pair).toBeVisible();
  await expect(pair.getByRole('columnheader', { name: 'CRM export link-e2e' })).toBeVisible();
  await expect(pair.getByRole('columnheader', { name: 'Billing export link-e2e' })).toBeVisible();
  await screenshot(page, 'er-link-review');
  await expectNoSeriousA11yViolations(page);
  // C6 ↔ B3000 cannot be linked without a decision: not asked, listed apart with why
  const apart = page.getByTestId('not-linked');
  await expect(apart.getByText('Not linked: C6 is linked to B1095', { exact: false })).toBeVisible();
  await apart.scrollIntoViewIfNeeded();
  await screenshot(page, 'er-link-not-linked');
  await expectNoSeriousA11yViolations(page);
  const keys = ['y', 'n', 's', 'y'];
  for (let i = 0; i < keys.length; i++) {
    const before = await pair.locator('p').first().textContent();
    await page.keyboard.press(keys[i]!);
    await expect(page.getByText(`${i + 1} decided this session`)).toBeVisible();
    if (i < keys.length - 1) await expect(pair.locator('p').first()).not.toHaveText(before ?? '');
  }
  await page.getByRole('button', { name: 'Re-run with decisions' }).click();
  await waitForRun(page);
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/resolutions/${id}`, { headers })).json()).summary.decisions.yes,
      {
        timeout: 60_000,
      },
    )
    .toBe(2);
  // still one to one after the decisions
  expect((await links()).length).toBeGreaterThanOrEqual(40);

  // the links, each record with its dataset
  await page.getByRole('tab', { name: 'Clusters' }).click();
  const link = page.getByTestId('cluster').first();
  await expect(link.getByText('CRM export link-e2e')).toBeVisible();
  await expect(link.getByText('Billing export link-e2e')).toBeVisible();
  await expect(link.getByRole('button', { name: /^Unlink / }).first()).toBeVisible();
  await screenshot(page, 'er-link-clusters');
  await expectNoSeriousA11yViolations(page);
  // a link joins one unlinked record of each dataset: two billing records cannot be linked
  const single = (key: string) =>
    page.getByTestId('cluster').filter({ has: page.getByRole('checkbox', { name: `Entity ${key}` }) });
  const linkButton = page.getByRole('button', { name: /^Link \d* ?selected$/ });
  await single('B2000').getByRole('checkbox').check();
  await single('B2001').getByRole('checkbox').check();
  await expect(linkButton).toBeDisabled();
  await single('B2001').getByRole('checkbox').uncheck();
  await single('C61').getByRole('checkbox').check();
  await expect(linkButton).toBeEnabled();
  await linkButton.click();
  await waitForRun(page);
  await expect
    .poll(async () => (await links()).some(([l, r]) => l === 'C61' && r === 'B2000'), { timeout: 60_000 })
    .toBe(true);

  // export
  await page.getByRole('tab', { name: 'Golden records' }).click();
  await expect(page.getByRole('button', { name: 'Export golden records' })).toBeVisible();
  await screenshot(page, 'er-link-golden');
  await expectNoSeriousA11yViolations(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export golden records' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('CRM_to_billing-golden-records.csv');
  const csv = Buffer.concat((await (await file.createReadStream()).toArray()) as Buffer[]).toString('utf8');
  expect(csv.split('\n')[0]).toBe('cluster_id,records,customer_id,name,email,phone,city');
});
