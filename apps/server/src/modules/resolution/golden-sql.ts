/**
 * Golden records as DuckDB SQL over the resolution's output dataset (line, record JSON with
 * `cluster_id` and, for a linkage, `source`), so they stream at any size: one pass turns the
 * records into (cluster, field, value) rows, one GROUP BY counts each distinct value, a second
 * picks each field's survivor with an aggregate. The same choices as `survive` in golden.ts
 * (its property test holds them equal), members taken in row order (older first):
 *  - most_frequent: the value held by most members; a tie goes to the value seen first;
 *  - longest: the most characters (code points); a tie goes to the value seen first;
 *  - latest: the value of the last member that has one;
 *  - source_priority: the first value of a left (first input) member, else the first value.
 * A value is present unless null, blank (JavaScript's trim whitespace) or an empty JSON array.
 * Overrides (few) are applied after the rules.
 */
import type { Survivorship } from './golden.ts';

const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;
/** The characters String.prototype.trim removes, so "blank" means the same as in golden.ts. */
const JS_WHITESPACE =
  ' \t\n\v\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
/** A JSON pointer to a top-level key (`~` and `/` escaped as RFC 6901 says). */
export const pointer = (key: string) => lit(`/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`);

/** The records as members: row order, cluster, whether from the right input of a linkage. */
const members = (from: string) =>
  `SELECT line, record->>'cluster_id' AS c, coalesce(record->>'source', '') = 'right' AS r, record FROM ${from}`;

/**
 * The distinct key lists of the records (JSON text), by the row each first appears in: records
 * of one input share a few lists, so this is one cheap GROUP BY. `fieldsOfKeyLists` turns them
 * into the fields in first-seen order (record by record, key by key).
 */
export const keyListsSql = (from: string) =>
  `SELECT to_json(ks)::VARCHAR FROM (SELECT json_keys(record) AS ks, min(line) AS first FROM ${from} GROUP BY ks)
   ORDER BY first`;

/** The fields of `keyListsSql`'s rows, the resolution's own columns left out. */
export function fieldsOfKeyLists(rows: unknown[][]): string[] {
  const out = new Set<string>();
  for (const [list] of rows) for (const k of JSON.parse(String(list)) as string[]) out.add(k);
  out.delete('cluster_id');
  out.delete('source');
  return [...out];
}

/** Each record's key as the run named it: the key column's text, else `#n` within its side. */
export const keyedSql = (from: string, idColumn?: string) => {
  const n = `'#' || row_number() OVER (PARTITION BY r ORDER BY line)`;
  const key = idColumn ? `coalesce(json_extract_string(record, ${pointer(idColumn)}), ${n})` : n;
  return `SELECT line, c, ${key} AS key FROM (${members(from)})`;
};

/** The cluster of each of `keys` (a key held by several records: its last one's, as golden.ts). */
export const clustersOfKeysSql = (from: string, idColumn: string | undefined, keys: string[]) =>
  `SELECT key, arg_max(c, line) FROM (${keyedSql(from, idColumn)})
   WHERE key IN (${keys.map(lit).join(', ') || 'NULL'}) GROUP BY key`;

/**
 * Each rule picks its survivor's first row (a value's first row names it: a row holds one value
 * per field). Keys are fixed-size numbers, never lists or strings, so DuckDB's aggregate can
 * spill: (−count, first row) as one HUGEINT sorts as the pair does while rows stay below 2^41.
 */
const pair = (major: string) => `(-(${major}))::HUGEINT * 2199023255552 + first`;
const CHOOSE: Record<Survivorship, string> = {
  most_frequent: `arg_min(first, ${pair('cnt')})`,
  longest: `arg_min(first, ${pair('len')})`,
  latest: 'arg_max(first, last)',
  source_priority: 'coalesce(arg_min(first, first_left), min(first))',
};

