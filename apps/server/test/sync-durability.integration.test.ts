import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from './helper.ts';
import { type Cluster, createCluster, kill, loginTo, until } from './processes.ts';

/*
 * A sync's worker killed with SIGKILL mid-sync: a second worker resumes from the last committed
 * checkpoint and the destination holds every row exactly once. The destination table has no
 * primary key (append), so a row written twice would show as a duplicate.
 */

const ROWS = 400_000;
const suffix = randomBytes(4).toString('hex');
const SRC = `mw_kill_src_${suffix}`;
const DST = `mw_kill_dst_${suffix}`;

async function sql(database: string, text: string) {
  const c = new pg.Client({ host: '127.0.0.1', user: 'postgres', database });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}

describe.skipIf(!DATABASES.includes('postgres'))('a sync worker killed mid-sync (separate processes)', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    await sql('postgres', `create database ${SRC}`);
    await sql('postgres', `create database ${DST}`);
    await sql(
      SRC,
      `create table items (id integer primary key, label text not null, at timestamptz not null);
       insert into items select i, 'item ' || i, timestamptz '2024-01-01' + (i || ' seconds')::interval
         from generate_series(1, ${ROWS}) i;`,
    );
    await sql(DST, 'create table items (id integer, label text, at timestamptz)');
    cluster = await createCluster({ WORKER_LEASE_MS: '1500', OUTBOUND_ALLOWLIST: '127.0.0.1' });
  });
  afterAll(async () => {
    await cluster?.destroy();
    await sql('postgres', `drop database if exists ${SRC} with (force)`);
    await sql('postgres', `drop database if exists ${DST} with (force)`);
  });

  it('resumes from the last committed state; every row lands exactly once', async () => {
    const web = await cluster.start({ ROLE: 'web' });
    const { call } = await loginTo(web.url);
    const settings = (database: string) => ({ host: '127.0.0.1', port: 5432, database, user: 'postgres' });
    const src = await call('POST', '/connections', {
      type: 'postgres',
      name: 'src',
      role: 'source',
      settings: settings(SRC),
    });
    const dst = await call('POST', '/connections', {
      type: 'postgres',
      name: 'dst',
      role: 'destination',
      settings: settings(DST),
    });
    const sync = await call('POST', '/syncs', {
      name: 'items',
      sourceConnectionId: src.id,
      destinationConnectionId: dst.id,
      streams: [{ name: 'public.items', destination: 'items' }],
      writeMode: 'append',
    });
    const run = await call<{ id: string }>('POST', `/syncs/${sync.id}/runs`);
    const latest = async () =>
      (await call<{ items: Record<string, unknown>[] }>('GET', `/syncs/${sync.id}/runs`)).items.find(
        (r) => r.id === run.id,
      )!;

    const first = await cluster.start({ ROLE: 'worker' });
    // killed after a checkpoint was committed, before the end
    await until(async () => Number((await latest()).rowsWritten) > 0, 60_000, 10);
    await kill(first);
    const atKill = await latest();
    expect(atKill.status).toBe('running');
    expect(Number(atKill.rowsWritten)).toBeLessThan(ROWS);

    await cluster.start({ ROLE: 'worker' });
    const end = await until(async () => {
      const r = await latest();
      return ['succeeded', 'failed', 'cancelled'].includes(r.status as string) && r;
    }, 120_000);
    expect(end).toMatchObject({ status: 'succeeded', rowsWritten: ROWS });
    const [stats] = await sql(
      DST,
      `select count(*)::int as n, count(distinct id)::int as d, min(id) as lo, max(id) as hi,
              count(*) filter (where label <> 'item ' || id)::int as bad from items`,
    );
    expect(stats).toEqual({ n: ROWS, d: ROWS, lo: 1, hi: ROWS, bad: 0 });
  }, 240_000);
});
