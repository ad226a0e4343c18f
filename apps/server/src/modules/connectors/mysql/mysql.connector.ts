import { createHash, randomUUID } from 'node:crypto';
import mysql from 'mysql2';
import type {
  Connector,
  ConnectorContext,
  DestinationWriter,
  ReadMessage,
  ReadRequest,
  Settings,
  StreamDescriptor,
  WriteRequest,
} from '../contract.ts';
import {
  type ColumnKind,
  checkTableName,
  columnSchema,
  columnsOf,
  describeTable,
  explainSqlError,
  guardDbHost,
  lastPerKey,
  READ_BATCH,
  resolveStream,
  type SqlTable,
  sqlSettings,
  sqlSettingsSchema,
} from '../sql-common.ts';

/*
 * MySQL / MariaDB source and destination. Reads stream row by row (mysql2's query stream pauses
 * the socket when we fall behind, so memory stays flat) in key order; incremental reads take
 * `(cursor, key) > state AND cursor <= max(cursor) read at start`. Writes are multi-row INSERTs
 * in a transaction per batch; upsert is ON DUPLICATE KEY UPDATE; overwrite fills a staging table
 * and swaps it in with one RENAME TABLE (atomic for all its pairs).
 */

type Conn = mysql.Connection;
const id = (n: string) => mysql.escapeId(n, true);

async function connect(s: Settings, ctx: ConnectorContext): Promise<Conn> {
  const o = sqlSettings(s);
  const address = await guardDbHost(ctx, o.host, o.port);
  const conn = mysql.createConnection({
    host: address,
    port: o.port,
    database: o.database,
    user: o.user,
    password: o.password ?? '',
    connectTimeout: 10_000,
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: false,
    charset: 'utf8mb4',
  });
  conn.on('error', () => {});
  try {
    await conn.promise().connect();
  } catch (err) {
    conn.destroy();
    throw explainSqlError(err, o);
  }
  return conn;
}

async function rows<T>(conn: Conn, sql: string, params: unknown[] = []): Promise<T[]> {
  const [r] = await conn.promise().query(sql, params);
  return r as T[];
}

async function withConn<T>(s: Settings, ctx: ConnectorContext, fn: (c: Conn) => Promise<T>): Promise<T> {
  const conn = await connect(s, ctx);
  try {
    return await fn(conn);
  } catch (err) {
    throw explainSqlError(err, sqlSettings(s));
  } finally {
    conn.destroy();
  }
}

async function loadTables(conn: Conn, only?: string): Promise<SqlTable[]> {
  const cols = await rows<{ t: string; c: string; dt: string; ct: string; n: string }>(
    conn,
    `select table_name as t, column_name as c, data_type as dt, column_type as ct, is_nullable as n
       from information_schema.columns
      where table_schema = database() and (? is null or table_name = ?)
      order by table_name, ordinal_position`,
    [only ?? null, only ?? null],
  );
  const keys = await rows<{ t: string; c: string }>(
    conn,
    `select table_name as t, column_name as c from information_schema.key_column_usage
      where table_schema = database() and constraint_name = 'PRIMARY' order by ordinal_position`,
  );
  const tables = new Map<string, SqlTable>();
  for (const r of cols) {
    const t = tables.get(r.t) ?? { name: r.t, schema: '', table: r.t, columns: [], primaryKey: [] };
    tables.set(r.t, t);
    // MySQL has no boolean type: tinyint(1) is how BOOLEAN columns are declared
    const type = r.ct.toLowerCase() === 'tinyint(1)' ? 'boolean' : r.dt.toLowerCase();
    t.columns.push({ name: r.c, type, nullable: r.n === 'YES' });
  }
  for (const k of keys) tables.get(k.t)?.primaryKey.push(k.c);
  return [...tables.values()];
}

