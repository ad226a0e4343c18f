import { createHash, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import {
  type Connector,
  type ConnectorContext,
  ConnectorRuntimeError,
  type DestinationWriter,
  type ReadMessage,
  type ReadRequest,
  type Settings,
  type StreamDescriptor,
  type WriteRequest,
} from '../contract.ts';
import {
  type ColumnKind,
  checkTableName,
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
import { copyRecordOf, copyRowSplitter, countRows, lastLineOf, linesOf } from './copy-read.ts';
import { copyText } from './copy-text.ts';

/*
 * PostgreSQL source and destination. Reads stream through COPY (SELECT …) TO STDOUT (copy-read.ts), in
 * key order so a full refresh resumes after the last key; incremental reads take
 * `(cursor, key) > state AND cursor <= max(cursor) read at start`. Writes land through
 * COPY FROM STDIN (typed by the table's own input functions); overwrite fills a staging table and
 * swaps it in one transaction; upsert copies into a temporary table and merges from it.
 */

// dates and times stay the text PostgreSQL sent (no time-zone guessing), made RFC 3339 below
const RAW = (v: string) => v;
const INT8 = (v: string) => {
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : v;
};
const TIMESTAMPTZ = (v: string) => {
  const iso = v.replace(' ', 'T');
  return /[+-]\d\d$/.test(iso) ? `${iso}:00` : iso;
};
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20) return INT8;
    if (oid === 1184) return TIMESTAMPTZ;
    if (oid === 1114) return (v: string) => v.replace(' ', 'T');
    if (oid === 1082) return RAW;
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads
    return (pg.types.getTypeParser as any)(oid, format);
  },
};

function settingsOf(s: Settings) {
  return {
    ...sqlSettings(s),
    schema: typeof s.schema === 'string' && s.schema ? s.schema : undefined,
    ssl: s.ssl === true,
  };
}

async function connect(s: Settings, ctx: ConnectorContext): Promise<pg.Client> {
  const o = settingsOf(s);
  const address = await guardDbHost(ctx, o.host, o.port);
  const client = new pg.Client({
    host: address,
    port: o.port,
    database: o.database,
    user: o.user,
    password: o.password ?? '',
    // the certificate is checked against the host name, though the socket goes to the pinned address
    ssl: o.ssl ? { rejectUnauthorized: true, ...(isIP(o.host) ? {} : { servername: o.host }) } : false,
    connectionTimeoutMillis: 10_000,
    application_name: 'mapwright-connector',
    types,
  });
  // a dropped connection must not crash the process: the pending query fails instead
  client.on('error', () => {});
  try {
    await client.connect();
    // dates and intervals in ISO form whatever the server's defaults: what the readers parse, and
    // text any PostgreSQL reads back unambiguously (a SET, not a startup option: poolers such as
    // PgBouncer refuse unknown startup parameters)
    await client.query("set datestyle = 'ISO, YMD'; set intervalstyle = 'postgres'");
  } catch (err) {
    await client.end().catch(() => {});
    throw explainSqlError(err, o);
  }
  return client;
}

async function withClient<T>(
  s: Settings,
  ctx: ConnectorContext,
  fn: (c: pg.Client) => Promise<T>,
): Promise<T> {
  const client = await connect(s, ctx);
  try {
    return await fn(client);
  } catch (err) {
    throw explainSqlError(err, settingsOf(s));
  } finally {
    await client.end().catch(() => {});
  }
}

