/** What every benchmark starts from: a fresh database, the seeded demo owner, the app, a token. */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { seed } from '../apps/server/src/db/seed.ts';

const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const DEMO = { email: 'demo@mapwright.dev', password: 'demo-harbour-lantern' };

/** The embedded database in `dir`, or a new PostgreSQL database (`url`) that `drop` removes. */
export async function openFresh(kind: 'embedded' | 'postgres' | string, dir: string) {
  if (kind === 'embedded') return { database: await openPglite(dir), url: undefined, drop: async () => {} };
  const name = `mw_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const drop = async () => {
    const a = new pg.Client({ connectionString: PG_ADMIN_URL });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  };
  return { database: await openPostgres(url.toString()), url: url.toString(), drop };
}

/** Migrates and seeds `database`, builds the app on it and signs the demo owner in. */
export async function benchApp(database: Database, env: Record<string, string>) {
  await database.migrate();
  await seed(database.db, {
    adminEmail: DEMO.email,
    adminPassword: DEMO.password,
    staffEmail: 'staff@mapwright.dev',
  });
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', ...env }),
    database,
    jwtSecret: new TextEncoder().encode('bench-secret-bench-secret-bench-secret'),
    demoOrgId: null,
    logger: false,
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/jwt/login',
    payload: new URLSearchParams({ username: DEMO.email, password: DEMO.password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (login.statusCode !== 200) throw new Error(`bench login failed: ${login.body}`);
  return { app, headers: { authorization: `Bearer ${login.json().access_token}` } };
}
