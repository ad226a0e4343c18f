import { guardHost } from './broker/broker-guard.ts';
import {
  type ConnectorContext,
  ConnectorRuntimeError,
  ConnectorSettingsError,
  type JsonSchema,
  type StreamDescriptor,
  type SyncMode,
} from './contract.ts';

/*
 * What the PostgreSQL and MySQL connectors share: the settings form, column types ↔ JSON Schema,
 * the rule that a user's identifier must be one discovery returned, and driver errors turned into
 * errors naming the setting at fault.
 */

export function sqlSettingsSchema(defaultPort: number, extra: Record<string, unknown> = {}): JsonSchema {
  return {
    type: 'object',
    required: ['host', 'port', 'database', 'user'],
    properties: {
      host: { type: 'string', title: 'Host', minLength: 1, maxLength: 255 },
      port: { type: 'integer', title: 'Port', minimum: 1, maximum: 65535, default: defaultPort },
      database: { type: 'string', title: 'Database', minLength: 1, maxLength: 128 },
      user: { type: 'string', title: 'User', minLength: 1, maxLength: 128 },
      password: { type: 'string', title: 'Password', maxLength: 1024, format: 'password' },
      ...extra,
    },
    additionalProperties: false,
  };
}

export interface SqlColumn {
  name: string;
  /** the database's type name, lower case (`integer`, `timestamp with time zone`, `varchar`…) */
  type: string;
  nullable: boolean;
}

export interface SqlTable {
  /** the stream name (`schema.table` for PostgreSQL, `table` for MySQL) */
  name: string;
  schema: string;
  table: string;
  columns: SqlColumn[];
  primaryKey: string[];
}

const INTEGER = /^(smallint|integer|bigint|int|int2|int4|int8|tinyint|mediumint|serial|bigserial|year)\b/;
const NUMBER = /^(real|double|float|float4|float8)\b/;
const DECIMAL = /^(numeric|decimal)\b/;
const BOOLEAN = /^(boolean|bool|bit\(1\)|tinyint\(1\))/;
const DATETIME_TZ = /^timestamp(\(\d\))? with time zone$|^timestamptz$/;
const DATETIME = /^(timestamp|datetime)/;
const DATE = /^date$/;
const JSON_TYPE = /^(json|jsonb)$/;
const BINARY = /^(bytea|tinyblob|blob|mediumblob|longblob|binary|varbinary)\b/;

/** JSON Schema of one column's values, as this connector reads them. */
export function columnSchema(c: SqlColumn): JsonSchema {
  const t = c.type.toLowerCase();
  let s: JsonSchema;
  if (INTEGER.test(t)) s = { type: 'integer' };
  else if (NUMBER.test(t)) s = { type: 'number' };
  // exact decimals stay text so no digit is lost; the SQL type travels along for destinations
  else if (DECIMAL.test(t)) s = { type: 'string', 'x-sql-type': 'numeric' };
  else if (BOOLEAN.test(t)) s = { type: 'boolean' };
  else if (DATETIME_TZ.test(t)) s = { type: 'string', format: 'date-time' };
  // a time without a zone is not an RFC 3339 date-time: plain text, its SQL type kept
  else if (DATETIME.test(t)) s = { type: 'string', 'x-sql-type': 'timestamp' };
  else if (DATE.test(t)) s = { type: 'string', format: 'date' };
  else if (JSON_TYPE.test(t)) s = {};
  // bytes travel as base64 text (JSON Schema's contentEncoding); a SQL destination stores bytes again
  else if (BINARY.test(t)) s = { type: 'string', contentEncoding: 'base64' };
  else s = { type: 'string' };
  if (c.nullable && typeof s.type === 'string') s = { ...s, type: [s.type, 'null'] };
  return s;
}

/** Columns an incremental sync can follow: ones that only grow in practice (times, numbers). */
function isCursorCandidate(c: SqlColumn): boolean {
  const t = c.type.toLowerCase();
  return INTEGER.test(t) || DATETIME.test(t) || DATE.test(t) || DECIMAL.test(t);
}

export function describeTable(t: SqlTable): StreamDescriptor {
  const properties = Object.fromEntries(t.columns.map((c) => [c.name, columnSchema(c)]));
  // an incremental read orders by (cursor, primary key): without a key, only full refresh
  const syncModes: SyncMode[] = t.primaryKey.length ? ['full_refresh', 'incremental'] : ['full_refresh'];
  const cursors = t.primaryKey.length ? t.columns.filter(isCursorCandidate).map((c) => [c.name]) : [];
  return {
    name: t.name,
    jsonSchema: { type: 'object', properties },
    syncModes,
    ...(t.primaryKey.length ? { primaryKey: t.primaryKey.map((k) => [k]) } : {}),
    ...(cursors.length ? { cursorFields: cursors } : {}),
  };
}

/**
 * The table a read asks for, resolved against discovery: a name no discovery returned is refused,
 * so a stream, cursor or key name from a user can never reach the SQL text unchecked.
 */
export function resolveStream(
  tables: SqlTable[],
  stream: string,
  cursorField?: string[],
  primaryKey?: string[][],
): { table: SqlTable; cursor?: string; key: string[] } {
  const table = tables.find((t) => t.name === stream);
  if (!table)
    throw new ConnectorRuntimeError(`table ${stream} does not exist (or is not visible to this user)`);
  const known = new Set(table.columns.map((c) => c.name));
  const key = primaryKey?.length ? primaryKey.map((p) => p[0]!) : table.primaryKey;
  for (const k of key) {
    if (!known.has(k)) throw new ConnectorRuntimeError(`table ${stream} has no column ${k} (primary key)`);
  }
  const cursor = cursorField?.[0];
  if (cursor !== undefined && !known.has(cursor)) {
    throw new ConnectorRuntimeError(`table ${stream} has no column ${cursor} (cursor field)`);
  }
  return { table, cursor, key };
}

