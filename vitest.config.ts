import { defineConfig } from 'vitest/config';

// One runner for the whole monorepo; each workspace is a project with its own environment.
export default defineConfig({
  test: {
    // Vitest's default on this 2-core machine is one file at a time; most integration files wait
    // on spawned processes, polling or PostgreSQL, so two at a time took the suite from 27 to 17
    // minutes with the same results (measured: keeps `.ci/run` within its 30 minutes)
    maxWorkers: 2,
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'engine', include: ['packages/engine/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
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
