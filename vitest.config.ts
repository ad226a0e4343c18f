import { defineConfig } from 'vitest/config';

const server = {
  environment: 'node' as const,
  globalSetup: ['apps/server/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
/** files that mock a module the app imports (vi.mock): only a fresh module graph sees the mock */
const MOCKS_MODULES = ['apps/server/test/brute-force.integration.test.ts'];

// One runner for the whole monorepo; each workspace is a project with its own environment.
export default defineConfig({
  test: {
    // Vitest's default on this 2-core machine is one file at a time; most integration files wait
    // on spawned processes, polling or PostgreSQL, so two at a time took the suite from 27 to 17
    // minutes with the same results (measured on a fresh clone, CI=true)
    maxWorkers: 2,
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'engine', include: ['packages/engine/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          ...server,
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: MOCKS_MODULES,
          // the server's modules are loaded once per worker, not once per file: importing the app
          // took 1.8 s a file, 370 s of the suite (every test builds its own app and database);
          // measured: the suite 1049 → 708 s, the same 1783 tests passing
          isolate: false,
        },
      },
      { test: { ...server, name: 'server-isolated', include: MOCKS_MODULES } },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // @rjsf/mantine imports dayjs plugins without their extension, which Node's ESM
          // loader refuses; through Vite (as in the app's build) they resolve
          server: { deps: { inline: ['@rjsf/mantine'] } },
        },
      },
    ],
  },
});
