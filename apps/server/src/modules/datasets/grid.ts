import { type DatasetCtx, localFile } from './dataset-files.ts';
import type { DatasetRow } from './datasets.repository.ts';
import { ident, lit, withDuckDb } from './duckdb.ts';

/**
 * Spreadsheet reads of any dataset: a page by row range or by a server-side sort and filter,
 * with the cell edits of `cell-edits.ts` laid over the immutable Parquet files. Every cell is
 * read as text (what a grid shows and edits); numbers sort as numbers.
 */
export type CellType = 'string' | 'integer' | 'number' | 'boolean' | 'date' | 'json';

export interface GridColumn {
  name: string;
  type: CellType;
  nullable: boolean;
  enum: string[] | null;
  /** a Parquet column, or a path inside a JSON column (`record`, `mapped_record`) */
  from: { column: string } | { json: string; path: string[] };
}

export interface GridQuery {
  offset: number;
  limit: number;
  sort?: string;
  dir?: 'asc' | 'desc';
  filterColumn?: string;
  filter?: string;
}

/** The latest edit of each edited cell: row index → column name → value. */
export type CellOverlay = Map<number, Map<string, string | null>>;

export interface GridRow {
  index: number;
  cells: (string | null)[];
  /** positions of the cells that show an edit */
  edited: number[];
}

const jsonPath = (path: string[]) => `$${path.map((k) => `.${JSON.stringify(k)}`).join('')}`;

function cellSql(col: GridColumn) {
  if ('column' in col.from) return `CAST(${ident(col.from.column)} AS VARCHAR)`;
  // a JSON null is an empty cell; strings lose their quotes, objects stay JSON text
  const at = `json_extract(${ident(col.from.json)}, ${lit(jsonPath(col.from.path))})`;
  return `CASE WHEN ${at} IS NULL OR json_type(${at}) = 'NULL' THEN NULL
               WHEN json_type(${at}) = 'VARCHAR' THEN json_extract_string(${ident(col.from.json)}, ${lit(jsonPath(col.from.path))})
               ELSE CAST(${at} AS VARCHAR) END`;
}

/** The overlay as a VALUES list grouped per row (DuckDB then joins it once). */
function overlaySql(columns: GridColumn[], overlay: CellOverlay) {
  const tuples: string[] = [];
  for (const [row, cells] of overlay)
    for (const [name, value] of cells) {
      const at = columns.findIndex((c) => c.name === name);
      if (at >= 0) tuples.push(`(${row}::BIGINT, ${at}, ${value === null ? 'NULL' : lit(value)}::VARCHAR)`);
    }
  return tuples.length
    ? `(SELECT _r, list(_c ORDER BY _c) AS _cols, list(_v ORDER BY _c) AS _vals
        FROM (VALUES ${tuples.join(', ')}) AS e(_r, _c, _v) GROUP BY _r)`
    : null;
}

async function selectSql(
  ctx: DatasetCtx,
  ds: DatasetRow,
  columns: GridColumn[],
  overlay: CellOverlay,
  range?: [number, number],
) {
  const parts: string[] = [];
  let first = 0;
  for (const file of ds.files) {
    const end = first + file.rows;
    // a plain page reads only the files under it, and only its row groups (file_row_number filter)
    if (!range || (end > range[0] && first < range[1])) {
      const path = await localFile(ctx, file);
      const where = range
        ? `WHERE file_row_number >= ${range[0] - first} AND file_row_number < ${range[1] - first}`
        : '';
      parts.push(
        `SELECT file_row_number + ${first} AS _r, ${columns.map((c, i) => `${cellSql(c)} AS c${i}`).join(', ')}
         FROM read_parquet(${lit(path)}, file_row_number = true) ${where}`,
      );
    }
    first = end;
  }
  if (!parts.length) return null;
  const base = parts.join(' UNION ALL ');
  const edits = overlaySql(columns, overlay);
  if (!edits)
    return `SELECT _r, ${columns.map((_, i) => `c${i}`).join(', ')}, []::INTEGER[] AS _cols FROM (${base})`;
  const cells = columns.map(
    (_, i) =>
      `CASE WHEN list_contains(e._cols, ${i}) THEN e._vals[list_position(e._cols, ${i})] ELSE b.c${i} END AS c${i}`,
  );
  return `SELECT b._r, ${cells.join(', ')}, coalesce(e._cols, []) AS _cols FROM (${base}) b LEFT JOIN ${edits} e ON e._r = b._r`;
}

const likeText = (s: string) =>
  `%${s.replaceAll('\\', '\\\\').replaceAll('%', '\\%').replaceAll('_', '\\_')}%`;

function whereSql(columns: GridColumn[], q: GridQuery) {
  if (!q.filter) return '';
  const pattern = lit(likeText(q.filter));
  const at = q.filterColumn === undefined ? -1 : columns.findIndex((c) => c.name === q.filterColumn);
  const targets = at >= 0 ? [at] : columns.map((_, i) => i);
  return `WHERE ${targets.map((i) => `c${i} ILIKE ${pattern} ESCAPE '\\'`).join(' OR ')}`;
}

