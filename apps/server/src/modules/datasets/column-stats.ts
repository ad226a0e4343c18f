/**
 * Questions a profile asks of a whole dataset, answered natively: the values of one column with
 * their counts (searchable), and rows that are exact copies of another.
 */
import { type LineMap, linesOfRows } from './csv-lines.ts';
import { type DatasetCtx, localFile } from './dataset-files.ts';
import type { DatasetRow } from './datasets.repository.ts';
import { ident, lit, withDuckDb } from './duckdb.ts';

/** A column's cells as text: a CSV column as it is, a key of a stored record (JSON Pointer). */
function cellOf(ds: DatasetRow, column: string) {
  if (ds.layout === 'columns') return ident(column);
  const pointer = `/${column.replaceAll('~', '~0').replaceAll('/', '~1')}`;
  return `json_extract_string(record, ${lit(pointer)})`;
}

async function source(ctx: DatasetCtx, ds: DatasetRow) {
  const paths = await Promise.all(ds.files.map((f) => localFile(ctx, f)));
  // the row's index in the dataset: the rows of the files before it, plus its number in its file
  let before = 0;
  const offsets = ds.files.map((f) => {
    const o = before;
    before += f.rows;
    return o;
  });
  const index = `(CASE file_index ${offsets.map((o, i) => `WHEN ${i} THEN ${o}`).join(' ')} END + file_row_number)`;
  return {
    from: `read_parquet([${paths.map(lit).join(', ')}], file_row_number = true)`,
    index: offsets.length ? index : 'file_row_number',
  };
}

/** The most frequent values of a column (those containing `search`, case-insensitive) and how many distinct values match. */
export async function columnValueCounts(
  ctx: DatasetCtx,
  ds: DatasetRow,
  column: string,
  opts: { search?: string; limit: number },
) {
  if (!ds.files.length) return { distinct: 0, values: [] as { value: string | null; count: number }[] };
  const { from } = await source(ctx, ds);
  const cell = cellOf(ds, column);
  const where = opts.search ? `WHERE contains(lower(v), ${lit(opts.search.toLowerCase())})` : '';
  return withDuckDb(ctx.config?.DATA_DIR, async (c) => {
    const r = await c.runAndReadAll(
      `WITH counted AS (SELECT v, count(*)::BIGINT AS n FROM (SELECT ${cell} AS v FROM ${from}) ${where} GROUP BY v)
       SELECT (SELECT count(*)::BIGINT FROM counted),
              to_json(list({'value': v, 'count': n} ORDER BY n DESC, v NULLS FIRST))::VARCHAR
       FROM (SELECT * FROM counted ORDER BY n DESC, v NULLS FIRST LIMIT ${opts.limit})`,
    );
    const [distinct, list] = r.getRows()[0] ?? [0, '[]'];
    return {
      distinct: Number(distinct ?? 0),
      values: JSON.parse(String(list ?? '[]')) as { value: string | null; count: number }[],
    };
  });
}

/** Rows that repeat an earlier row exactly: how many, and the largest groups with their rows. */
export async function duplicateRows(ctx: DatasetCtx, ds: DatasetRow, limit: number) {
  if (!ds.files.length)
    return { duplicates: 0, groups: [] as { count: number; rows: number[]; lines: number[] }[] };
  const { from, index } = await source(ctx, ds);
  const cells = ds.layout === 'columns' ? ds.columns.map((c) => ident(c.name)).join(', ') : 'record';
  // records keep their source line; a CSV's lines come from its line map
  const stored = ds.layout === 'columns' ? 'NULL' : 'line';
  const groups = await withDuckDb(ctx.config?.DATA_DIR, async (c) => {
    const r = await c.runAndReadAll(
      `WITH g AS (SELECT count(*)::BIGINT AS n, list(${index} ORDER BY ${index})[1:5] AS rows,
                         list(${stored} ORDER BY ${index})[1:5] AS lines
                  FROM ${from} GROUP BY ${cells} HAVING count(*) > 1)
       SELECT (SELECT coalesce(sum(n - 1), 0)::BIGINT FROM g),
              to_json((SELECT list({'count': n, 'rows': rows, 'lines': lines} ORDER BY n DESC, rows[1]) FROM
                        (SELECT * FROM g ORDER BY n DESC, rows[1] LIMIT ${limit})))::VARCHAR`,
    );
    const [total, list] = r.getRows()[0] ?? [0, null];
    return {
      duplicates: Number(total ?? 0),
      groups: (JSON.parse(String(list ?? 'null')) ?? []) as {
        count: number;
        rows: number[];
        lines: (number | null)[];
      }[],
    };
  });
  const lineOf = (row: number) =>
    ds.lines ? linesOfRows(ds.lines as unknown as LineMap, row, 1)[0]! : row + 1;
  return {
    duplicates: groups.duplicates,
    groups: groups.groups.map((g) => ({
      count: Number(g.count),
      rows: g.rows.map(Number),
      lines: g.rows.map((r, i) => Number(g.lines[i] ?? lineOf(Number(r)))),
    })),
  };
}
