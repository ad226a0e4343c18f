import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ident, lit, withDuckDb } from '../../datasets/duckdb.ts';
import { byteCounter, type OpenStream } from './source.ts';
import type { Detected, ParsedItem, ParseOptions } from './types.ts';
import { UnreadableFileError } from './types.ts';

/** Rows read per query: one Parquet row group as the dataset layer writes them. */
const WINDOW_ROWS = 10_240;
/** Integers JSON (and JavaScript) hold exactly; larger ones become text. */
const SAFE = '9007199254740991';

/**
 * A column's value as JSON, by its DuckDB type. Numbers stay numbers where a JavaScript number
 * holds them exactly (integers beyond 2^53 and decimals a double cannot hold become their exact
 * text, as database sources give them); NaN and infinities, which JSON has no word for, become
 * null; bytes become base64; timestamps ISO 8601 text. Nested columns (STRUCT, LIST, MAP) become
 * JSON objects and arrays in the record, as a JSON import's nested values do, so the profile sees
 * their fields as `a.b` and `a[*]`.
 */
function jsonOf(name: string, type: string) {
  const v = ident(name);
  if (/^(BIGINT|UBIGINT|HUGEINT|UHUGEINT)$/.test(type))
    return `CASE WHEN ${v} BETWEEN -${SAFE} AND ${SAFE} THEN to_json(${v}) ELSE to_json(${v}::VARCHAR) END`;
  // a decimal is a number when a double holds it exactly, else its exact text
  if (type.startsWith('DECIMAL'))
    return `CASE WHEN TRY_CAST(${v}::DOUBLE AS ${type}) = ${v} THEN to_json(${v}::DOUBLE) ELSE to_json(${v}::VARCHAR) END`;
  if (type === 'FLOAT' || type === 'DOUBLE') return `CASE WHEN isfinite(${v}) THEN to_json(${v}) END`;
  if (type === 'BLOB') return `to_json(base64(${v}))`;
  // an instant in UTC with its Z; a timestamp without a zone stays without one
  if (type === 'TIMESTAMP WITH TIME ZONE')
    return `to_json(replace(${v}::TIMESTAMP::VARCHAR, ' ', 'T') || 'Z')`;
  if (type.startsWith('TIMESTAMP')) return `to_json(replace(${v}::VARCHAR, ' ', 'T'))`;
  return `to_json(${v})`;
}

/** The file's columns, or a clear error when it is not Parquet (or is cut short: its footer is at the end). */
async function columnsOf(path: string) {
  try {
    return await withDuckDb(undefined, async (c) => {
      const r = await c.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet(${lit(path)})`);
      return r.getRows().map(([name, type]) => ({ name: String(name), type: String(type) }));
    });
  } catch (err) {
    throw new UnreadableFileError(
      `This is not a readable Parquet file (${(err as Error).message.split('\n')[0]})`,
    );
  }
}

/**
 * Streams a Parquet file's rows as records, one row group's worth per query (memory stays bounded
 * by a window, whatever the file). DuckDB needs random access, so the bytes go to a scratch file
 * first. A record's line is its row number in the file, from 1.
 */
export async function parseParquet(
  open: OpenStream,
  _opts: ParseOptions,
  onBytes: (n: number) => void,
): Promise<{ detected: Detected; items: AsyncIterable<ParsedItem> }> {
  const tmp = join(tmpdir(), `mw-parquet-${randomUUID()}.parquet`);
  let columns: { name: string; type: string }[];
  try {
    await pipeline(await open(), byteCounter(onBytes), createWriteStream(tmp));
    columns = await columnsOf(tmp);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  const detected: Detected = { format: 'parquet' };
  const record = `json_object(${columns.map((c) => `${lit(c.name)}, ${jsonOf(c.name, c.type)}`).join(', ')})`;

  // rows by their number in the file, so DuckDB skips to the row group; a file with a column of
  // that name cannot have it added, and pages by offset instead (reading the rows before again)
  const numbered = !columns.some((c) => c.name === 'file_row_number');
  const windowOf = (from: number) =>
    numbered
      ? `SELECT '[' || coalesce(string_agg(${record}::VARCHAR, ',' ORDER BY file_row_number), '') || ']'
         FROM read_parquet(${lit(tmp)}, file_row_number = true)
         WHERE file_row_number >= ${from} AND file_row_number < ${from + WINDOW_ROWS}`
      : `SELECT ${record}::VARCHAR FROM (SELECT * FROM read_parquet(${lit(tmp)}) LIMIT ${WINDOW_ROWS} OFFSET ${from})`;

  async function* items(): AsyncIterable<ParsedItem> {
    try {
      for (let from = 0; ; from += WINDOW_ROWS) {
        const text = await withDuckDb(undefined, async (c) => {
          const rows = (await c.runAndReadAll(windowOf(from))).getRows();
          return numbered ? String(rows[0]?.[0] ?? '[]') : `[${rows.map((r) => String(r[0])).join(',')}]`;
        }).catch((err: Error) => {
          // a footer that reads but pages that do not: the file is damaged inside
          throw new UnreadableFileError(
            `The Parquet file could not be read past row ${from} (${err.message.split('\n')[0]})`,
          );
        });
        const rows = JSON.parse(text) as Record<string, unknown>[];
        for (let i = 0; i < rows.length; i++) yield { kind: 'record', line: from + i + 1, record: rows[i]! };
        if (rows.length < WINDOW_ROWS) break;
      }
    } finally {
      await rm(tmp, { force: true });
    }
  }
  return { detected, items: items() };
}
