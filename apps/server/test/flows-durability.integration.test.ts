import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgSettings, sql } from './flows-fixture.ts';
import { DATABASES } from './helper.ts';
import { type Cluster, createCluster, kill, loginTo, until } from './processes.ts';

/*
 * A flow's worker killed with SIGKILL while its destination step writes: the step runs again on
 * a second worker, continues after the last batch the destination acknowledged (the checkpoint
 * is stored with the batch, in its transaction), and the destination holds every row exactly
 * once. The destination table has no primary key (append): a row written twice would show.
 */

const ROWS = 300_000;
const suffix = randomBytes(4).toString('hex');
const SRC = `mw_fkill_src_${suffix}`;
const DST = `mw_fkill_dst_${suffix}`;

describe.skipIf(!DATABASES.includes('postgres'))('a flow worker killed mid-run (separate processes)', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    await sql('postgres', `create database ${SRC}`);
    await sql('postgres', `create database ${DST}`);
    await sql(
      SRC,
      `create table items (id integer primary key, label text not null);
       insert into items select i, 'item ' || i from generate_series(1, ${ROWS}) i;`,
    );
    await sql(DST, 'create table items (id integer, label text)');
    cluster = await createCluster({ WORKER_LEASE_MS: '1500', OUTBOUND_ALLOWLIST: '127.0.0.1' });
  });
  afterAll(async () => {
    await cluster?.destroy();
    await sql('postgres', `drop database if exists ${SRC} with (force)`);
    await sql('postgres', `drop database if exists ${DST} with (force)`);
  });

  it('loses and duplicates nothing at the destination', async () => {
    const web = await cluster.start({ ROLE: 'web' });
    const { call } = await loginTo(web.url);
    const src = await call<{ id: string }>('POST', '/connections', {
      type: 'postgres',
      name: 'src',
      role: 'source',
      settings: pgSettings(SRC),
    });
    const dst = await call<{ id: string }>('POST', '/connections', {
      type: 'postgres',
      name: 'dst',
      role: 'destination',
      settings: pgSettings(DST),
    });
    const flow = await call<{ id: string }>('POST', '/flows', {
      name: 'items',
      steps: [
        {
          id: 'src',
          kind: 'source',
          name: 'Items',
          config: { input: { kind: 'connection', id: src.id, stream: 'public.items' } },
        },
        {
          id: 'dest',
          kind: 'destination',
          name: 'Copy',
          config: { connection_id: dst.id, stream: 'items', write_mode: 'append' },
        },
      ],
      edges: [{ from: 'src', to: 'dest' }],
    });
    const run = await call<{ id: string }>('POST', `/flows/${flow.id}/runs`, {});
    const latest = () => call<Record<string, unknown>>('GET', `/flows/${flow.id}/runs/${run.id}`);
    const count = async () => Number((await sql(DST, 'select count(*)::int as n from items'))[0].n);

    const first = await cluster.start({ ROLE: 'worker' });
    // killed once the destination has acknowledged some batches, before the end
    await until(async () => (await count()) > 0, 120_000, 10);
    await kill(first);
    const atKill = await count();
    expect(atKill).toBeLessThan(ROWS);
    expect((await latest()).status).toBe('running');

    await cluster.start({ ROLE: 'worker' });
    const end = await until(async () => {
      const r = await latest();
      return ['succeeded', 'failed', 'partial', 'cancelled'].includes(r.status as string) && r;
    }, 180_000);
    const dest = (end.steps as Record<string, unknown>[]).find((s) => s.step_id === 'dest')!;
    expect(end.status, JSON.stringify(end.steps)).toBe('succeeded');
    expect(dest).toMatchObject({ status: 'succeeded', rows_in: ROWS, rows_out: ROWS, attempts: 2 });
    const [stats] = await sql(
      DST,
      `select count(*)::int as n, count(distinct id)::int as d, min(id) as lo, max(id) as hi,
              count(*) filter (where label <> 'item ' || id)::int as bad from items`,
    );
    expect(stats).toEqual({ n: ROWS, d: ROWS, lo: 1, hi: ROWS, bad: 0 });
    expect(JSON.stringify(dest.logs)).toMatch(/continuing after row \d+/);
  }, 300_000);
});
