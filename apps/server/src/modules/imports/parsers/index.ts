import { parseCsv } from './csv.ts';
import { parseExcel } from './excel.ts';
import { parseJson, parseJsonl } from './json.ts';
import { parseParquet } from './parquet.ts';
import type { OpenStream } from './source.ts';
import type { Detected, ImportFormat, ParsedItem, ParseOptions } from './types.ts';

export { detectCsv } from './csv.ts';
export { formatOf } from './detect.ts';
export { listSheets, type SheetInfo } from './sheets.ts';
export type { OpenStream } from './source.ts';
export * from './types.ts';

export function parseFile(
  format: ImportFormat,
  open: OpenStream,
  opts: ParseOptions,
  onBytes: (n: number) => void,
): Promise<{ detected: Detected; items: AsyncIterable<ParsedItem> }> {
  switch (format) {
    case 'csv':
      return parseCsv(open, opts, onBytes);
    case 'tsv':
      return parseCsv(open, { ...opts, tsv: true }, onBytes);
    case 'xlsx':
      return parseExcel(open, opts, onBytes);
    case 'json':
      return parseJson(open, opts, onBytes);
    case 'jsonl':
      return parseJsonl(open, opts, onBytes);
    case 'parquet':
      return parseParquet(open, opts, onBytes);
  }
}
