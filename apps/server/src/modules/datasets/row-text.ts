/**
 * The text form of a row on its way into a Parquet file: one line, values separated by tabs,
 * JSON columns as JSON text (JSON.stringify escapes tabs and newlines, so a row stays one line).
 * Kept apart from DuckDB so an engine thread can encode the rows it produces without loading it.
 */

/** A column of a JSON-rows dataset: numbers and flags as themselves, anything else as JSON text. */
export interface JsonColumn {
  name: string;
  type: 'BIGINT' | 'BOOLEAN' | 'JSON';
}

/** A function from a row's values (in column order) to its line, newline included. */
export function rowEncoder(columns: JsonColumn[]): (values: unknown[]) => string {
  const encode = columns.map((c) =>
    c.type === 'JSON' ? (v: unknown) => JSON.stringify(v ?? null) : (v: unknown) => String(v),
  );
  return (values) => {
    let line = encode[0]!(values[0]);
    for (let i = 1; i < encode.length; i++) line += `\t${encode[i]!(values[i])}`;
    return `${line}\n`;
  };
}
