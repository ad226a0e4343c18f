/**
 * The validation errors kept in a result's `message` column ({ record_errors: { field: {
 * error_type, error_message } } }), grouped natively: exact counts over every failed row.
 */
import { type DatasetCtx, localFile } from './dataset-files.ts';
import type { DatasetRow } from './datasets.repository.ts';
import { lit, withDuckDb } from './duckdb.ts';

/** RFC 6901 pointer of a key (any characters) below `/record_errors`. */
const pointerSql = (key: string) => `'/record_errors/' || replace(replace(${key}, '~', '~0'), '/', '~1')`;

export interface ErrorRuleCount {
  type: string;
  field: string;
  /** the message without the field name and without the value that failed */
  rule: string;
  count: number;
  /** the first failing rows' `index` values */
  first: number[];
}

/**
 * Failed rows' errors by type, field and rule. A rule is the message with the values taken out
 * (", got …", a quoted value in backticks, a repeated value), so one rule is one row however
 * many different values broke it.
 */
export async function errorRuleCounts(ctx: DatasetCtx, ds: DatasetRow): Promise<ErrorRuleCount[]> {
  if (!ds.files.length) return [];
  const paths = await Promise.all(ds.files.map((f) => localFile(ctx, f)));
  const r = await withDuckDb(ctx.config?.DATA_DIR, (c) =>
    c.runAndReadAll(
      `WITH e AS (
         SELECT "index" AS i, field,
                json_extract_string(message, ${pointerSql('field')} || '/error_type') AS type,
                json_extract_string(message, ${pointerSql('field')} || '/error_message') AS msg
         FROM (SELECT "index", message, unnest(json_keys(message, '/record_errors')) AS field
               FROM read_parquet([${paths.map(lit).join(', ')}]) WHERE NOT "valid")),
       r AS (
         SELECT i, type, field,
                regexp_replace(
                  regexp_replace(
                    regexp_replace(CASE WHEN starts_with(msg, field || ': ') THEN msg[length(field) + 3:] ELSE msg END,
                      ', got .*$', ''),
                    '^value ".*" is not unique.*$', 'must be unique, but the value repeats'),
                  '^\`[^\`]*\` ', 'the value ') AS rule
         FROM e)
       SELECT to_json(list({'type': type, 'field': field, 'rule': rule, 'count': n, 'first': first}))::VARCHAR
       FROM (SELECT type, field, rule, count(*)::BIGINT AS n, list(i ORDER BY i)[1:5] AS first
             FROM r GROUP BY ALL ORDER BY n DESC, field, rule)`,
    ),
  );
  return (JSON.parse(String(r.getRows()[0]?.[0] ?? 'null')) ?? []) as ErrorRuleCount[];
}

/**
 * A condition on a result row: it failed, and (when given) with this error type on this field.
 * Built here so the values, which come from a request, are always quoted.
 */
export function failedWith(filter: { type?: string; field?: string }) {
  const parts = ['NOT "valid"'];
  if (filter.field !== undefined) {
    const p = pointerSql(lit(filter.field));
    parts.push(`json_extract(message, ${p}) IS NOT NULL`);
    if (filter.type !== undefined)
      parts.push(`json_extract_string(message, ${p} || '/error_type') = ${lit(filter.type)}`);
  } else if (filter.type !== undefined)
    parts.push(
      `list_contains(list_transform(json_keys(message, '/record_errors'), k -> json_extract_string(message, ${pointerSql('k')} || '/error_type')), ${lit(filter.type)})`,
    );
  return parts.join(' AND ');
}
