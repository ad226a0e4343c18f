import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, login, screenshot } from './helpers.ts';

/** A customer export where some customers appear two or three times, spelled differently. */
function customersCsv() {
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
  const lines = ['customer_id,first_name,last_name,email,city,birth_date'];
  let n = 0;
  for (let i = 0; i < 120; i++) {
    const f = firsts[i % firsts.length]!;
    const l = lasts[(i * 7) % lasts.length]!;
    const email = `${f}.${l}${i}@example.com`;
    const city = ['berlin', 'paris', 'madrid', 'rome', 'oslo'][i % 5]!;
    const dob = `19${50 + (i % 45)}-0${1 + (i % 9)}-1${i % 10}`;
    lines.push(`C${++n},${f},${l},${email},${city},${dob}`);
    if (i % 3 === 0) lines.push(`C${++n},${f.toUpperCase()},${l.slice(0, -1)}x,${email},${city},${dob}`);
    if (i % 10 === 0) lines.push(`C${++n},${f},${l},${email.toUpperCase()},${city},`);
    // a near-miss: same name and city, another person
    if (i % 7 === 0)
      lines.push(`C${++n},${f},${l},${f}${i}@mail.org,${city},19${10 + (i % 40)}-1${i % 3}-2${i % 8}`);
  }
  return `${lines.join('\n')}\n`;
}

async function waitForRun(page: Page) {
  await expect(page.getByRole('tab', { name: 'Review' })).toBeVisible({ timeout: 90_000 });
}

