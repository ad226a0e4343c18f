import type { DroppedValue } from '@mapwright/engine';
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

const SUCCESS = JSON.stringify('success');

/**
 * A batch's result rows as `rowEncoder(RESULT_COLUMNS)` writes them, written out for this one
 * shape: an engine thread encodes every record, and the generic encoder (a closure per column,
 * a string per value, a join) cost it as much as the mapping itself (measured: 2.2 µs a record
 * against 1.7 µs this way; the mapped record's JSON.stringify is 0.8 µs of either).
 */
export function encodeResultRows(
  first: number,
  mapped: readonly unknown[],
  messages: readonly unknown[],
  dropped: readonly (readonly DroppedValue[] | undefined)[],
): string {
  let text = '';
  for (let i = 0; i < mapped.length; i++) {
    const message = messages[i];
    const ok = message === 'success';
    const d = dropped[i];
    // a drop keeps what a reader needs (the field, the value, why), not the engine's grouping keys
    const drops = d
      ? JSON.stringify(d.map((x) => ({ field: x.field, value: x.value, message: x.message })))
      : 'null';
    text += `${first + i}\t${ok}\t${JSON.stringify(mapped[i] ?? null)}\t${ok ? SUCCESS : JSON.stringify(message ?? null)}\t${drops}\n`;
  }
  return text;
}
