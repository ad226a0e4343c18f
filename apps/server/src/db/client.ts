import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** run the migrations in apps/server/drizzle (idempotent) */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * PostgreSQL only: calls `onNotify` for every NOTIFY on `channel` (from any process), on a
   * connection of its own; resolves to a function that stops listening.
   */
  listen?(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
}

export const MIGRATIONS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export class DataDirLockedError extends Error {}

/**
 * PGlite lives inside one process; a second process on the same data dir would corrupt it.
 * A lock file holding our pid refuses the second process with a clear message; a stale lock
 * (its process is gone) is taken over.
 */
const heldLocks = new Set<string>();

export function lockDataDir(dir: string): () => void {
  const lockPath = resolve(dir, 'mapwright.lock');
  if (existsSync(lockPath)) {
    const pid = Number(readFileSync(lockPath, 'utf8').trim());
    let alive = pid === process.pid && heldLocks.has(lockPath);
    if (pid > 0 && pid !== process.pid) {
      try {
        process.kill(pid, 0);
        alive = true;
      } catch {
        alive = false;
      }
    }
    if (alive) {
      throw new DataDirLockedError(
        `The data directory ${dir} is in use by process ${pid}. The embedded database allows one process; ` +
          'stop the other one, use another DATA_DIR, or set DATABASE_URL to use PostgreSQL.',
      );
    }
    rmSync(lockPath, { force: true });
  }
  const fd = openSync(lockPath, 'wx');
  writeFileSync(fd, String(process.pid));
  closeSync(fd);
  heldLocks.add(lockPath);
  return () => {
    heldLocks.delete(lockPath);
    rmSync(lockPath, { force: true });
  };
}

/** Embedded PGlite: persisted under `dataDir/pg`, or in memory when dataDir is 'memory://'. */
export async function openPglite(dataDir: string | 'memory://'): Promise<Database> {
  let unlock = () => {};
  let client: PGlite;
  if (dataDir === 'memory://') {
    client = new PGlite();
  } else {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
    try {
      client = new PGlite(join(dataDir, 'pg'));
      await client.waitReady;
    } catch (err) {
      unlock();
      throw err;
    }
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection can be dropped by the server (restart, failover); without a listener that
  // error would crash the process. The pool replaces the connection on the next query.
  pool.on('error', (err) => process.emitWarning(`PostgreSQL connection lost: ${err.message}`));
  await pool.query('select 1');
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () => migrateLocked(pool),
    close: () => pool.end(),
    async listen(channel, onNotify) {
      const client = new pg.Client({ connectionString: url });
      // a lost connection only costs the wake-ups: workers still poll the queue
      client.on('error', (err) => process.emitWarning(`PostgreSQL LISTEN connection lost: ${err.message}`));
      client.on('notification', (n) => {
        if (n.channel === channel) onNotify();
      });
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      return () => client.end().catch(() => {});
    },
  };
}

/** Any fixed number: the key of the session lock that lets one process at a time migrate. */
const MIGRATION_LOCK = 727_274_001;

/**
 * Several API and worker processes may start at once against one database: a session advisory
 * lock makes them migrate one after another (the later ones find nothing left to do) instead of
 * racing to create the same tables.
 */
async function migrateLocked(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg({ client, schema }) as never, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}

export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