test('dedupe an uploaded customer CSV: wizard, review with the keyboard, merge and split, golden records', async ({
  page,
}) => {
  test.setTimeout(240_000);
  page.setDefaultTimeout(30_000);
  await login(page);
  await page.goto('/entity_resolution');
  await expect(page.getByRole('heading', { name: 'Entity resolution' })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const file = await (
    await page.request.post('/api/files', {
      headers,
      multipart: {
        file: { name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(customersCsv()) },
      },
    })
  ).json();
  const imp = await (
    await page.request.post('/api/imports', { headers, data: { file_id: file.id, name: 'Customers e2e' } })
  ).json();
  await expect
    .poll(async () => (await (await page.request.get(`/api/imports/${imp.id}`, { headers })).json()).status, {
      timeout: 60_000,
    })
    .toBe('succeeded');
  await screenshot(page, 'er-list');

  // the wizard
  await page.getByRole('button', { name: 'New resolution' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New entity resolution' });
  await dialog.getByLabel('Name').fill('Customer duplicates');
  await dialog.getByRole('combobox', { name: 'Data to resolve', exact: true }).click();
  await page.getByRole('option', { name: 'Customers e2e' }).first().click();
  await dialog.getByRole('combobox', { name: 'Record key (optional)' }).click();
  await page.getByRole('option', { name: 'customer_id' }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText(/Columns compared/)).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText('email', { exact: true }).first()).toBeVisible();
  await expect(dialog.getByRole('checkbox').first()).toBeChecked();
  await screenshot(page, 'er-wizard-proposal');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Run' }).click();
  await expect(page).toHaveURL(/\/entity_resolution\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  await waitForRun(page);
  await expect(page.getByText('Estimated precision')).toBeVisible();
  await screenshot(page, 'er-threshold');
  await expectNoSeriousA11yViolations(page);

  // review ten pairs with the keyboard
  await page.getByRole('tab', { name: 'Review' }).click();
  const pair = page.getByTestId('review-pair');
  await expect(pair).toBeVisible();
  await screenshot(page, 'er-review');
  await expectNoSeriousA11yViolations(page);
  const keys = ['y', 'n', 's', 'y', 'y', 'n', 's', 'y', 'n', 'y'];
  for (let i = 0; i < keys.length; i++) {
    const before = await pair.locator('p').first().textContent();
    await page.keyboard.press(keys[i]!);
    await expect(page.getByText(`${i + 1} decided this session`)).toBeVisible();
    if (i < keys.length - 1) await expect(pair.locator('p').first()).not.toHaveText(before ?? '');
  }
  await expect
    .poll(async () => {
      const q = await (await page.request.get(`/api/resolutions/${id}/pairs?limit=500`, { headers })).json();
      return q.items.filter((p: { label: string | null }) => p.label).length;
    })
    .toBe(10);

  // split a record off a cluster
  await page.getByRole('tab', { name: 'Clusters' }).click();
  const firstCluster = page.getByTestId('cluster').first();
  await expect(firstCluster).toBeVisible();
  await screenshot(page, 'er-clusters');
  await expectNoSeriousA11yViolations(page);
  const splitButton = firstCluster.getByRole('button', { name: /^Split off / }).first();
  const splitKey = ((await splitButton.textContent()) ?? '').replace('Split off ', '').trim();
  const mates = async () => {
    const out = await (
      await page.request.get(`/api/resolutions/${id}/records?size=1000`, { headers })
    ).json();
    const byKey = new Map<string, string>(
      out.items.map((r: { customer_id: string; cluster_id: string }) => [r.customer_id, r.cluster_id]),
    );
    return (key: string) => [...byKey].filter(([k, c]) => k !== key && c === byKey.get(key)).map(([k]) => k);
  };
  const formerMates = (await mates())(splitKey);
  expect(formerMates.length).toBeGreaterThan(0);
  await splitButton.click();
  await waitForRun(page);
  await expect
    .poll(async () => (await mates())(splitKey).filter((k) => formerMates.includes(k)), { timeout: 60_000 })
    .toEqual([]);

  // merge two single-record entities
  await page.getByRole('tab', { name: 'Clusters' }).click();
  const singles = page.getByTestId('cluster').filter({ has: page.getByText('1 record', { exact: true }) });
  const a = singles.nth(0);
  const b = singles.nth(1);
  const keyA = ((await a.getByRole('row').first().getByRole('cell').first().textContent()) ?? '').trim();
  const keyB = ((await b.getByRole('row').first().getByRole('cell').first().textContent()) ?? '').trim();
  await a.getByRole('checkbox').check();
  await b.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Merge 2 selected' }).click();
  await waitForRun(page);
  await expect.poll(async () => (await mates())(keyA), { timeout: 60_000 }).toContain(keyB);
  // the split stays split after the merge's re-run
  expect((await mates())(splitKey).filter((k) => formerMates.includes(k))).toEqual([]);

  // golden records
  await page.getByRole('tab', { name: 'Golden records' }).click();
  await expect(page.getByRole('button', { name: 'Export golden records' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Survivorship of email' }).click();
  await page.getByRole('option', { name: 'Longest non-null' }).click();
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/resolutions/${id}/golden`, { headers })).json()).rules.email,
    )
    .toBe('longest');
  // override a value by a click: the choice is saved
  const entity = page.getByTestId('golden-record').first();
  const entityId = ((await entity.getByRole('cell').first().textContent()) ?? '').split(' ')[0]!.trim();
  await entity.getByRole('button', { name: /^first_name of / }).click();
  const choice = page.getByRole('menuitem').nth(1);
  const picked = ((await choice.textContent()) ?? '').trim();
  await choice.click();
  await expect(
    entity.getByRole('button', { name: `first_name of ${entityId}: ${picked} (chosen by hand)` }),
  ).toBeVisible();
  const saved = (
    await (await page.request.get(`/api/resolutions/${id}/golden`, { headers })).json()
  ).items.find((g: { cluster_id: string }) => g.cluster_id === entityId);
  expect(saved.values.first_name).toBe(picked);
  expect(saved.overridden).toEqual(['first_name']);
  await screenshot(page, 'er-golden');
  await expectNoSeriousA11yViolations(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export golden records' }).click();
  const file2 = await download;
  expect(file2.suggestedFilename()).toBe('Customer_duplicates-golden-records.csv');
  const text = await (await file2.createReadStream()).toArray();
  const csv = Buffer.concat(text as Buffer[]).toString('utf8');
  expect(csv.split('\n')[0]).toBe(
    'cluster_id,records,customer_id,first_name,last_name,email,city,birth_date',
  );
  expect(csv).toContain(`${entityId},`);
  expect(csv.split('\n').find((l) => l.startsWith(`${entityId},`))).toContain(`,${picked},`);

  // add new records: a later export with three more customers, scored against the entities
  const lines = customersCsv().trim().split('\n');
  const more = `${[...lines, 'N1,zora,quist,zora.quist@example.com,oslo,1990-01-01', 'N2,ZORA,quist,zora.quist@example.com,oslo,1990-01-01', 'N3,yann,berg,yann.berg@example.com,rome,1980-02-02'].join('\n')}\n`;
  const file3 = await (
    await page.request.post('/api/files', {
      headers,
      multipart: { file: { name: 'customers-later.csv', mimeType: 'text/csv', buffer: Buffer.from(more) } },
    })
  ).json();
  const imp2 = await (
    await page.request.post('/api/imports', { headers, data: { file_id: file3.id, name: 'Customers later' } })
  ).json();
  await expect
    .poll(
      async () => (await (await page.request.get(`/api/imports/${imp2.id}`, { headers })).json()).status,
      {
        timeout: 60_000,
      },
    )
    .toBe('succeeded');
  const before = (await (await page.request.get(`/api/resolutions/${id}`, { headers })).json()).summary
    .records;
  await page.getByRole('button', { name: 'Add new records' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add new records' });
  await addDialog.getByRole('combobox', { name: 'New records from' }).click();
  await page.getByRole('option', { name: 'Customers later' }).click();
  await screenshot(page, 'er-add-records');
  await expectNoSeriousA11yViolations(page);
  await addDialog.getByRole('button', { name: 'Add records' }).click();
  await expect(page.getByText(/Last added: 3 records/)).toBeVisible({
    timeout: 90_000,
  });
  expect((await (await page.request.get(`/api/resolutions/${id}`, { headers })).json()).summary.records).toBe(
    before + 3,
  );
  expect((await mates())('N2')).toEqual(['N1']);

  await page.goto('/entity_resolution');
  await expect(page.getByRole('link', { name: 'Customer duplicates' })).toBeVisible();
  await screenshot(page, 'er-list-done');

  // the golden records are an input of a new resolution (to link clean customers with new data)
  await page.getByRole('button', { name: 'New resolution' }).first().click();
  await dialog.getByRole('combobox', { name: 'Data to resolve', exact: true }).click();
  await expect(page.getByRole('option', { name: 'Customer duplicates (golden records)' })).toBeVisible();
  await page.keyboard.press('Escape');
});