async function* read(
  settings: Settings,
  req: ReadRequest,
  ctx: ConnectorContext,
): AsyncIterable<ReadMessage> {
  const o = sqlSettings(settings);
  const conn = await connect(settings, ctx);
  try {
    const {
      table,
      cursor: cursorCol,
      key,
    } = resolveStream(
      await loadTables(conn, req.stream),
      req.stream,
      req.syncMode === 'incremental' ? req.cursorField : undefined,
      req.primaryKey,
    );
    const from = id(table.table);
    const keyList = key.map(id).join(', ');
    const params: unknown[] = [];
    const where: string[] = [];
    let order = keyList;
    let stateOf: (row: Record<string, unknown>) => Record<string, unknown>;
    const state = req.state ?? {};
    if (req.syncMode === 'incremental') {
      if (!cursorCol || !key.length)
        throw explainSqlError(new Error('an incremental read needs a cursor field and a primary key'), o);
      const [max] = await rows<{ m: unknown }>(conn, `select max(${id(cursorCol)}) as m from ${from}`);
      const upper = max?.m ?? null;
      if (upper === null) {
        yield { type: 'state', state };
        return;
      }
      where.push(`${id(cursorCol)} <= ?`);
      params.push(upper);
      if (state.cursor !== undefined && Array.isArray(state.key)) {
        where.push(
          `(${id(cursorCol)}, ${keyList}) > (${[state.cursor, ...state.key].map(() => '?').join(', ')})`,
        );
        params.push(state.cursor, ...state.key);
      }
      order = `${id(cursorCol)}, ${keyList}`;
      stateOf = (row) => ({ cursor: row[cursorCol], key: key.map((k) => row[k]) });
    } else if (key.length) {
      if (Array.isArray(state.key)) {
        where.push(`(${keyList}) > (${state.key.map(() => '?').join(', ')})`);
        params.push(...state.key);
      }
      stateOf = (row) => ({ key: key.map((k) => row[k]) });
    } else {
      stateOf = () => ({});
    }
    const kinds = new Map(table.columns.map((c) => [c.name, columnSchema(c)]));
    const bools = [...kinds].filter(([, s]) => [s.type].flat().includes('boolean')).map(([n]) => n);
    const times = table.columns.filter((c) => /^(datetime|timestamp)/.test(c.type)).map((c) => c.name);
    const sql = `select * from ${from}${where.length ? ` where ${where.join(' and ')}` : ''}${order ? ` order by ${order}` : ''}`;
    const stream = conn.query(sql, params).stream({ highWaterMark: READ_BATCH });
    let n = 0;
    let last: Record<string, unknown> | undefined;
    try {
      for await (const row of stream as AsyncIterable<Record<string, unknown>>) {
        for (const b of bools) if (row[b] !== null) row[b] = Boolean(row[b]);
        for (const t of times) if (typeof row[t] === 'string') row[t] = (row[t] as string).replace(' ', 'T');
        for (const [k, v] of Object.entries(row)) if (Buffer.isBuffer(v)) row[k] = v.toString('base64');
        yield { type: 'record', data: row };
        last = row;
        if (++n % READ_BATCH === 0) {
          if (req.signal.aborted) throw req.signal.reason;
          yield { type: 'state', state: stateOf(row) };
        }
      }
    } finally {
      stream.destroy();
    }
    yield { type: 'state', state: last ? stateOf(last) : state };
  } catch (err) {
    throw explainSqlError(err, o);
  } finally {
    conn.destroy();
  }
}

function sqlType(kind: ColumnKind, isKey: boolean): string {
  switch (kind) {
    case 'integer':
      return 'bigint';
    case 'number':
      return 'double';
    case 'numeric':
      return 'decimal(38,10)';
    case 'boolean':
      return 'boolean';
    case 'datetime':
    case 'timestamp':
      return 'datetime(6)';
    case 'date':
      return 'date';
    case 'json':
      return 'json';
    case 'binary':
      return isKey ? 'varbinary(255)' : 'longblob';
    default:
      // a key must have a bounded length in MySQL
      return isKey ? 'varchar(255)' : 'longtext';
  }
}

/** A value as MySQL takes it: documents as JSON text, instants in UTC without a zone. */
function toSql(v: unknown, kind: ColumnKind): unknown {
  if (v === undefined || v === null) return null;
  if (kind === 'datetime' && typeof v === 'string') {
    const d = new Date(v);
    return Number.isNaN(d.getTime()) ? v : d.toISOString().replace('T', ' ').replace('Z', '');
  }
  if (kind === 'timestamp' && typeof v === 'string') return v.replace('T', ' ');
  if (kind === 'binary' && typeof v === 'string') return Buffer.from(v, 'base64');
  if (typeof v === 'object') return JSON.stringify(v);
  return v;
}

const CHUNK = 1000;

