import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, login, screenshot } from './helpers.ts';
import { api, closeNotifications, valueIn, waitForRun } from './workshop-helpers.ts';

// Issue 24's walk: a messy CRM export from upload to a fixed and re-run quarantine, where every
// source value either reaches the output or is counted and shown as an error.
const NAMES = ['Smith, Sarah', 'Pieter van der Berg', 'Ada Lovelace', 'Grace Hopper', 'Turing, Alan'];
const DATES = ['14/10/2023', 'Sep 7 2023', '2023-10-05', '03/10/2023'];
const AMOUNTS = ['€799.41', '$1,200.50', 'USD 15.00', '42'];
const COUNTRIES = ['Germany', 'germany', 'DE', 'France', 'FR'];
function messyCsv() {
  const rows = ['Name,Email,Signup,Amount,Country'];
  for (let i = 0; i < 40; i++) {
    const email = i === 4 ? '' : i === 9 || i === 21 ? 'not-an-email' : `person${i}@example.com`;
    const date = i === 13 ? 'sometime in May' : DATES[i % DATES.length];
    rows.push(
      `"${NAMES[i % NAMES.length]}",${email},${date},"${AMOUNTS[i % AMOUNTS.length]}",${COUNTRIES[i % 5]}`,
    );
  }
  rows.push(rows[3]!); // a duplicate row
  return `${rows.join('\n')}\n`;
}
const SCHEMA = {
  type: 'object',
  properties: {
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    email: { type: 'string', format: 'email' },
    signup_date: { type: 'string', format: 'date' },
    amount: { type: 'number' },
    country: { type: 'string' },
  },
  required: ['first_name', 'last_name', 'email'],
};

test('a messy CRM export: warned about, mapped, nothing lost, its failures fixed and applied', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const file = await (
    await page.request.post('/api/files', {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { file: { name: 'crm.csv', mimeType: 'text/csv', buffer: Buffer.from(messyCsv()) } },
    })
  ).json();
  const imp = await api(page, 'POST', '/imports', { file_id: file.id });

  // the profile warns: three date formats, countries spelled several ways, a duplicate row
  await page.goto(`/imports/${imp.id}`);
  await page.getByRole('tab', { name: /Columns/ }).click();
  await expect(page.getByText('1 row repeats another row exactly')).toBeVisible();
  await expect(page.getByTestId('column-Signup')).toContainText('ways of writing it');
  await expect(page.getByTestId('column-Country')).toContainText('spelled several ways');
  await screenshot(page, 'messy-crm-profile');

  // map it: the engine's suggestion, run in the workshop
  const pipeline = await api(page, 'POST', '/pipelines', {
    name: `Messy CRM ${Date.now()}`,
    target_schema: SCHEMA,
  });
  const job = await api(page, 'POST', `/pipelines/${pipeline.id}/jobs`, { import_id: imp.id });
  await page.goto(`/workshop?pipeline=${pipeline.id}`);
  await waitForRun(page);
  // the first record mapped: "Smith, Sarah" split as people write it
  await expect(valueIn(page, 'first_name')).toHaveText('Sarah', { timeout: 20_000 });
  await expect(valueIn(page, 'last_name')).toHaveText('Smith');
  await closeNotifications(page);
  await screenshot(page, 'messy-crm-workshop');

  // none disappears: every non-empty source value is in the output, or its record says why not
  const resultId = (await api(page, 'GET', `/jobs/${job.id}`)).latest_result_id as string;
  const spec = await api(page, 'GET', `/results/${resultId}/spec`);
  const page1 = await api(page, 'GET', `/results/${resultId}/mappings?size=100`);
  expect(page1.total).toBe(41);
  let accounted = 0;
  for (const m of page1.items as {
    source_record: Record<string, string | null>;
    mapped_record: Record<string, unknown>;
    message: unknown;
    dropped?: { field: string }[];
  }[]) {
    const errors = m.message === 'success' ? {} : (m.message as { record_errors: object }).record_errors;
    for (const [target, entry] of Object.entries(spec) as [string, { '@sources': string[] }][])
      for (const source of entry['@sources']) {
        const value = m.source_record[source];
        if (value === null || value === undefined || String(value).trim() === '') continue;
        const shown =
          m.mapped_record[target] !== undefined ||
          Object.hasOwn(errors, target) ||
          (m.dropped ?? []).some((d) => d.field === target);
        expect(shown, `${source} = ${JSON.stringify(value)} → ${target}`).toBe(true);
        accounted++;
      }
  }
  expect(accounted).toBeGreaterThan(150);
  // names split as people write them; dates read in the column's day/month order; money as numbers
  const first = page1.items[0].mapped_record;
  expect(first).toMatchObject({
    first_name: 'Sarah',
    last_name: 'Smith',
    signup_date: '2023-10-14',
    amount: 799.41,
  });
  expect(page1.items[1].mapped_record).toMatchObject({
    last_name: 'van der Berg',
    signup_date: '2023-09-07',
  });
  expect(page1.items[3].mapped_record.signup_date).toBe('2023-10-03');

  // the quarantine: blank and bad e-mails, fixed where they show, then applied
  await page.goto(`/job?id=${job.id}&tab=quarantine`);
  const records = page.getByRole('article');
  await expect(records).toHaveCount(3);
  for (const i of [0, 1, 2]) {
    const record = records.nth(i);
    await record.getByRole('textbox', { name: 'Fix email' }).fill(`fixed${i}@example.com`);
    await record.getByRole('button', { name: 'Save' }).click();
    await expect(record.getByText('Fixed · passes')).toBeVisible();
  }
  await closeNotifications(page);
  await screenshot(page, 'messy-crm-fixed');
  await page.getByRole('button', { name: 'Apply 3 fixes to the result' }).click();
  await expect(page.getByText('Nothing is quarantined')).toBeVisible();
  const after = await api(page, 'GET', `/results/${resultId}`);
  expect(after).toMatchObject({ failed: 0, succeeded: 41 });
  // the date nobody writes stays counted as a dropped value, on the run
  expect(after.dropped_by_field.signup_date).toBe(1);
  await expectNoSeriousA11yViolations(page);
});
