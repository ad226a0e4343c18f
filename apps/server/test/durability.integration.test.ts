import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from './helper.ts';

const CLI = resolve(dirname(fileURLToPath(import.meta.url)), '../src/cli.ts');
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Starts a server process; resolves with its URL once it prints it. */
function startProcess(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolveStart, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI], {
      env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 60_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolveStart({ child, url: m[1]! });
      }
    });
    child.stderr!.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

describe.skipIf(!DATABASES.includes('postgres'))(
  'a worker killed mid-job (PostgreSQL, separate processes)',
  () => {
    const name = `mw_test_${randomUUID().replaceAll('-', '')}`;
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    const env = {
      DATABASE_URL: url.toString(),
      JWT_SECRET: 'durability-test-secret-durability-test',
      WORKER_LEASE_MS: '1500',
      DATA_DIR: `/tmp/${name}`,
    };
    const children: ChildProcess[] = [];
    beforeAll(async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`create database ${name}`);
      await c.end();
    });
    afterAll(async () => {
      for (const ch of children) ch.kill('SIGKILL');
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    });

    it('loses no record and writes none twice after SIGKILL and restart', async () => {
      const web = await startProcess({ ...env, ROLE: 'web' });
      children.push(web.child);
      const login = await fetch(`${web.url}/api/auth/jwt/login`, {
        method: 'POST',
        body: new URLSearchParams({ username: 'demo@mapwright.dev', password: 'demo-harbour-lantern' }),
      });
      const auth = {
        authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
        'content-type': 'application/json',
      };
      const call = async (method: string, path: string, body?: unknown) =>
        (
          await fetch(`${web.url}/api${path}`, {
            method,
            headers: auth,
            body: body ? JSON.stringify(body) : undefined,
          })
        ).json() as Promise<Record<string, unknown>>;
      const schema = {
        type: 'object',
        properties: { n: { type: 'integer' }, label: { type: 'string' } },
        required: ['n'],
      };
      const pipeline = await call('POST', '/pipelines', { name: 'Durable', target_schema: schema });
      const total = 150_000;
      const job = await call('POST', `/pipelines/${pipeline.id}/jobs`, {
        data: Array.from({ length: total }, (_, i) => ({ n: i, label: `row ${i}` })),
      });
      const result = await call('POST', `/jobs/${job.id}/run?immediate_return=true`);

      const first = await startProcess({ ...env, ROLE: 'worker' });
      children.push(first.child);
      for (;;) {
        const r = await call('GET', `/results/${result.id}`);
        if ((r.processed as number) > 0) break;
        await new Promise((res) => setTimeout(res, 20));
      }
      first.child.kill('SIGKILL');
      const midway = (await call('GET', `/results/${result.id}`)).processed as number;
      expect(midway).toBeLessThan(total);

      const second = await startProcess({ ...env, ROLE: 'worker' });
      children.push(second.child);
      let end: Record<string, unknown> = {};
      for (let i = 0; i < 600; i++) {
        end = await call('GET', `/results/${result.id}`);
        if (end.status === 'finished' || end.status === 'failed') break;
        await new Promise((res) => setTimeout(res, 100));
      }
      expect(end).toMatchObject({ status: 'finished', processed: total, succeeded: total, failed: 0 });

      // the result's own Parquet files, read directly as a user would (DuckDB), not through the API
      const files = await call('GET', `/results/${result.id}/files`);
      expect(files.row_count).toBe(total);
      const instance = await DuckDBInstance.create(':memory:');
      const duck = await instance.connect();
      const list = (files.files as { location: string }[]).map((f) => `'${f.location}'`).join(', ');
      const rows = (
        await duck.runAndReadAll(
          `SELECT "index"::INTEGER, mapped_record FROM read_parquet([${list}]) ORDER BY 1`,
        )
      ).getRows();
      duck.closeSync();
      const seen = new Set<number>();
      for (const [index, mapped] of rows) {
        expect(JSON.parse(String(mapped))).toEqual({ n: index, label: `row ${index}` });
        seen.add(index as number);
      }
      expect(rows.length).toBe(total);
      expect(seen.size).toBe(total);
    }, 180_000);
  },
);
