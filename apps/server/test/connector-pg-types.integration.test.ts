import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOutboundUrl, parseAllowlist } from '../src/lib/safe-fetch.ts';
import type { ConnectorContext, SourceConnector } from '../src/modules/connectors/contract.ts';
import { postgresConnector } from '../src/modules/connectors/postgres/postgres.connector.ts';
import { createTestApp, createUser, DATABASES, eventually } from './helper.ts';

/*
 * Type fidelity PostgreSQL → PostgreSQL: a table with every common type (and the text COPY must
 * escape, and NULLs) arrives with identical rows, compared with EXCEPT both ways. Both paths: the
 * COPY text passed through (a sync with no mapper) and records (read → write, as with a mapper or
 * any other destination) into a table of the same types.
 */

const suffix = randomBytes(4).toString('hex');
const SRC = `mw_types_src_${suffix}`;
const DST = `mw_types_dst_${suffix}`;
const settings = (database: string) => ({ host: '127.0.0.1', port: 5432, database, user: 'postgres' });
const ctx: ConnectorContext = {
  fetch,
  scratchDir: tmpdir(),
  log: () => {},
  checkOutbound: (url) => checkOutboundUrl(url, { allowlist: parseAllowlist(['127.0.0.1']) }),
};

async function sql(database: string, text: string) {
  const c = new pg.Client({ host: '127.0.0.1', user: 'postgres', database });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}

const COLUMNS = `id integer primary key, i2 smallint, i8 bigint, num numeric, num2 numeric(12,2),
  f4 real, f8 double precision, ok boolean, txt text, vc varchar(40), ch char(3), d date,
  ts timestamp, tstz timestamptz, u uuid, j json, jb jsonb, ints integer[], txts text[],
  b bytea, iv interval`;
const ROWS = `
  (1, 32767, 9223372036854775807, 12345678901234567890.123456789, 1.50, 1.1, 0.30000000000000004,
   true, E'tab\\there\\nnewline\\\\backslash \\\\N é 漢字 😀', 'plain', 'ab', '2024-02-29',
   '2024-01-01 10:11:12.123456', '2024-06-30 23:59:59.999999+02', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
   '{"a": [1, 2.5, "x\\ty"], "b": null}', '{"z": 1, "a": {"n": "\\\\"}}', '{1,NULL,3}',
   '{"with space","quo\\"te","back\\\\slash",NULL}', '\\x00ff0a0d09', '1 day 02:03:04.5'),
  (2, -32768, -9223372036854775808, 'NaN', -0.01, 'Infinity', '-Infinity', false, '', '', '   ',
   '0001-01-01', '1999-12-31 23:59:59', '1970-01-01 00:00:00+00', '00000000-0000-0000-0000-000000000000',
   '[]', '"just a string"', '{}', '{}', '\\x', '-1 mons'),
  (3, 0, 0, 0, 0, 'NaN', 1e308, null, E'\\r\\n carriage', E'\\\\', 'x', null, null, null, null,
   'null', 'null', null, null, null, null),
  (4, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
   null, null, null, null)`;
/**
 * json has no equality: compared as jsonb (on the records path its text differs in whitespace).
 * `jsonNull`: a record cannot tell a JSON null from SQL NULL, so on the records path a json
 * column's JSON null arrives as NULL (the COPY text path keeps it).
 */
const comparable = (table: string, jsonNull: boolean) => {
  const json = (c: string) => (jsonNull ? `${c}::jsonb` : `nullif(${c}::jsonb, 'null')`);
  return `select id, i2, i8, num, num2, f4, f8, ok, txt, vc, ch, d, ts, tstz, u, ${json('j')}, ${json('jb')},
      ints, txts, b, iv from ${table}`;
};
const differences = async (table: string, jsonNull = true) => {
  const [a, b] = [comparable('src_copy', jsonNull), comparable(table, jsonNull)];
  return sql(DST, `(${a} except ${b}) union all (${b} except ${a})`);
};