async function open(
  settings: Settings,
  req: WriteRequest,
  ctx: ConnectorContext,
): Promise<DestinationWriter> {
  const o = sqlSettings(settings);
  const target = checkTableName(req.stream);
  const cols = columnsOf(req.jsonSchema);
  const key = (req.primaryKey ?? []).map((p) => p[0]!);
  for (const k of key) {
    if (!cols.some((c) => c.name === k))
      throw explainSqlError(new Error(`primary key ${k} is not a column`), o);
  }
  if (req.mode === 'upsert' && !key.length)
    throw explainSqlError(new Error('an upsert needs a primary key'), o);
  const conn = await connect(settings, ctx);
  try {
    const staging = `_mw_stage_${createHash('sha256')
      .update(req.runId ?? randomUUID())
      .digest('hex')
      .slice(0, 10)}_${target.slice(0, 40)}`;
    const tableName = req.mode === 'overwrite' ? staging : target;
    const defs = cols.map((c) => `${id(c.name)} ${sqlType(c.kind, key.includes(c.name))}`);
    if (key.length) defs.push(`primary key (${key.map(id).join(', ')})`);
    await rows(conn, `create table if not exists ${id(tableName)} (${defs.join(', ')})`);
    const existing = new Set(
      (
        await rows<{ c: string }>(
          conn,
          'select column_name as c from information_schema.columns where table_schema = database() and table_name = ?',
          [tableName],
        )
      ).map((r) => r.c),
    );
    for (const c of cols.filter((c) => !existing.has(c.name))) {
      await rows(conn, `alter table ${id(tableName)} add column ${id(c.name)} ${sqlType(c.kind, false)}`);
    }
    const insert =
      `insert into ${id(tableName)} (${cols.map((c) => id(c.name)).join(', ')}) values ?` +
      (req.mode === 'upsert'
        ? ` on duplicate key update ${
            cols
              .filter((c) => !key.includes(c.name))
              .map((c) => `${id(c.name)} = values(${id(c.name)})`)
              .join(', ') || `${id(key[0]!)} = ${id(key[0]!)}`
          }`
        : '');
    // checkpoints stored with their batch (one transaction): see DestinationWriter.write
    const checkpoints = id('_mw_sync_checkpoints');
    if (req.runId) {
      await rows(
        conn,
        `create table if not exists ${checkpoints} (run_key varchar(255) primary key, state json not null)`,
      );
    }
    return {
      async write(records, checkpoint) {
        const list = req.mode === 'upsert' ? lastPerKey(records, key) : records;
        try {
          await rows(conn, 'start transaction');
          for (let i = 0; i < list.length; i += CHUNK) {
            const values = list.slice(i, i + CHUNK).map((r) => cols.map((c) => toSql(r[c.name], c.kind)));
            await rows(conn, insert, [values]);
          }
          if (checkpoint !== undefined && req.runId) {
            await rows(
              conn,
              `insert into ${checkpoints} (run_key, state) values (?, ?) on duplicate key update state = values(state)`,
              [req.runId, JSON.stringify(checkpoint)],
            );
          }
          await rows(conn, 'commit');
        } catch (err) {
          await rows(conn, 'rollback').catch(() => {});
          throw explainSqlError(err, o);
        }
      },
      async resumeState() {
        if (!req.runId) return undefined;
        const [r] = await rows<{ state: unknown }>(
          conn,
          `select state from ${checkpoints} where run_key = ?`,
          [req.runId],
        );
        return typeof r?.state === 'string'
          ? JSON.parse(r.state)
          : (r?.state as Record<string, unknown> | undefined);
      },
      async commit() {
        try {
          if (req.runId) await rows(conn, `delete from ${checkpoints} where run_key = ?`, [req.runId]);
          if (req.mode !== 'overwrite') return;
          const [has] = await rows<{ n: number }>(
            conn,
            'select count(*) as n from information_schema.tables where table_schema = database() and table_name = ?',
            [target],
          );
          if (Number(has?.n) > 0) {
            const old = `_mw_old_${staging.slice(10, 20)}_${target.slice(0, 40)}`;
            await rows(conn, `rename table ${id(target)} to ${id(old)}, ${id(staging)} to ${id(target)}`);
            await rows(conn, `drop table ${id(old)}`);
          } else {
            await rows(conn, `rename table ${id(staging)} to ${id(target)}`);
          }
        } catch (err) {
          throw explainSqlError(err, o);
        } finally {
          conn.destroy();
        }
      },
      async abort() {
        try {
          // the staging table goes, and with it the checkpoint of what it held
          if (req.mode === 'overwrite') {
            await rows(conn, `drop table if exists ${id(staging)}`);
            if (req.runId) await rows(conn, `delete from ${checkpoints} where run_key = ?`, [req.runId]);
          }
        } finally {
          conn.destroy();
        }
      },
    };
  } catch (err) {
    conn.destroy();
    throw explainSqlError(err, o);
  }
}

export const mysqlConnector: Connector = {
  spec: {
    type: 'mysql',
    title: 'MySQL / MariaDB',
    description: 'Read tables from a MySQL or MariaDB database, or write records into its tables.',
    roles: ['source', 'destination'],
    settings: sqlSettingsSchema(3306),
    secretFields: ['password'],
    writeModes: ['append', 'overwrite', 'upsert'],
  },
  async check(settings, ctx) {
    await withConn(settings, ctx, (c) => rows(c, 'select 1'));
  },
  async discover(settings, ctx): Promise<StreamDescriptor[]> {
    return withConn(settings, ctx, async (c) => (await loadTables(c)).map(describeTable));
  },
  read,
  open,
};