/** Distinct present values per (cluster, field index): count, length, first and last row, first left row. */
function valuesSql(from: string, fields: string[], where = '') {
  // each record's JSON is parsed once for all fields (a list of paths), then one row per field
  const paths = `[${fields.map(pointer).join(', ')}]`;
  return `SELECT c, i, v, length(v) AS len, count(*) AS cnt, min(line) AS first, max(line) AS last,
                 min(line) FILTER (WHERE NOT r) AS first_left
          FROM (SELECT c, line, r, unnest(range(${fields.length})) AS i, unnest(json_extract_string(record, ${paths})) AS v
                FROM (${members(from)}) m ${where})
          WHERE v IS NOT NULL AND v <> '[]'
            -- a value starting with a visible ASCII character is not blank: the trim only for the rest
            AND (ascii(v) BETWEEN 33 AND 126 OR trim(v, ${lit(JS_WHITESPACE)}) <> '')
          GROUP BY c, i, v`;
}

export interface GoldenSqlSpec {
  fields: string[];
  rules: Record<string, Survivorship>;
  /** a person's value for a cluster's field (the field by its index in `fields`) */
  overrides: { cluster: string; field: number; value: string | null }[];
}

/**
 * The golden records as (line, record JSON): one per cluster, largest first (a tie in the order
 * the clusters first appear), each `{cluster_id, records, ...fields}` with every field present.
 */
export function goldenSql(from: string, spec: GoldenSqlSpec) {
  const { fields } = spec;
  const ov = spec.overrides.length
    ? `(VALUES ${spec.overrides.map((o) => `(${lit(o.cluster)}, ${o.field}, ${o.value === null ? 'NULL' : lit(o.value)})`).join(', ')}) o(c, i, v)`
    : '(SELECT NULL::VARCHAR AS c, NULL::INTEGER AS i, NULL::VARCHAR AS v WHERE false) o';
  const choose = fields.length
    ? `CASE i ${fields.map((f, i) => `WHEN ${i} THEN ${CHOOSE[spec.rules[f] ?? 'most_frequent']}`).join(' ')} END`
    : 'NULL';
  // the survivor's first row per (cluster, field), then its value from the same distinct values
  const chosen = fields.length
    ? `WITH vals AS MATERIALIZED (${valuesSql(from, fields)})
       SELECT w.c, w.i, vals.v FROM (SELECT c, i, ${choose} AS win FROM vals GROUP BY c, i) w
       JOIN vals ON vals.c = w.c AND vals.i = w.i AND vals.first = w.win`
    : '';
  const final = fields.length
    ? `SELECT coalesce(o.c, ch.c) AS c, coalesce(o.i, ch.i) AS i, CASE WHEN o.i IS NOT NULL THEN o.v ELSE ch.v END AS v
       FROM (${chosen}) ch FULL JOIN ${ov} ON ch.c = o.c AND ch.i = o.i`
    : '';
  const pivot = fields.length
    ? `LEFT JOIN (SELECT c, ${fields.map((_, i) => `max(v) FILTER (WHERE i = ${i}) AS g${i}`).join(', ')}
                  FROM (${final}) GROUP BY c) p ON p.c = s.c`
    : '';
  const record = [`'cluster_id', s.c`, `'records', s.n`, ...fields.map((f, i) => `${lit(f)}, p.g${i}`)].join(
    ', ',
  );
  return `SELECT row_number() OVER (ORDER BY s.n DESC, s.first) AS line, json_object(${record})::VARCHAR AS record
          FROM (SELECT c, count(*) AS n, min(line) AS first FROM (${members(from)}) GROUP BY c) s ${pivot}
          ORDER BY line`;
}

/** What each field could be, per cluster (distinct present values in first-seen order), for a page's clusters. */
export function optionsSql(from: string, fields: string[], clusters: string[]) {
  const where = `WHERE c IN (${clusters.map(lit).join(', ') || 'NULL'})`;
  return `SELECT c, i, to_json(list(v ORDER BY first))::VARCHAR FROM (${valuesSql(from, fields, where)}) GROUP BY c, i`;
}
