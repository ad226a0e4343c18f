import { rm } from 'node:fs/promises';
import type { JoinStats } from '@mapwright/engine';
import { type DatasetCtx, localFile, scratchPath, storeFile } from './dataset-files.ts';
import { type DatasetRow, insertDataset } from './datasets.repository.ts';
import { ident, lit, withDuckDb } from './duckdb.ts';
import { ROW_GROUP_ROWS } from './json-rows.ts';

/** An exact join DuckDB runs: the same semantics as the engine's exact join on raw values. */
export interface NativeExactJoin {
  kind: 'inner' | 'left' | 'right' | 'full' | 'anti';
  /** column pairs compared as they are (text): all must be equal; null or blank never matches */
  keys: { left: string; right: string }[];
  matches: 'best' | 'all';
  /** output columns in order, each from one side */
  columns: { name: string; side: 'left' | 'right'; source: string }[];
  maxPairs: number;
}

/** A join whose output would pass the limit (the caller turns it into a 400). */
export class NativeJoinLimitError extends Error {}

/**
 * Exact joins of two `columns` datasets (CSV imports) in DuckDB, written straight to a `records`
 * dataset (line, record JSON) like the engine's output: measured in `npm run bench:joins`, its
 * hash join is an order of magnitude faster than the engine's over the same rows, and no row
 * passes through JavaScript. Rows keep the engine's order: left rows in order with their matches
 * (right rows in order), then unmatched right rows; a right join in right order.
 */
