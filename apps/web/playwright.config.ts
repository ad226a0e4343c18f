import { resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const repoRoot = resolve(import.meta.dirname, '../..');
/** Resolves to 127.0.0.1 inside Chromium, so the migration modal can be tested on an "old host". */
export const OLD_HOST = 'old.mapwright.test';

/**
 * The sample project of a first start is left out (specs assert empty states and counts);
 * E2E_SAMPLE_DATA=1 (`npm run e2e:sample-data`) starts the server with it and runs only
 * sample-data.spec.ts.
 */
const SAMPLE_DATA = process.env.E2E_SAMPLE_DATA === '1';

export default defineConfig({
  testDir: './e2e',
  ...(SAMPLE_DATA ? { testMatch: /sample-data\.spec\.ts/ } : { testIgnore: /sample-data\.spec\.ts/ }),
  outputDir: '../../test-results/web-e2e',
  fullyParallel: false,
  // CI shares 2 cores with the server under test: one retry absorbs a timing hiccup; a test that
  // fails twice is a real failure (and `flaky` in the report says which passed only on retry)
  retries: process.env.CI ? 1 : 0,
  workers: 1,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // recorded only for a retry: recording every first attempt (DOM snapshots at each action) cost
    // CPU the 2-core CI shares with the server under test, for traces of tests that then passed
    trace: 'on-first-retry',
    // axe-core is injected as an inline script, which the server's CSP rightly forbids
    bypassCSP: true,
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        `--host-resolver-rules=MAP ${OLD_HOST} 127.0.0.1`,
      ],
    },
  },
  webServer: {
    // a fresh data dir per run: the seeded demo org is the only one
    command: `DATA_DIR=$(mktemp -d) PORT=${PORT} HOST=127.0.0.1 npx tsx apps/server/src/cli.ts`,
    cwd: repoRoot,
    url: `http://127.0.0.1:${PORT}/api/config`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      MIGRATION_ORG_IDS: 'demo',
      PROJECTS_LANDING_ORG_IDS: 'demo',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      SEED_STAFF_PASSWORD: 'staff-e2e-password',
      SEED_SAMPLE_DATA: SAMPLE_DATA ? 'true' : 'false',
      OLD_HOST,
      NEW_HOST: 'app.mapwright.dev',
      STATUS_TYPE: 'warning',
      STATUS_MESSAGE: 'Scheduled maintenance on Sunday at 22:00 UTC.',
      // the connectors spec connects to this machine's PostgreSQL: loopback allowed past the SSRF guard
      OUTBOUND_ALLOWLIST: '127.0.0.1',
    },
  },
});
