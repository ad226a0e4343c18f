import { expect, test } from '@playwright/test';
import { login, screenshot } from './helpers.ts';

/**
 * Every user-named thing and every record value is text, never markup: names and values built
 * to run script if a screen rendered them as HTML, shown on the screens that list them.
 */
// no '.' in them: one becomes a schema property name, where dots are refused
const PAYLOADS = [
  `<img src=x onerror="self['__xss']=1">`,
  `"><svg onload="self['__xss']=1">`,
  `<script>self['__xss']=1</script>`,
];
const NAME = PAYLOADS[0]!;

test('names and values that look like markup are shown as text and never run', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await login(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const post = async (url: string, data: object) => {
    const res = await page.request.post(url, { headers, data });
    expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
    return res.json();
  };

  const csv = `id,${PAYLOADS[1]}\n1,${JSON.stringify(PAYLOADS[2])}\n2,javascript:self['__xss']=1\n`;
  const file = await (
    await page.request.post('/api/files', {
      headers,
      multipart: { file: { name: `${NAME}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    })
  ).json();
  const imp = await post('/api/imports', { file_id: file.id });
  const project = await post('/api/projects', { name: NAME, description: PAYLOADS[1] });
  const schema = {
    type: 'object',
    properties: { id: { type: 'integer' }, [PAYLOADS[1]!]: { type: 'string', description: PAYLOADS[2] } },
  };
  await post('/api/target_schemas', { name: NAME, schema });
  const pipeline = await post('/api/pipelines', {
    name: NAME,
    description: PAYLOADS[2],
    target_schema: schema,
  });
  const job = await post(`/api/pipelines/${pipeline.id}/jobs`, {
    data: [{ id: 1, [PAYLOADS[1]!]: PAYLOADS[2] }],
  });
  await post(`/api/jobs/${job.id}/run?immediate_return=false`, {});
  await post('/api/workflows', { name: NAME });

  for (const url of [
    '/projects',
    `/projects/${project.id}`,
    '/file-manager',
    `/imports/${imp.id}`,
    '/schemas',
    '/pipelines',
    `/pipelines/${pipeline.id}`,
    '/jobs',
    '/workflows/management',
  ]) {
    await page.goto(url);
    await expect(page.getByText(/<img src=x|<svg onload|<script>|id/).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), url).toBeUndefined();
    expect(await page.locator('img[src="x"], svg[onload], script:not([src])').count(), url).toBe(0);
  }
  await page.goto('/pipelines');
  await expect(page.getByText(NAME).first()).toBeVisible();
  await screenshot(page, 'xss-pipelines-list');
  expect(dialogs).toEqual([]);
});

test('the API answers with a strict content security policy and no sniffing', async ({ page }) => {
  const res = await page.request.get('/');
  const csp = res.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toMatch(/script-src 'self'(;| [^;]*;)/);
  expect(csp).not.toContain("'unsafe-eval'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(res.headers()['x-content-type-options']).toBe('nosniff');
});
