import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/client.ts';
import { DATABASES } from './helper.ts';

const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

describe.runIf(DATABASES.includes('postgres'))('processes starting together on one PostgreSQL', () => {
  it('migrate one after another: three at once all start, and the schema is created once', async () => {
    const name = `mw_test_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    try {
      const databases = await Promise.all([1, 2, 3].map(() => openPostgres(url.toString())));
      const outcomes = await Promise.allSettled(databases.map((d) => d.migrate()));
      expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
        'ok',
      ]);
      const applied = await databases[0]!.db.execute(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      const journal = (await import('../drizzle/meta/_journal.json', { with: { type: 'json' } })).default;
      expect((applied as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(journal.entries.length);
      await Promise.all(databases.map((d) => d.close()));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 120_000);
});
