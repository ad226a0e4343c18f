import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { type DatasetCtx, localFile, scratchPath } from './dataset-files.ts';
import type { DatasetRow } from './datasets.repository.ts';
import { ident, lit, withDuckDb } from './duckdb.ts';

/** A CSV column: a value inside a JSON column, found by its keys (`['customer', 'name']`). */
export interface CsvField {
  header: string;
  path: string[];
}

/** RFC 6901: `~` and `/` inside a key are escaped so any key can be named. */
const pointer = (path: string[]) =>
  `/${path.map((k) => k.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;

/**
 * Text a spreadsheet program would run as a formula: it starts with = + - @, a tab or a carriage
 * return (OWASP CSV injection). The one rule for every download, cells and header names alike;
 * the native export below applies the same pattern inside DuckDB.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** The text as a spreadsheet should show it: a would-be formula behind a quote, so it stays text. */
export const inertText = (s: string) => (FORMULA_START.test(s) ? `'${s}` : s);

/**
 * A cell as a spreadsheet should see it: JSON strings as their text (made inert), numbers,
 * booleans, objects and arrays as their JSON text. Numbers are never prefixed: a negative amount
 * stays a number.
 */
const cellSql = (json: string, path: string[]) => {
  const v = `json_extract(${json}, ${lit(pointer(path))})`;
  const text = `json_extract_string(${json}, ${lit(pointer(path))})`;
  return `CASE WHEN json_type(${v}) = 'VARCHAR' AND regexp_matches(${text}, ${lit(FORMULA_START.source)})
            THEN '''' || ${text}
            WHEN json_type(${v}) = 'NULL' THEN NULL ELSE ${text} END`;
};

/**
 * Writes fields of a JSON column of a `json` dataset as CSV to `out`, natively: DuckDB turns each
 * file into CSV text in the work dir and it is streamed out as soon as it is written, so memory
 * stays flat and the first rows leave before the last are read. `where` is the caller's own
 * condition on the dataset's columns (never user text).
 */
export async function writeJsonFieldsCsv(
  ctx: DatasetCtx,
  ds: DatasetRow,
  opts: { column: string; fields: CsvField[]; where?: string },
  out: Writable,
) {
  // the header is written here, not by DuckDB: its names are made inert like any cell (a target
  // field may be called `=HYPERLINK(…)`), and the columns get plain aliases so no name can clash
  const select = opts.fields.map((f, i) => `${cellSql(ident(opts.column), f.path)} AS c${i}`);
  out.write(`${opts.fields.map((f) => csvHeaderCell(inertText(f.header))).join(',')}\n`);
  for (let i = 0; i < ds.files.length; i++) {
    const path = await localFile(ctx, ds.files[i]!);
    const csv = await scratchPath(ctx, 'csv');
    try {
      await withDuckDb(ctx.config?.DATA_DIR, (c) =>
        c.run(
          `COPY (SELECT ${select.join(', ')} FROM read_parquet(${lit(path)})
                 ${opts.where ? `WHERE ${opts.where}` : ''})
           TO ${lit(csv)} (FORMAT csv, HEADER false, QUOTE '"', ESCAPE '"', NEW_LINE '\\n')`,
        ),
      );
      for await (const chunk of createReadStream(csv, { highWaterMark: 1 << 20 }))
        if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
    } finally {
      await rm(csv, { force: true });
    }
  }
}

const csvHeaderCell = (s: string) => (/[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