/** Tables and views visible to the user, with columns and primary keys; `only` = one stream. */
async function loadTables(client: pg.Client, schema: string | undefined, only?: string): Promise<SqlTable[]> {
  const dot = only?.indexOf('.') ?? -1;
  const filter = only !== undefined ? [only.slice(0, dot), only.slice(dot + 1)] : null;
  const { rows } = await client.query<{ s: string; t: string; c: string; type: string; nullable: string }>(
    `select c.table_schema as s, c.table_name as t, c.column_name as c, c.data_type as type,
            c.is_nullable as nullable
       from information_schema.columns c
      where c.table_schema not in ('pg_catalog', 'information_schema')
        and c.table_schema not like 'pg\\_%'
        and ($1::text is null or c.table_schema = $1)
        and ($2::text is null or (c.table_schema = $2 and c.table_name = $3))
      order by c.table_schema, c.table_name, c.ordinal_position`,
    [schema ?? null, filter?.[0] ?? null, filter?.[1] ?? null],
  );
  const keys = await client.query<{ s: string; t: string; c: string }>(
    `select kcu.table_schema as s, kcu.table_name as t, kcu.column_name as c
       from information_schema.table_constraints tc
       join information_schema.key_column_usage kcu
         on kcu.constraint_schema = tc.constraint_schema and kcu.constraint_name = tc.constraint_name
      where tc.constraint_type = 'PRIMARY KEY' and ($1::text is null or kcu.table_schema = $1)
      order by kcu.ordinal_position`,
    [schema ?? null],
  );
  const tables = new Map<string, SqlTable>();
  for (const r of rows) {
    const name = `${r.s}.${r.t}`;
    const t = tables.get(name) ?? { name, schema: r.s, table: r.t, columns: [], primaryKey: [] };
    tables.set(name, t);
    t.columns.push({ name: r.c, type: r.type, nullable: r.nullable === 'YES' });
  }
  for (const k of keys.rows) tables.get(`${k.s}.${k.t}`)?.primaryKey.push(k.c);
  return [...tables.values()];
}

async function* read(
  settings: Settings,
  req: ReadRequest,
  ctx: ConnectorContext,
): AsyncIterable<ReadMessage> {
  const o = settingsOf(settings);
  const client = await connect(settings, ctx);
  try {
    const {
      table,
      cursor: cursorCol,
      key,
    } = resolveStream(
      await loadTables(client, o.schema, req.stream),
      req.stream,
      req.syncMode === 'incremental' ? req.cursorField : undefined,
      req.primaryKey,
    );
    const q = (n: string) => client.escapeIdentifier(n);
    // COPY takes no bind parameters: values go in as quoted literals (typed by the column they
    // are compared with), identifiers are only names discovery returned, quoted
    const lit = (v: unknown) => client.escapeLiteral(typeof v === 'string' ? v : JSON.stringify(v));
    const from = `${q(table.schema)}.${q(table.table)}`;
    const keyList = key.map(q).join(', ');
    const where: string[] = [];
    let order = keyList;
    let stateOf: (row: Record<string, unknown>) => Record<string, unknown>;
    const state = req.state ?? {};
    if (req.syncMode === 'incremental') {
      if (!cursorCol || !key.length)
        throw explainSqlError(new Error('an incremental read needs a cursor field and a primary key'), o);
      // the upper bound is read once: rows arriving during the read past it wait for the next sync
      const { rows } = await client.query(`select max(${q(cursorCol)})::text as m from ${from}`);
      const upper = rows[0]?.m ?? null;
      if (upper === null) {
        yield { type: 'state', state };
        return;
      }
      where.push(`${q(cursorCol)} <= ${lit(upper)}`);
      if (state.cursor !== undefined && Array.isArray(state.key)) {
        const vals = [state.cursor, ...state.key].map(lit).join(', ');
        where.push(`(${q(cursorCol)}, ${keyList}) > (${vals})`);
      }
      order = `${q(cursorCol)}, ${keyList}`;
      stateOf = (row) => ({ cursor: row[cursorCol], key: key.map((k) => row[k]) });
    } else if (key.length) {
      if (Array.isArray(state.key)) where.push(`(${keyList}) > (${state.key.map(lit).join(', ')})`);
      stateOf = (row) => ({ key: key.map((k) => row[k]) });
    } else {
      stateOf = () => ({});
    }
    const cols = table.columns.map((c) => q(c.name)).join(', ');
    const select = `select ${cols} from ${from}${where.length ? ` where ${where.join(' and ')}` : ''}${order ? ` order by ${order}` : ''}`;
    // COPY streams the rows as text, with no per-row protocol round trip; the stream reads the
    // socket only as fast as we consume it, so memory stays flat however large the table
    const stream = client.query(copyTo(`copy (${select}) to stdout`));
    const rowsOf = copyRowSplitter();
    const recordOf = copyRecordOf(table.columns);
    const columns = table.columns.map((c) => c.name);
    // a checkpoint after at least READ_BATCH rows, at a chunk's end: the key of its last row
    let lastLine: string | undefined;
    let sinceState = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (req.signal.aborted) throw req.signal.reason;
      const rows = rowsOf.push(chunk);
      if (!rows) continue;
      if (req.copyText) {
        const n = countRows(rows);
        yield { type: 'copy', columns, text: rows, rows: n };
        sinceState += n;
      } else {
        const lines = linesOf(rows);
        for (const line of lines) yield { type: 'record', data: recordOf(line) };
        sinceState += lines.length;
      }
      lastLine = lastLineOf(rows);
      if (sinceState >= READ_BATCH) {
        sinceState = 0;
        yield { type: 'state', state: stateOf(recordOf(lastLine)) };
      }
    }
    rowsOf.end();
    if (lastLine === undefined) yield { type: 'state', state };
    else if (sinceState) yield { type: 'state', state: stateOf(recordOf(lastLine)) };
  } catch (err) {
    throw explainSqlError(err, o);
  } finally {
    // ending the connection also stops a COPY left unfinished (an abort, a consumer that stopped)
    await client.end().catch(() => {});
  }
}

