import type { ColumnKind } from '../sql-common.ts';

/*
 * Records as PostgreSQL's COPY text format (https://www.postgresql.org/docs/current/sql-copy.html,
 * "Text Format"): one line per row, columns separated by a tab, NULL as `\N`, and backslash,
 * newline, carriage return and tab escaped with a backslash. The server parses each value with the
 * column's own input function, so a value that does not fit its column fails the batch exactly as
 * an INSERT would.
 */

const SPECIAL = /[\\\n\r\t]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escaped(text: string) {
  return SPECIAL.test(text) ? text.replace(/[\\\n\r\t]/g, (c) => ESCAPES[c]!) : text;
}

function field(value: unknown, kind: ColumnKind): string {
  if (value === null || value === undefined) return '\\N';
  // a json column takes any JSON value; other columns take the value's text, objects as JSON
  if (kind === 'json') return escaped(JSON.stringify(value));
  // base64 in the record, bytea's hex input form in the column (its backslash escaped for COPY)
  if (kind === 'binary' && typeof value === 'string')
    return `\\\\x${Buffer.from(value, 'base64').toString('hex')}`;
  if (typeof value === 'string') return escaped(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return value.toISOString();
  return escaped(JSON.stringify(value));
}

/** The COPY text of `records` for `cols`, in order (a key missing from a record is NULL). */
export function copyText(
  records: ReadonlyArray<Record<string, unknown>>,
  cols: ReadonlyArray<{ name: string; kind: ColumnKind }>,
): string {
  let out = '';
  for (const r of records) {
    let line = '';
    for (let i = 0; i < cols.length; i++) {
      const c = cols[i]!;
      line += (i ? '\t' : '') + field(r[c.name], c.kind);
    }
    out += `${line}\n`;
  }
  return out;
}
