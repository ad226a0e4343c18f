import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/db/client.ts';
import { seed } from '../src/db/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * PGlite cold-starts in seconds but reopens a data dir in well under one: migrate and seed one
 * template once, and let every test file start from a copy of it.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'mw-template-'));
  const database = await openPglite(dir);
  await database.migrate();
  await seed(database.db, {
    adminEmail: 'demo@mapwright.dev',
    adminPassword: 'demo-harbour-lantern',
    staffEmail: 'staff@mapwright.dev',
  });
  await database.close();
  project.provide('pgliteTemplate', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
