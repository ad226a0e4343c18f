import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from './helper.ts';
import { type Cluster, createCluster, kill, loginTo, until } from './processes.ts';

/** 2M short rows (~40 MiB): a few seconds of import, long enough to be killed inside it */
const ROWS = 2_000_000;

function bigCsv() {
  const parts: string[] = ['id,label\n'];
  for (let i = 0; i < ROWS; i += 10_000) {
    let block = '';
    for (let k = i; k < Math.min(ROWS, i + 10_000); k++) block += `${k},row-${k}\n`;
    parts.push(block);
  }
  return new Blob(parts, { type: 'text/csv' });
}

describe.skipIf(!DATABASES.includes('postgres'))(
  'a worker killed mid-import (PostgreSQL, separate processes)',
  () => {
    let cluster: Cluster;
    beforeAll(async () => {
      cluster = await createCluster({ WORKER_LEASE_MS: '1500' });
    });
    afterAll(() => cluster?.destroy());

    it('imports every row exactly once after SIGKILL of the worker and a second worker', async () => {
      const web = await cluster.start({ ROLE: 'web' });
      const { token, call } = await loginTo(web.url);
      const form = new FormData();
      form.append('file', bigCsv(), 'big.csv');
      const up = await fetch(`${web.url}/api/files`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(up.status, await up.clone().text()).toBe(201);
      const file = (await up.json()) as { id: string };
      const imp = await call('POST', '/imports', { file_id: file.id });

      const first = await cluster.start({ ROLE: 'worker' });
      await until(async () => (await call('GET', `/imports/${imp.id}`)).status === 'running', 60_000, 20);
      await kill(first);
      // killed inside the import, not after it
      expect((await call('GET', `/imports/${imp.id}`)).status).toBe('running');

      await cluster.start({ ROLE: 'worker' });
      const end = await until(async () => {
        const r = await call('GET', `/imports/${imp.id}`);
        return ['succeeded', 'failed', 'cancelled'].includes(r.status as string) && r;
      });
      expect(end).toMatchObject({ status: 'succeeded', row_count: ROWS, problem_count: 0 });

      // the import's dataset files, read directly with DuckDB: every id once, each with its label
      const db = new pg.Client({ connectionString: cluster.databaseUrl });
      await db.connect();
      const { rows: found } = await db.query(
        'select d.files, d.row_count::int as row_count from imports i join datasets d on d.id = i.dataset_id where i.id = $1',
        [imp.id],
      );
      await db.end();
      expect(found[0].row_count).toBe(ROWS);
      const files = found[0].files as { sha256: string }[];
      const list = files
        .map(
          (f) => `'${join(cluster.dataDir, 'blobs', f.sha256.slice(0, 2), f.sha256.slice(2, 4), f.sha256)}'`,
        )
        .join(', ');
      const duck = await (await DuckDBInstance.create(':memory:')).connect();
      const [stats] = (
        await duck.runAndReadAll(
          `SELECT count(*)::INTEGER, count(DISTINCT id)::INTEGER, min(id::INTEGER), max(id::INTEGER),
             count(*) FILTER (WHERE label <> 'row-' || id)::INTEGER
           FROM read_parquet([${list}])`,
        )
      ).getRows();
      duck.closeSync();
      expect(stats).toEqual([ROWS, ROWS, 0, ROWS - 1, 0]);
      // a page read through the API is the file's own rows in order (imported as text)
      const page = await call<{ total: number; items: { record: Record<string, unknown> }[] }>(
        'GET',
        `/imports/${imp.id}/rows?page=2001&size=500`,
      );
      expect(page.total).toBe(ROWS);
      expect(page.items[0]!.record).toEqual({ id: '1000000', label: 'row-1000000' });
    }, 120_000);
  },
);