/** A destination table name: plain identifiers only (they are quoted as well). */
export function checkTableName(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) {
    throw new ConnectorSettingsError(
      'stream',
      `destination table name ${JSON.stringify(name)} must be letters, digits and underscores (at most 63)`,
    );
  }
  return name;
}

export type ColumnKind =
  | 'integer'
  | 'number'
  | 'boolean'
  | 'datetime'
  | 'timestamp'
  | 'date'
  | 'json'
  | 'numeric'
  | 'binary'
  | 'text';

/** The column kind a JSON Schema property becomes in a destination table. */
export function kindOf(prop: unknown): ColumnKind {
  const p = (prop ?? {}) as Record<string, unknown>;
  const types = (Array.isArray(p.type) ? p.type : [p.type]).filter((t) => t !== 'null');
  const type = types.length === 1 ? types[0] : undefined;
  if (p['x-sql-type'] === 'numeric') return 'numeric';
  if (p['x-sql-type'] === 'timestamp') return 'timestamp';
  if (type === 'integer') return 'integer';
  if (type === 'number') return 'number';
  if (type === 'boolean') return 'boolean';
  if (type === 'string' && p.format === 'date-time') return 'datetime';
  if (type === 'string' && p.format === 'date') return 'date';
  if (type === 'string' && p.contentEncoding === 'base64') return 'binary';
  if (type === 'string') return 'text';
  return 'json';
}

/** The destination columns of a write: the schema's properties, in order, names checked. */
export function columnsOf(schema: JsonSchema): Array<{ name: string; kind: ColumnKind }> {
  const props = (schema.properties ?? {}) as Record<string, unknown>;
  const cols = Object.entries(props).map(([name, p]) => ({ name, kind: kindOf(p) }));
  if (!cols.length) throw new ConnectorSettingsError('jsonSchema', 'the records have no properties to write');
  for (const c of cols) {
    if (c.name.length > 63)
      throw new ConnectorSettingsError('jsonSchema', `column name ${c.name} is too long`);
  }
  return cols;
}

/** Keeps the last record of each key: one upsert statement may not touch a row twice. */
export function lastPerKey(records: ReadonlyArray<Record<string, unknown>>, key: string[]) {
  if (!key.length) return records;
  const byKey = new Map<string, Record<string, unknown>>();
  for (const r of records) byKey.set(JSON.stringify(key.map((k) => r[k] ?? null)), r);
  return byKey.size === records.length ? records : [...byKey.values()];
}

/**
 * A driver error as the user should read it. Connection problems name the setting at fault
 * (a settings error: the form shows it on the field); anything else is a runtime error.
 */
export function explainSqlError(
  err: unknown,
  where: { host: string; port: number; database: string; user: string },
) {
  if (err instanceof ConnectorSettingsError || err instanceof ConnectorRuntimeError) return err;
  const e = err as { code?: string; errno?: number; message?: string };
  const code = String(e.code ?? '');
  const msg = e.message ?? String(err);
  const at = `${where.host}:${where.port}`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new ConnectorSettingsError('host', `host ${where.host} not found`);
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH')
    return new ConnectorSettingsError('host', `host ${where.host} is unreachable from this server`);
  if (code === 'ECONNREFUSED')
    return new ConnectorSettingsError(
      'port',
      `connection refused at ${at}: is the database listening there?`,
    );
  if (code === 'ETIMEDOUT' || /timeout/i.test(msg))
    return new ConnectorRuntimeError(`timed out connecting to ${at}`, true);
  // PostgreSQL: 28P01 wrong password, 28000 unknown role / not allowed, 3D000 unknown database
  // MySQL: 1045 access denied, 1049 unknown database
  if (code === '28P01' || code === 'ER_ACCESS_DENIED_ERROR' || /password authentication failed/i.test(msg)) {
    return new ConnectorSettingsError('password', `the database refused user ${where.user}: wrong password?`);
  }
  if (code === '28000')
    return new ConnectorSettingsError('user', `the database refused user ${where.user}: ${msg}`);
  if (code === '3D000' || code === 'ER_BAD_DB_ERROR')
    return new ConnectorSettingsError('database', `database ${where.database} does not exist`);
  if (code === '42P01' || code === 'ER_NO_SUCH_TABLE')
    return new ConnectorRuntimeError(`a table disappeared: ${msg}`);
  const transient = [
    'ECONNRESET',
    'EPIPE',
    '57P01',
    '57P03',
    '40001',
    '40P01',
    'PROTOCOL_CONNECTION_LOST',
  ].includes(code);
  return new ConnectorRuntimeError(`database error: ${msg}`, transient);
}

/** The settings every SQL connector reads, typed (they were validated against the spec). */
export function sqlSettings(s: Record<string, unknown>) {
  return {
    host: String(s.host),
    port: Number(s.port),
    database: String(s.database),
    user: String(s.user),
    password: s.password === undefined ? undefined : String(s.password),
  };
}

/** How many rows a source reads per fetch and checkpoints after. */
export const READ_BATCH = 5000;

/**
 * The address a database connection must use: the host judged by the same SSRF guard as the REST
 * source (private and loopback addresses refused unless OUTBOUND_ALLOWLIST allows them), after
 * DNS resolution, and the connection pinned to the address judged so a second DNS answer cannot
 * swap it. A refusal names the host field.
 */
export async function guardDbHost(ctx: ConnectorContext, host: string, port: number): Promise<string> {
  try {
    return await guardHost(ctx, host, port, `host ${host}`);
  } catch (err) {
    throw new ConnectorSettingsError('host', (err as Error).message);
  }
}