function orderSql(columns: GridColumn[], q: GridQuery) {
  const at = q.sort === undefined ? -1 : columns.findIndex((c) => c.name === q.sort);
  if (at < 0) return 'ORDER BY _r';
  const col = columns[at]!;
  const key = col.type === 'number' || col.type === 'integer' ? `TRY_CAST(c${at} AS DOUBLE)` : `c${at}`;
  const dir = q.dir === 'desc' ? 'DESC' : 'ASC';
  return `ORDER BY ${key} ${dir} NULLS LAST, _r`;
}

const toRow = (values: unknown[], n: number): GridRow => ({
  index: Number(values[0]),
  cells: values.slice(1, n + 1).map((v) => (v === null || v === undefined ? null : String(v))),
  edited: ((values[n + 1] as { items?: unknown[] } | null)?.items ?? []).map(Number),
});

/** One page of the grid and the number of rows the filter leaves. */
export async function gridPage(
  ctx: DatasetCtx,
  ds: DatasetRow,
  columns: GridColumn[],
  overlay: CellOverlay,
  q: GridQuery,
): Promise<{ total: number; rows: GridRow[] }> {
  const plain = !q.filter && (q.sort === undefined || !columns.some((c) => c.name === q.sort));
  const range: [number, number] | undefined = plain ? [q.offset, q.offset + q.limit] : undefined;
  const sql = await selectSql(ctx, ds, columns, overlay, range);
  if (!sql) return { total: plain ? ds.rowCount : 0, rows: [] };
  return withDuckDb(ctx.config?.DATA_DIR, async (c) => {
    if (plain) {
      const r = await c.runAndReadAll(`SELECT * FROM (${sql}) ORDER BY _r`);
      return { total: ds.rowCount, rows: r.getRows().map((v) => toRow(v, columns.length)) };
    }
    const where = whereSql(columns, q);
    const r = await c.runAndReadAll(
      `SELECT * FROM (${sql}) ${where} ${orderSql(columns, q)} LIMIT ${q.limit} OFFSET ${q.offset}`,
    );
    const n = await c.runAndReadAll(`SELECT count(*)::BIGINT FROM (${sql}) ${where}`);
    return {
      total: Number(n.getRows()[0]?.[0] ?? 0),
      rows: r.getRows().map((v) => toRow(v, columns.length)),
    };
  });
}

/**
 * Every row the grid shows for this sort and filter, in its order, handed to `each` a chunk at a
 * time (exports): DuckDB streams the result, so memory holds one chunk however long the tab.
 */
export async function eachGridChunk(
  ctx: DatasetCtx,
  ds: DatasetRow,
  columns: GridColumn[],
  overlay: CellOverlay,
  q: Omit<GridQuery, 'offset' | 'limit'>,
  each: (rows: GridRow[]) => Promise<void>,
) {
  const sql = await selectSql(ctx, ds, columns, overlay);
  if (!sql) return;
  const query = { ...q, offset: 0, limit: 0 };
  await withDuckDb(ctx.config?.DATA_DIR, async (c) => {
    const result = await c.stream(
      `SELECT * FROM (${sql}) ${whereSql(columns, query)} ${orderSql(columns, query)}`,
    );
    for (;;) {
      const chunk = await result.fetchChunk();
      if (!chunk || chunk.rowCount === 0) break;
      await each(chunk.getRows().map((v) => toRow(v, columns.length)));
    }
  });
}

/** Why `value` does not fit the column, or null when it does (null = an empty cell). */
export function cellProblem(col: GridColumn, value: string | null): string | null {
  if (value === null || value === '') return col.nullable ? null : `"${col.name}" may not be empty`;
  switch (col.type) {
    case 'integer':
      if (!/^-?\d+$/.test(value.trim())) return `"${col.name}" holds whole numbers: "${value}" is not one`;
      break;
    case 'number':
      if (value.trim() === '' || !Number.isFinite(Number(value)))
        return `"${col.name}" holds numbers: "${value}" is not one`;
      break;
    case 'boolean':
      if (value !== 'true' && value !== 'false') return `"${col.name}" holds true or false, not "${value}"`;
      break;
    case 'date': {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      const d = m ? new Date(`${value}T00:00:00Z`) : null;
      if (!d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value)
        return `"${col.name}" holds dates as YYYY-MM-DD: "${value}" is not a valid date`;
      break;
    }
    case 'json':
      try {
        JSON.parse(value);
      } catch {
        return `"${col.name}" holds JSON: "${value}" does not parse`;
      }
      break;
  }
  if (col.enum && !col.enum.includes(value))
    return `"${col.name}" is one of ${col.enum.map((v) => `"${v}"`).join(', ')}: "${value}" is not`;
  return null;
}
