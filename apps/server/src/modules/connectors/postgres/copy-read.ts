/*
 * Rows of `COPY … TO STDOUT` (text format, https://www.postgresql.org/docs/current/sql-copy.html,
 * "Text Format") turned into records. A row ends at a raw newline byte (COPY escapes the ones in
 * data, and 0x0A never occurs inside a multi-byte UTF-8 character, so chunks split safely at it),
 * columns are tab-separated, NULL is `\N`, and a backslash escapes the next character. Values are
 * converted per column type once, here, as node-postgres would for a query's text results; types
 * it has no plain JSON form for (arrays, intervals, geometry, enums…) stay PostgreSQL's own text,
 * which a PostgreSQL destination parses back to the same value.
 */

type Convert = (text: string) => unknown;

const int: Convert = (v) => Number(v);
// a bigint beyond 2^53 stays text: no digit is lost
const int8: Convert = (v) => {
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : v;
};
const float: Convert = (v) => Number.parseFloat(v);
const bool: Convert = (v) => v === 't';
const json: Convert = (v) => JSON.parse(v);
// dates and times stay the text PostgreSQL sent (no time-zone guessing), made RFC 3339
const timestamptz: Convert = (v) => {
  const iso = v.replace(' ', 'T');
  return /[+-]\d\d$/.test(iso) ? `${iso}:00` : iso;
};
const timestamp: Convert = (v) => v.replace(' ', 'T');
// bytea arrives in hex (`\x0102…`, the server's default bytea_output); records carry base64
const bytea: Convert = (v) =>
  v.startsWith('\\x') ? Buffer.from(v.slice(2), 'hex').toString('base64') : Buffer.from(v).toString('base64');

/** The converter for a column of `information_schema.columns.data_type`; undefined = the text as is. */
export function converterFor(dataType: string): Convert | undefined {
  switch (dataType) {
    case 'smallint':
    case 'integer':
      return int;
    case 'bigint':
      return int8;
    case 'real':
    case 'double precision':
      return float;
    case 'boolean':
      return bool;
    case 'json':
    case 'jsonb':
      return json;
    case 'timestamp with time zone':
      return timestamptz;
    case 'timestamp without time zone':
      return timestamp;
    case 'bytea':
      return bytea;
    default:
      return undefined;
  }
}

const ESCAPE: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/**
 * A field's text with COPY's backslash escapes undone. COPY TO writes only `\\`, `\b`, `\f`, `\n`,
 * `\r`, `\t` and `\v` (other control characters go out raw), never the octal or hex forms.
 */
export function unescapeCopy(s: string): string {
  if (!s.includes('\\')) return s;
  return s.replace(/\\(.)/gs, (_m, ch: string) => ESCAPE[ch] ?? ch);
}

/** A function turning one COPY text line (no newline) into a record of `columns`. */
export function copyRecordOf(columns: ReadonlyArray<{ name: string; type: string }>) {
  const names = columns.map((c) => c.name);
  const converters = columns.map((c) => converterFor(c.type));
  const n = names.length;
  return (line: string) => {
    const fields = line.split('\t');
    if (fields.length !== n) throw new Error(`COPY row with ${fields.length} columns, expected ${n}`);
    const record: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      const f = fields[i]!;
      if (f === '\\N') record[names[i]!] = null;
      else {
        const text = unescapeCopy(f);
        const convert = converters[i];
        record[names[i]!] = convert ? convert(text) : text;
      }
    }
    return record;
  };
}

/**
 * Cuts a COPY text byte stream at row ends: `push` returns the whole rows so far (each ending in
 * a newline) or undefined; the partial row at a chunk's end waits for the next chunk.
 */
export function copyRowSplitter() {
  let rest: Buffer | undefined;
  return {
    push(chunk: Buffer): Buffer | undefined {
      const end = chunk.lastIndexOf(10);
      if (end < 0) {
        rest = rest ? Buffer.concat([rest, chunk]) : chunk;
        return undefined;
      }
      const rows = rest ? Buffer.concat([rest, chunk.subarray(0, end + 1)]) : chunk.subarray(0, end + 1);
      rest = end + 1 < chunk.length ? chunk.subarray(end + 1) : undefined;
      return rows;
    },
    /** Throws when the stream ended inside a row (a truncated COPY). */
    end() {
      if (rest?.length) throw new Error('the COPY stream ended inside a row');
    },
  };
}

/** How many rows (newlines) whole COPY rows hold. */
export function countRows(rows: Buffer): number {
  let n = 0;
  for (let i = rows.indexOf(10); i >= 0; i = rows.indexOf(10, i + 1)) n++;
  return n;
}

/** The lines of whole COPY rows (without their newlines). */
export function linesOf(rows: Buffer): string[] {
  return rows.toString('utf8', 0, rows.length - 1).split('\n');
}

/** The last line of whole COPY rows. */
export function lastLineOf(rows: Buffer): string {
  return rows.toString('utf8', rows.lastIndexOf(10, rows.length - 2) + 1, rows.length - 1);
}
