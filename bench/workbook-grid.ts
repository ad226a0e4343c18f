/**
 * The workbook grid in a real browser: a 1M-row dataset tab opened in headless Chromium
 * (Debian's /usr/bin/chromium) against the built SPA, served by the app on a local port.
 * Prints the time from opening the tab to its first rows painted, the time to scroll through
 * 10,000 rows (each screen painted with its real values before the next scroll), and the gzip
 * size of the grid's lazy chunk. Reference, measured in the same run: the same row pages
 * fetched straight from the API without a browser (what the server alone costs), and the gzip
 * size of the SPA's entry chunk.
 *
 * Needs the SPA built first (`npm run build -w @mapwright/web`), so it is not part of
 * `npm run bench`:   npm run bench:grid          (BENCH_GRID_ROWS=1000000 by default)
 */
import { createReadStream, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { findDemoOrg } from '../apps/server/src/db/seed.ts';
import { insertDataset } from '../apps/server/src/modules/datasets/datasets.repository.ts';
import { ROW_GROUP_ROWS, scratchPath } from '../apps/server/src/modules/datasets/datasets.service.ts';
import { withDuckDb } from '../apps/server/src/modules/datasets/duckdb.ts';
import { benchApp, DEMO, openFresh } from './bench-app.ts';

const ROWS = Number(process.env.BENCH_GRID_ROWS ?? 1_000_000);
const SCROLL_ROWS = 10_000;
const ROW_H = 30; // the grid's row height (data-grid.tsx)
const PART = 250_000;
const DIST = resolve(import.meta.dirname, '../apps/web/dist');
const COLUMNS = ['customer_id', 'full_name', 'email', 'amount', 'paid_on', 'status'];

const ms = (n: number) => `${n.toFixed(0)} ms`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

async function main() {
  const assets = readdirSync(join(DIST, 'assets'));
  const gz = (prefix: string) => {
    const file = assets.find((f) => f.startsWith(prefix) && f.endsWith('.js'));
    if (!file) throw new Error(`no ${prefix}*.js in apps/web/dist/assets: build the SPA first`);
    return gzipSync(readFileSync(join(DIST, 'assets', file))).length;
  };
  const gridGz = gz('data-grid-');
  const entryGz = gz('index-');

  const dir = mkdtempSync(join(tmpdir(), 'mw-bench-grid-'));
  const { database } = await openFresh('embedded', join(dir, 'pg'));
  const { app, headers } = await benchApp(database, { DATA_DIR: dir, WEB_DIST: DIST });
  try {
    const ctx = { db: database.db, blobs: app.ctx.blobs, config: { DATA_DIR: dir } };
    const org = (await findDemoOrg(database.db))!;
    process.stdout.write(`building a ${ROWS.toLocaleString('en-US')}-row dataset...\n`);
    const files = [];
    for (let first = 0; first < ROWS; first += PART) {
      const n = Math.min(PART, ROWS - first);
      const path = await scratchPath(ctx, 'parquet');
      await withDuckDb(dir, (c) =>
        c.run(`COPY (SELECT (${first} + i)::VARCHAR AS customer_id, 'Customer ' || (${first} + i) AS full_name,
                 'c' || (${first} + i) || '@example.com' AS email, (((${first} + i) % 997) * 7.25)::VARCHAR AS amount,
                 '2024-03-04' AS paid_on, 'CLEARED' AS status FROM range(${n}) t(i))
               TO '${path}' (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE ${ROW_GROUP_ROWS})`),
      );
      const blob = await ctx.blobs.put(createReadStream(path));
      rmSync(path);
      files.push({ sha256: blob.sha256, rows: n, bytes: blob.size });
    }
    const ds = await insertDataset(database.db, {
      organizationId: org.id,
      kind: 'bench',
      layout: 'columns',
      columns: COLUMNS.map((name) => ({ name, type: 'VARCHAR' })),
      rowCount: ROWS,
      files,
    });
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await app.inject({ method, url, headers, payload });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    const project = await call('POST', '/api/projects', { name: 'Grid bench' });
    const wb = await call('POST', '/api/workbooks', { project_id: project.id });
    const tab = await call('POST', `/api/workbooks/${wb.id}/tabs`, {
      source: 'dataset',
      id: ds.id,
      title: 'Big tab',
    });
    await call('GET', `/api/workbooks/${wb.id}/tabs/${tab.id}/rows?offset=0&limit=100`); // checks the files once

    // reference: the pages the scroll needs, straight from the API
    let t = performance.now();
    for (let offset = 0; offset < SCROLL_ROWS + 100; offset += 100)
      await call('GET', `/api/workbooks/${wb.id}/tabs/${tab.id}/rows?offset=${offset}&limit=100`);
    const apiOnly = performance.now() - t;

    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(`${base}/auth/login`);
      await page.getByLabel('Email').fill(DEMO.email);
      await page.getByRole('textbox', { name: 'Password' }).fill(DEMO.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: /Account menu/ }).waitFor();
      await page.goto(`${base}/workbooks/${wb.id}`);
      const tabButton = page.getByRole('tab', { name: 'Big tab' });
      await tabButton.waitFor();
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      });
      t = performance.now();
      await tabButton.click();
      await page.getByRole('gridcell', { name: 'Customer 0', exact: true }).waitFor();
      const firstPaint = performance.now() - t;

      // the scroll runs inside the page: each screen is scrolled to, then awaited frame by frame
      // until its last row shows its real value (no test-driver round trip per screen); no named
      // functions inside: tsx would wrap them in a helper the page does not have
      const { steps, elapsed: scroll } = await page.evaluate(
        async ({ rows, rowH }) => {
          const cell = document.querySelector('[role="grid"] td[id]') as HTMLElement;
          const prefix = cell.id.replace(/-\d+-\d+$/, '');
          const box = cell.closest('table')!.parentElement!;
          const perScreen = Math.floor(box.clientHeight / rowH) - 2;
          const start = performance.now();
          let n = 0;
          for (let top = perScreen; top <= rows; top += perScreen) {
            box.scrollTop = top * rowH;
            while (document.getElementById(`${prefix}-${top}-1`)?.textContent !== `Customer ${top}`)
              await new Promise((r) => requestAnimationFrame(r));
            n++;
          }
          return { steps: n, elapsed: performance.now() - start };
        },
        { rows: SCROLL_ROWS, rowH: ROW_H },
      );

      process.stdout.write(
        `${[
          `dataset tab of ${ROWS.toLocaleString('en-US')} rows, ${COLUMNS.length} columns, headless Chromium`,
          `  open the tab -> first rows painted   ${ms(firstPaint)}`,
          `  scroll ${SCROLL_ROWS.toLocaleString('en-US')} rows (${steps} screens, each painted)   ${ms(scroll)}  (${((SCROLL_ROWS / scroll) * 1000).toFixed(0)} rows/s)`,
          `  reference: the same ${Math.ceil((SCROLL_ROWS + 100) / 100)} pages from the API alone   ${ms(apiOnly)}  -> browser/API ${(scroll / apiOnly).toFixed(2)}x`,
          `  JS fetched when the tab opens: ${scripts.map((f) => f.split('/').pop()).join(', ') || 'none'} -> gzip ${kb(scripts.reduce((n, f) => n + gzipSync(readFileSync(join(DIST, f))).length, 0))}`,
          `  grid chunk (data-grid-*.js) gzip   ${kb(gridGz)}  (the SPA entry chunk: ${kb(entryGz)}, ratio ${(gridGz / entryGz).toFixed(3)})`,
        ].join('\n')}\n`,
      );
    } finally {
      await browser.close();
    }
  } finally {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
