import type { DroppedValue } from '@mapwright/engine';
import type { JsonColumn, RowGroupBuilder } from '../datasets/datasets.service.ts';

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

const SUCCESS = JSON.stringify('success');

/**
 * Adds a batch's result rows to a row group of RESULT_COLUMNS, written out for this one shape:
 * an engine thread does this for every record (the mapped record's JSON.stringify is most of
 * it). Texts are stored as they were in the TSV files before: `null` as the JSON text `null`.
 */
export function appendResultRows(
  group: RowGroupBuilder,
  first: number,
  mapped: readonly unknown[],
  messages: readonly unknown[],
  dropped: readonly (readonly DroppedValue[] | undefined)[],
) {
  for (let i = 0; i < mapped.length; i++) {
    const message = messages[i];
    const ok = message === 'success';
    const d = dropped[i];
    group.int(0, first + i);
    group.bool(1, ok);
    group.text(2, JSON.stringify(mapped[i] ?? null));
    group.text(3, ok ? SUCCESS : JSON.stringify(message ?? null));
    // a drop keeps what a reader needs (the field, the value, why), not the engine's grouping keys
    group.text(
      4,
      d ? JSON.stringify(d.map((x) => ({ field: x.field, value: x.value, message: x.message }))) : 'null',
    );
  }
}
