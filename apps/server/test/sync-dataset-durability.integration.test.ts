import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from './helper.ts';
import { type Cluster, createCluster, kill, loginTo, until } from './processes.ts';

/*
 * A sync into a Mapwright dataset whose worker is killed with SIGKILL mid-sync: a second worker
 * resumes from the checkpoint stored with the last batch, and the dataset holds every row exactly
 * once. Checked by syncing the dataset back out into a PostgreSQL table without a key (a row
 * written twice would show as a duplicate).
 */

const ROWS = 200_000;
const suffix = randomBytes(4).toString('hex');
const DB = `mw_dskill_${suffix}`;

async function sql(database: string, text: string) {
  const c = new pg.Client({ host: '127.0.0.1', user: 'postgres', database });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}

describe.skipIf(!DATABASES.includes('postgres'))(
  'a sync into a dataset killed mid-sync (separate processes)',
  () => {
    let cluster: Cluster;
    beforeAll(async () => {
      await sql('postgres', `create database ${DB}`);
      await sql(
        DB,
        `create table items (id integer primary key, label text not null);
       insert into items select i, 'item ' || i from generate_series(1, ${ROWS}) i;
       create table back (id integer, label text);`,
      );
      cluster = await createCluster({ WORKER_LEASE_MS: '1500', OUTBOUND_ALLOWLIST: '127.0.0.1' });
    });
    afterAll(async () => {
      await cluster?.destroy();
      await sql('postgres', `drop database if exists ${DB} with (force)`);
    });

    it('resumes from the checkpoint stored with the last batch; every row lands once', async () => {
      const web = await cluster.start({ ROLE: 'web' });
      const { call } = await loginTo(web.url);
      const settings = { host: '127.0.0.1', port: 5432, database: DB, user: 'postgres' };
      const pgConn = await call<{ id: string }>('POST', '/connections', {
        type: 'postgres',
        name: 'pg',
        role: 'source',
        settings,
      });
      const dsOut = await call<{ id: string }>('POST', '/connections', {
        type: 'dataset_out',
        name: 'datasets',
        role: 'destination',
        settings: { prefix: 'killed ' },
      });
      const sync = await call<{ id: string }>('POST', '/syncs', {
        name: 'items in',
        sourceConnectionId: pgConn.id,
        destinationConnectionId: dsOut.id,
        streams: [{ name: 'public.items', destination: 'items' }],
        writeMode: 'append',
      });
      const runTo = async (syncId: string, onRunning?: () => Promise<void>) => {
        const run = await call<{ id: string }>('POST', `/syncs/${syncId}/runs`);
        const latest = async () =>
          (await call<{ items: Record<string, unknown>[] }>('GET', `/syncs/${syncId}/runs`)).items.find(
            (r) => r.id === run.id,
          )!;
        await onRunning?.();
        return until(async () => {
          const r = await latest();
          return ['succeeded', 'failed', 'cancelled'].includes(r.status as string) && r;
        }, 150_000);
      };

      const end = await runTo(sync.id, async () => {
        const first = await cluster.start({ ROLE: 'worker' });
        const latest = async () =>
          (await call<{ items: Record<string, unknown>[] }>('GET', `/syncs/${sync.id}/runs`)).items[0]!;
        // killed after a batch was written, before the end
        await until(async () => Number((await latest()).rowsWritten) > 0, 60_000, 10);
        await kill(first);
        const atKill = await latest();
        expect(atKill.status).toBe('running');
        expect(Number(atKill.rowsWritten)).toBeLessThan(ROWS);
        await cluster.start({ ROLE: 'worker' });
      });
      expect(end).toMatchObject({ status: 'succeeded', rowsWritten: ROWS });
      const datasets = await call<{ items: { id: string; name: string; row_count: number }[] }>(
        'GET',
        '/datasets?kind=sync',
      );
      const ds = datasets.items.find((d) => d.name === 'killed items')!;
      expect(ds.row_count).toBe(ROWS);

      // out again, into a table without a key
      const dsIn = await call<{ id: string }>('POST', '/connections', {
        type: 'dataset',
        name: 'killed items',
        role: 'source',
        settings: { dataset: ds.id },
      });
      const pgOut = await call<{ id: string }>('POST', '/connections', {
        type: 'postgres',
        name: 'pg out',
        role: 'destination',
        settings,
      });
      const back = await call<{ id: string }>('POST', '/syncs', {
        name: 'items out',
        sourceConnectionId: dsIn.id,
        destinationConnectionId: pgOut.id,
        streams: [{ name: 'killed_items', destination: 'back' }],
        writeMode: 'append',
      });
      expect(await runTo(back.id)).toMatchObject({ status: 'succeeded', rowsWritten: ROWS });
      const [stats] = await sql(
        DB,
        `select count(*)::int as n, count(distinct id)::int as d, min(id) as lo, max(id) as hi,
              count(*) filter (where label <> 'item ' || id)::int as bad from back`,
      );
      expect(stats).toEqual({ n: ROWS, d: ROWS, lo: 1, hi: ROWS, bad: 0 });
    }, 300_000);
  },
);
