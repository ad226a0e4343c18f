/**
 * Real server processes on a fresh PostgreSQL database, for the tests and benchmarks that kill
 * them (durability*.integration.test.ts, bench/load-faults.ts). No vitest here: the benchmark
 * imports it too.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const CLI = resolve(dirname(fileURLToPath(import.meta.url)), '../src/cli.ts');
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** the seeded admin's login in every cluster started here (SEED_ADMIN_* below) */
export const ADMIN = { email: 'durability@mapwright.dev', password: 'durability-test-password' };

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

export interface Cluster {
  /** what every process of the cluster shares: one database, one secret, one data dir */
  env: Record<string, string>;
  databaseUrl: string;
  dataDir: string;
  /** starts a process of the cluster (ROLE and more in `extra`) */
  start(extra: Record<string, string>): Promise<ServerProcess>;
  /** kills what is still running, drops the database and removes the data dir */
  destroy(): Promise<void>;
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** resolves once the process has exited */
  exited: Promise<void>;
}

/** Starts a server process; resolves with its URL once it prints it. */
export function startProcess(env: Record<string, string>): Promise<ServerProcess> {
  return new Promise((resolveStart, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI], {
      env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 60_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolveStart({ child, url: m[1]!, exited });
      }
    });
    child.stderr!.on('data', (d) => {
      out += d;
      // keep only the tail: a long-lived process would otherwise hold all it ever logged
      if (out.length > 64_000) out = out.slice(-32_000);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

/** A fresh database and data dir for a set of processes (web, workers) that share them. */
export async function createCluster(env: Record<string, string> = {}): Promise<Cluster> {
  const name = `mw_test_${randomUUID().replaceAll('-', '')}`;
  await admin(`create database ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const dataDir = `/tmp/${name}`;
  const shared = {
    DATABASE_URL: url.toString(),
    JWT_SECRET: 'durability-test-secret-durability-test',
    DATA_DIR: dataDir,
    SEED_ADMIN_EMAIL: ADMIN.email,
    SEED_ADMIN_PASSWORD: ADMIN.password,
    // no sample project: these tests count what they post and what is mapped
    SEED_SAMPLE_DATA: 'false',
    ...env,
  };
  const started: ServerProcess[] = [];
  return {
    env: shared,
    databaseUrl: url.toString(),
    dataDir,
    async start(extra) {
      const p = await startProcess({ ...shared, ...extra });
      started.push(p);
      return p;
    },
    async destroy() {
      for (const p of started)
        if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
      await Promise.all(started.map((p) => p.exited));
      await admin(`drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** SIGKILL, then wait until the process is gone (no handler runs: a crash, not a shutdown). */
export async function kill(p: ServerProcess) {
  p.child.kill('SIGKILL');
  await p.exited;
}

export type Call = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => Promise<T>;

/** Logs in as the seeded admin; answers a JSON caller that throws on a non-2xx answer. */
export async function loginTo(baseUrl: string): Promise<{ token: string; call: Call }> {
  const res = await fetch(`${baseUrl}/api/auth/jwt/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const token = ((await res.json()) as { access_token: string }).access_token;
  const call: Call = async (method, path, body) => {
    const r = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await r.text();
    if (!r.ok) throw new Error(`${method} ${path} answered ${r.status}: ${text.slice(0, 500)}`);
    return (text ? JSON.parse(text) : {}) as never;
  };
  return { token, call };
}

/** Polls `check` until it answers a value (not null/false) or `ms` pass. */
export async function until<T>(check: () => Promise<T | null | false | undefined>, ms = 60_000, every = 100) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`gave up waiting after ${ms} ms`);
    await new Promise((r) => setTimeout(r, every));
  }
}
