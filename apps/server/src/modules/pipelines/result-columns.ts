import type { JsonColumn } from '../datasets/row-text.ts';

/**
 * A result's mapped records live in a dataset of Parquet files with these columns (readable as
 * they are with DuckDB, pandas or Spark; see the README). Results from before datasets keep
 * theirs in `result_chunks` and are read in place. Results written before `dropped` existed
 * have the first four columns only (a dataset's own column list says which).
 */
export const RESULT_COLUMNS: JsonColumn[] = [
  { name: 'index', type: 'BIGINT' },
  { name: 'valid', type: 'BOOLEAN' },
  { name: 'mapped_record', type: 'JSON' },
  { name: 'message', type: 'JSON' },
  /** source values a transform could not convert: [{ field, value, message }] or null */
  { name: 'dropped', type: 'JSON' },
];