export async function nativeExactJoin(
  ctx: DatasetCtx,
  orgId: string,
  left: DatasetRow,
  right: DatasetRow,
  j: NativeExactJoin,
): Promise<{ dataset: DatasetRow; stats: JoinStats }> {
  let stats: JoinStats | undefined;
  const [lp, rp] = await Promise.all([
    Promise.all(left.files.map((f) => localFile(ctx, f))),
    Promise.all(right.files.map((f) => localFile(ctx, f))),
  ]);
  const source = (paths: string[]) =>
    `(SELECT *, row_number() OVER (ORDER BY file_index, file_row_number) - 1 AS __n
      FROM read_parquet([${paths.map(lit).join(', ')}], file_row_number = true))`;
  const usable = (side: 'l' | 'r', col: string) =>
    `(${side}.${ident(col)} IS NOT NULL AND trim(${side}.${ident(col)}) <> '')`;
  const on = j.keys
    .map(
      (k) =>
        `l.${ident(k.left)} = r.${ident(k.right)} AND ${usable('l', k.left)} AND ${usable('r', k.right)}`,
    )
    .join(' AND ');
  const parquet = await scratchPath(ctx, 'parquet');
  try {
    const rows = await withDuckDb(ctx.config?.DATA_DIR, async (c) => {
      await c.run(`CREATE TEMP TABLE __l AS SELECT * FROM ${source(lp)}`);
      await c.run(`CREATE TEMP TABLE __r AS SELECT * FROM ${source(rp)}`);
      // the pairs, counted before any is made: a key repeated on both sides stops here
      const pairs = `SELECT l.__n AS ln, r.__n AS rn FROM __l l JOIN __r r ON ${on}`;
      const count = Number(
        (await c.runAndReadAll(`SELECT count(*)::BIGINT FROM (${pairs})`)).getRows()[0]?.[0],
      );
      if (count > j.maxPairs)
        throw new NativeJoinLimitError(
          `The join would produce more than ${j.maxPairs.toLocaleString('en')} rows (${count.toLocaleString('en')}). Add a condition or deduplicate a side first.`,
        );
      await c.run(`CREATE TEMP TABLE __p AS ${pairs}`);
      await c.run(
        `CREATE TEMP TABLE m AS ${j.matches === 'best' ? 'SELECT ln, min(rn) AS rn FROM __p GROUP BY ln' : 'SELECT ln, rn FROM __p'}`,
      );
      const s = (
        await c.runAndReadAll(
          `SELECT (SELECT count(*) FROM __l)::BIGINT, (SELECT count(*) FROM __r)::BIGINT,
                  (SELECT count(DISTINCT ln) FROM __p)::BIGINT, (SELECT count(DISTINCT rn) FROM m)::BIGINT,
                  (SELECT count(*) FROM (SELECT ln FROM __p GROUP BY ln HAVING count(*) > 1))::BIGINT,
                  (SELECT count(*) FROM m)::BIGINT`,
        )
      )
        .getRows()[0]!
        .map(Number);
      stats = {
        leftRows: s[0]!,
        rightRows: s[1]!,
        matchedLeft: s[2]!,
        unmatchedLeft: s[0]! - s[2]!,
        unmatchedRight: s[1]! - s[3]!,
        ambiguous: s[4]!,
        pairs: s[5]!,
        compared: 0,
        histogram: [0, 0, 0, 0, 0, 0, 0, 0, 0, s[2]!],
      };
      const matchedLeft = `(SELECT DISTINCT ln FROM m)`;
      const matchedRight = `(SELECT DISTINCT rn FROM m)`;
      const unmatchedLeft = `SELECT __n AS ln, NULL::BIGINT AS rn FROM __l WHERE __n NOT IN ${matchedLeft}`;
      const unmatchedRight = `SELECT NULL::BIGINT AS ln, __n AS rn FROM __r WHERE __n NOT IN ${matchedRight}`;
      const parts: Record<NativeExactJoin['kind'], string> = {
        inner: 'SELECT ln, rn, 0 AS tail FROM m',
        left: `SELECT ln, rn, 0 AS tail FROM m UNION ALL SELECT ln, rn, 0 FROM (${unmatchedLeft})`,
        right: `SELECT ln, rn, 0 AS tail FROM m UNION ALL SELECT ln, rn, 0 FROM (${unmatchedRight})`,
        full: `SELECT ln, rn, 0 AS tail FROM m UNION ALL SELECT ln, rn, 0 FROM (${unmatchedLeft}) UNION ALL SELECT ln, rn, 1 FROM (${unmatchedRight})`,
        anti: `SELECT ln, rn, 0 AS tail FROM (${unmatchedLeft})`,
      };
      const order = j.kind === 'right' ? 'p.rn, p.ln' : 'p.tail, p.ln, p.rn';
      const record = [
        ...j.columns.map(
          (col) => `${lit(col.name)}: ${col.side === 'left' ? 'l' : 'r'}.${ident(col.source)}`,
        ),
        `'_score': CASE WHEN p.ln IS NOT NULL AND p.rn IS NOT NULL THEN 1 END`,
        `'_match': CASE WHEN p.rn IS NULL THEN 'left_only' WHEN p.ln IS NULL THEN 'right_only' ELSE 'both' END`,
      ].join(', ');
      await c.run(
        `COPY (SELECT (row_number() OVER (ORDER BY ${order}))::BIGINT AS line, to_json({${record}})::VARCHAR AS record
               FROM (${parts[j.kind]}) p LEFT JOIN __l l ON l.__n = p.ln LEFT JOIN __r r ON r.__n = p.rn
               ORDER BY ${order})
         TO ${lit(parquet)} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE ${ROW_GROUP_ROWS})`,
      );
      const n = await c.runAndReadAll(`SELECT num_rows::BIGINT FROM parquet_file_metadata(${lit(parquet)})`);
      return Number(n.getRows()[0]?.[0] ?? 0);
    });
    const file = rows ? await storeFile(ctx, parquet, rows) : null;
    const dataset = await insertDataset(ctx.db, {
      organizationId: orgId,
      kind: 'join',
      layout: 'records',
      columns: [
        { name: 'line', type: 'BIGINT' },
        { name: 'record', type: 'JSON' },
      ],
      rowCount: rows,
      files: file ? [file] : [],
    });
    return { dataset, stats: stats! };
  } finally {
    await rm(parquet, { force: true });
  }
}
