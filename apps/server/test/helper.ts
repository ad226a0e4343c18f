import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openPglite, openPostgres } from '../src/db/client.ts';
import { organizations, roles, users } from '../src/db/schema.ts';
import { findDemoOrg, seed } from '../src/db/seed.ts';
import { taskDefinitions } from '../src/jobs/registry.ts';
import { startWorker } from '../src/jobs/worker.ts';
import { hashPassword } from '../src/modules/auth/auth.service.ts';
import type { Mail } from '../src/modules/auth/mailer.ts';

export type DbKind = 'pglite' | 'postgres';
/** Integration suites run against both; TEST_DATABASES=pglite narrows it for a quick loop. */
export const DATABASES: DbKind[] = (process.env.TEST_DATABASES?.split(',') as DbKind[] | undefined) ?? [
  'pglite',
  'postgres',
];
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  mail: Mail[];
  close(): Promise<void>;
  /** inject with a bearer token */
  as(token: string, opts: InjectOptions): Promise<LightMyRequestResponse>;
}

async function freshDatabase(kind: DbKind): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'mw-test-'));
    cpSync(inject('pgliteTemplate'), dir, { recursive: true });
    rmSync(join(dir, 'mapwright.lock'), { force: true });
    const database = await openPglite(dir);
    return { database, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `mw_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  await database.migrate();
  await seed(database.db, {
    adminEmail: 'demo@mapwright.dev',
    adminPassword: 'demo-harbour-lantern',
    staffEmail: 'staff@mapwright.dev',
  });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestApp(
  kind: DbKind = 'pglite',
  env: Record<string, string> = {},
  opts: { worker?: boolean } = {},
): Promise<TestApp> {
  const { database, drop } = await freshDatabase(kind);
  const dataDir = mkdtempSync(join(tmpdir(), 'mw-data-'));
  // no sample project unless a test asks for it (many assert empty states and counts)
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_SAMPLE_DATA: 'false',
    ...env,
  });
  const mail: Mail[] = [];
  const demoOrg = await findDemoOrg(database.db);
  const app = await buildApp({
    config,
    database,
    jwtSecret: new TextEncoder().encode('test-secret-test-secret-test-secret-42'),
    demoOrgId: demoOrg?.id ?? null,
    mailer: { send: async (m) => void mail.push(m) },
    logger: false,
  });
  await app.ready();
  const worker = opts.worker
    ? startWorker(app.ctx, app.ctx.queue, taskDefinitions, { pollMs: 20, leaseMs: 5000 })
    : null;
  return {
    app,
    database,
    mail,
    close: async () => {
      await worker?.stop();
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    as: (token, opts) =>
      app.inject({ ...opts, headers: { ...opts.headers, authorization: `Bearer ${token}` } }),
  };
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  orgId: string;
  token: string;
}

/** A new organization with one member of the given role, logged in. */
export async function createUser(
  t: TestApp,
  opts: { role?: string; orgId?: string; email?: string; password?: string } = {},
): Promise<TestUser> {
  const db = t.database.db;
  const orgId =
    opts.orgId ??
    (
      await db
        .insert(organizations)
        .values({ name: `Org ${randomUUID().slice(0, 8)}` })
        .returning()
    )[0]!.id;
  const [role] = await db
    .select()
    .from(roles)
    .where(eq(roles.name, opts.role ?? 'owner'));
  const email = opts.email ?? `user-${randomUUID().slice(0, 8)}@example.com`;
  const password = opts.password ?? 'correct horse battery';
  const [user] = await db
    .insert(users)
    .values({
      organizationId: orgId,
      email,
      name: 'Test User',
      passwordHash: await hashPassword(password),
      roleId: role!.id,
    })
    .returning();
  const token = await login(t, email, password);
  return { id: user!.id, email, password, orgId, token };
}

export async function login(t: TestApp, email: string, password: string, totp?: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/jwt/login',
    payload: new URLSearchParams({ username: email, password, ...(totp ? { token: totp } : {}) }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().access_token;
}

/** A multipart/form-data body with one file part named `file` (what browsers send). */
export function multipart(
  filename: string,
  content: string | Buffer,
  contentType = 'application/octet-stream',
) {
  const boundary = `----mapwright${randomUUID()}`;
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${filename}"\r\ncontent-type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Polls `fn` until it returns something truthy (background work in integration tests). */
export async function eventually<T>(
  fn: () => Promise<T | undefined | null | false>,
  ms = 15_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}