beforeAll(async () => {
  await sql('postgres', `create database ${SRC}`);
  await sql('postgres', `create database ${DST}`);
  // servers whose defaults write dates and intervals in other styles: the connector's sessions
  // must not depend on them
  for (const db of [SRC, DST]) {
    await sql('postgres', `alter database ${db} set datestyle = 'SQL, DMY'`);
    await sql('postgres', `alter database ${db} set intervalstyle = 'sql_standard'`);
  }
  await sql(SRC, `create table everything (${COLUMNS}); insert into everything values ${ROWS}`);
  // the expected rows, in the destination database for EXCEPT (inserted from the same literals)
  await sql(DST, `create table src_copy (${COLUMNS}); insert into src_copy values ${ROWS}`);
});
afterAll(async () => {
  await sql('postgres', `drop database if exists ${SRC} with (force)`);
  await sql('postgres', `drop database if exists ${DST} with (force)`);
});

describe('PostgreSQL → PostgreSQL type fidelity', () => {
  it('records path: read, then written into a table of the same types, gives identical rows', async () => {
    await sql(DST, `create table by_records (${COLUMNS})`);
    const source = postgresConnector as SourceConnector;
    const [stream] = (await source.discover(settings(SRC), ctx)).filter(
      (s) => s.name === 'public.everything',
    );
    const records: Record<string, unknown>[] = [];
    const signal = new AbortController().signal;
    for await (const m of source.read(
      settings(SRC),
      { stream: 'public.everything', syncMode: 'full_refresh', signal },
      ctx,
    )) {
      if (m.type === 'copy') throw new Error('COPY text was not asked for');
      if (m.type === 'record') records.push(m.data);
    }
    expect(records).toHaveLength(4);
    // the record values are plain JSON: numbers, booleans, documents, RFC 3339 times, base64 bytes
    expect(records[0]).toMatchObject({
      i8: '9223372036854775807',
      num: '12345678901234567890.123456789',
      ok: true,
      txt: 'tab\there\nnewline\\backslash \\N é 漢字 😀',
      ts: '2024-01-01T10:11:12.123456',
      j: { a: [1, 2.5, 'x\ty'], b: null },
      b: Buffer.from([0, 255, 10, 13, 9]).toString('base64'),
    });
    expect(records[3]).toMatchObject({ txt: null, b: null, j: null });
    const writer = await postgresConnector.open!(
      { ...settings(DST), schema: 'public' },
      { stream: 'by_records', mode: 'append', jsonSchema: stream!.jsonSchema, signal },
      ctx,
    );
    await writer.write(records);
    await writer.commit();
    expect(await differences('by_records', false)).toEqual([]);
  });

  it.each(DATABASES.slice(0, 1))(
    'COPY text path: a sync with no mapper gives identical rows (app on %s)',
    async (kind) => {
      await sql(DST, `create table by_copy (${COLUMNS})`);
      const t = await createTestApp(kind, { OUTBOUND_ALLOWLIST: '127.0.0.1' }, { worker: true });
      try {
        const u = await createUser(t);
        const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
          const res = await t.as(u.token, { method, url, ...(payload ? { payload } : {}) });
          expect(res.statusCode, res.body).toBeLessThan(300);
          return res.json();
        };
        const src = await call('POST', '/api/connections', {
          type: 'postgres',
          name: 's',
          role: 'source',
          settings: settings(SRC),
        });
        const dst = await call('POST', '/api/connections', {
          type: 'postgres',
          name: 'd',
          role: 'destination',
          settings: settings(DST),
        });
        const sync = await call('POST', '/api/syncs', {
          name: 'types',
          sourceConnectionId: src.id,
          destinationConnectionId: dst.id,
          streams: [{ name: 'public.everything', destination: 'by_copy' }],
          writeMode: 'append',
        });
        await call('POST', `/api/syncs/${sync.id}/runs`);
        const run = await eventually(async () => {
          const [r] = (await call('GET', `/api/syncs/${sync.id}/runs`)).items;
          return r && ['succeeded', 'failed', 'cancelled'].includes(r.status) ? r : null;
        }, 60_000);
        expect(run).toMatchObject({ status: 'succeeded', rowsRead: 4, rowsWritten: 4 });
        expect(await differences('by_copy')).toEqual([]);
        // json keeps its very text on this path
        const [j] = await sql(DST, 'select j::text as t from by_copy where id = 1');
        expect(j.t).toBe('{"a": [1, 2.5, "x\\ty"], "b": null}');
      } finally {
        await t.close();
      }
    },
  );
});