const SQL_TYPE: Record<ColumnKind, string> = {
  integer: 'bigint',
  number: 'double precision',
  numeric: 'numeric',
  boolean: 'boolean',
  datetime: 'timestamptz',
  timestamp: 'timestamp',
  date: 'date',
  text: 'text',
  json: 'jsonb',
  binary: 'bytea',
};

async function open(
  settings: Settings,
  req: WriteRequest,
  ctx: ConnectorContext,
): Promise<DestinationWriter> {
  const o = settingsOf(settings);
  const target = checkTableName(req.stream);
  const cols = columnsOf(req.jsonSchema);
  const key = (req.primaryKey ?? []).map((p) => p[0]!);
  for (const k of key) {
    if (!cols.some((c) => c.name === k))
      throw explainSqlError(new Error(`primary key ${k} is not a column`), o);
  }
  if (req.mode === 'upsert' && !key.length) {
    throw explainSqlError(new Error('an upsert needs a primary key'), o);
  }
  const client = await connect(settings, ctx);
  try {
    const q = (n: string) => client.escapeIdentifier(n);
    const schema = o.schema ?? 'public';
    // overwrite writes into a staging table named after the run, so a rerun continues it
    const stagingName = `_mw_stage_${createHash('sha256')
      .update(req.runId ?? randomUUID())
      .digest('hex')
      .slice(0, 10)}_${target.slice(0, 40)}`;
    const tableName = req.mode === 'overwrite' ? stagingName : target;
    const table = `${q(schema)}.${q(tableName)}`;
    const colDefs = cols.map((c) => `${q(c.name)} ${SQL_TYPE[c.kind]}`);
    if (key.length) colDefs.push(`primary key (${key.map(q).join(', ')})`);
    await client.query(`create table if not exists ${table} (${colDefs.join(', ')})`);
    // an existing table gains the columns the records bring (never loses any)
    for (const c of cols) {
      await client.query(`alter table ${table} add column if not exists ${q(c.name)} ${SQL_TYPE[c.kind]}`);
    }
    const names = cols.map((c) => q(c.name)).join(', ');
    // rows arrive through COPY FROM STDIN (the fastest way in): straight into the table for append
    // and overwrite (whose table is the staging one), into a temporary table for upsert, merged
    // from there with INSERT … ON CONFLICT in the same transaction
    const upsertStage = q(`_mw_upsert_${tableName.slice(0, 40)}`);
    if (req.mode === 'upsert') {
      await client.query(
        `create temp table if not exists ${upsertStage} (like ${table} including defaults) on commit delete rows`,
      );
    }
    const copyInto = `copy ${req.mode === 'upsert' ? upsertStage : table} (${names}) from stdin`;
    const update = cols.filter((c) => !key.includes(c.name));
    const merge =
      `insert into ${table} (${names}) select ${names} from ${upsertStage} on conflict (${key.map(q).join(', ')}) ` +
      (update.length
        ? `do update set ${update.map((c) => `${q(c.name)} = excluded.${q(c.name)}`).join(', ')}`
        : 'do nothing');
    const copyRows = async (rows: ReadonlyArray<Record<string, unknown>>) => {
      await pipeline(Readable.from([copyText(rows, cols)]), client.query(copyFrom(copyInto)));
      if (req.mode === 'upsert') await client.query(merge);
    };
    // checkpoints stored with their batch (one transaction): see DestinationWriter.write
    const checkpoints = `${q(schema)}.${q('_mw_sync_checkpoints')}`;
    if (req.runId) {
      await client.query(
        `create table if not exists ${checkpoints} (run_key text primary key, state jsonb not null)`,
      );
    }
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await client.end().catch(() => {});
    };
    /** One transaction: the checkpoint lands with its batch, an upsert's merge with its COPY. */
    const inTransaction = async (copy: (() => Promise<void>) | undefined, checkpoint: unknown) => {
      const save = checkpoint !== undefined && req.runId !== undefined;
      const tx = save || (req.mode === 'upsert' && copy !== undefined);
      try {
        if (tx) await client.query('begin');
        if (copy) await copy();
        if (save) {
          await client.query(
            `insert into ${checkpoints} (run_key, state) values ($1, $2::jsonb)
             on conflict (run_key) do update set state = excluded.state`,
            [req.runId, JSON.stringify(checkpoint)],
          );
        }
        if (tx) await client.query('commit');
      } catch (err) {
        if (tx) await client.query('rollback').catch(() => {});
        throw explainSqlError(err, o);
      }
    };
    const known = new Set(cols.map((c) => c.name));
    return {
      async write(records, checkpoint) {
        const rows = req.mode === 'upsert' ? lastPerKey(records, key) : records;
        await inTransaction(rows.length ? () => copyRows(rows) : undefined, checkpoint);
      },
      // a PostgreSQL source's COPY text goes in as it came: every value typed by the source's own
      // output function, parsed by the column's input function (the table's types follow the
      // source's schema). Not for upsert: its batch must first drop repeated keys (lastPerKey).
      ...(req.mode === 'upsert'
        ? {}
        : {
            async writeCopyText(
              chunks: ReadonlyArray<Buffer>,
              columns: readonly string[],
              checkpoint?: unknown,
            ) {
              for (const c of columns) {
                if (!known.has(c))
                  throw new ConnectorRuntimeError(`column ${c} is not in the records' schema`);
              }
              const into = `copy ${table} (${columns.map(q).join(', ')}) from stdin`;
              const copy = () => pipeline(Readable.from(chunks), client.query(copyFrom(into)));
              await inTransaction(chunks.length ? copy : undefined, checkpoint);
            },
          }),
      async resumeState() {
        if (!req.runId) return undefined;
        const { rows } = await client.query(`select state from ${checkpoints} where run_key = $1`, [
          req.runId,
        ]);
        return rows[0]?.state;
      },
      async commit() {
        try {
          await client.query('begin');
          if (req.mode === 'overwrite') {
            await client.query(`drop table if exists ${q(schema)}.${q(target)}`);
            await client.query(`alter table ${table} rename to ${q(target)}`);
          }
          if (req.runId) await client.query(`delete from ${checkpoints} where run_key = $1`, [req.runId]);
          await client.query('commit');
        } catch (err) {
          await client.query('rollback').catch(() => {});
          throw explainSqlError(err, o);
        } finally {
          await close();
        }
      },
      async abort() {
        try {
          // the staging table goes, and with it the checkpoint of what it held
          if (req.mode === 'overwrite') {
            await client.query(`drop table if exists ${table}`);
            if (req.runId) await client.query(`delete from ${checkpoints} where run_key = $1`, [req.runId]);
          }
        } finally {
          await close();
        }
      },
    };
  } catch (err) {
    await client.end().catch(() => {});
    throw explainSqlError(err, o);
  }
}

export const postgresConnector: Connector = {
  spec: {
    type: 'postgres',
    title: 'PostgreSQL',
    description: 'Read tables and views from a PostgreSQL database, or write records into its tables.',
    roles: ['source', 'destination'],
    settings: sqlSettingsSchema(5432, {
      schema: {
        type: 'string',
        title: 'Schema',
        description:
          'Only this schema (sources); the schema tables are written to (destinations, default public).',
        maxLength: 63,
      },
      ssl: { type: 'boolean', title: 'Require TLS', default: false },
    }),
    secretFields: ['password'],
    writeModes: ['append', 'overwrite', 'upsert'],
  },
  async check(settings, ctx) {
    await withClient(settings, ctx, (c) => c.query('select 1'));
  },
  async discover(settings, ctx): Promise<StreamDescriptor[]> {
    return withClient(settings, ctx, async (c) =>
      (await loadTables(c, settingsOf(settings).schema)).map(describeTable),
    );
  },
  read,
  open,
};
