import { PassThrough, type Writable } from 'node:stream';
import { type JsonSchema, listTargetFields } from '@mapwright/engine';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { AppContext } from '../../context.ts';
import type { results } from '../../db/schema.ts';
import { inertText, writeJsonFieldsCsv } from '../datasets/datasets.service.ts';
import { writeFailed } from './failed-download.ts';
import { datasetOf, resultBatches } from './result-rows.ts';

export const DOWNLOAD_FORMATS = ['json', 'jsonl', 'csv', 'xlsx'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];
export type RecordFilter = 'all' | 'valid' | 'failed' | 'dropped';
type ResultRow = typeof results.$inferSelect;

export const CONTENT_TYPES: Record<DownloadFormat, string> = {
  json: 'application/json',
  jsonl: 'application/x-ndjson',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The result's mapped records in order, a batch at a time. */
export async function* mappedRecords(ctx: AppContext, result: ResultRow, filter: RecordFilter = 'all') {
  for await (const batch of resultBatches(ctx, result))
    for (const m of batch) {
      const ok = m.message === 'success';
      if (filter === 'all' || (filter === 'valid') === ok) yield m.mapped_record as Record<string, unknown>;
    }
}

/**
 * A cell for CSV / XLSX: numbers and booleans as they are, objects as JSON text, text that a
 * spreadsheet would run as a formula behind a quote (inertText, the rule the native CSV export
 * and every header row share).
 */
export function safeCell(v: unknown): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  return inertText(typeof v === 'object' ? JSON.stringify(v) : String(v));
}

/** Columns for flat formats: the schema's leaves outside arrays (dotted), arrays as JSON cells. */
export function flatColumns(schema: JsonSchema): string[] {
  const cols: string[] = [];
  for (const f of listTargetFields(schema)) {
    const col = f.path.includes('[*]') ? f.path.slice(0, f.path.indexOf('[*]')) : f.path;
    if (!cols.includes(col)) cols.push(col);
  }
  return cols;
}

function cellAt(record: Record<string, unknown>, column: string): unknown {
  let v: unknown = record;
  for (const key of column.split('.')) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, key)) return null;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

async function write(out: Writable, chunk: string | Buffer) {
  if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
}

/** Writes the result in `format` to `out`, streaming: one chunk of records in memory at a time. */
export async function writeResult(
  ctx: AppContext,
  result: ResultRow,
  format: DownloadFormat,
  filter: RecordFilter,
  out: Writable,
) {
  if (filter === 'failed' || filter === 'dropped')
    return writeFailed(ctx, result, format, out, {
      targetColumns: flatColumns(result.targetSchema as JsonSchema),
      safe: safeCell,
      which: filter,
    });
  const records = mappedRecords(ctx, result, filter);
  if (format === 'json' || format === 'jsonl') {
    let first = true;
    if (format === 'json') await write(out, '[');
    for await (const r of records) {
      await write(
        out,
        format === 'json' ? `${first ? '' : ','}\n${JSON.stringify(r)}` : `${JSON.stringify(r)}\n`,
      );
      first = false;
    }
    if (format === 'json') await write(out, '\n]\n');
    out.end();
    return;
  }
  const columns = flatColumns(result.targetSchema as JsonSchema);
  const ds = format === 'csv' ? await datasetOf(ctx, result) : null;
  if (ds) {
    // written natively from the result's Parquet files (the same cells as below, faster)
    const where = filter === 'all' ? undefined : filter === 'valid' ? '"valid"' : 'NOT "valid"';
    const fields = columns.map((c) => ({ header: c, path: c.split('.') }));
    await writeJsonFieldsCsv(ctx, ds, { column: 'mapped_record', fields, where }, out);
    out.end();
    return;
  }
  if (format === 'csv') {
    // the header names come from the target schema: made inert like any cell
    const csv = stringify({
      header: true,
      columns: columns.map(inertText),
      cast: { boolean: (b) => String(b) },
    });
    csv.pipe(out);
    // a batch at a time: waiting on a promise per record costs more than the CSV itself
    for await (const batch of resultBatches(ctx, result)) {
      let full = false;
      for (const m of batch) {
        if (filter !== 'all' && (filter === 'valid') !== (m.message === 'success')) continue;
        const r = m.mapped_record as Record<string, unknown>;
        full = !csv.write(columns.map((c) => safeCell(cellAt(r, c)))) || full;
      }
      if (full) await new Promise((res) => csv.once('drain', res));
    }
    csv.end();
    return;
  }
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = book.addWorksheet('Results');
  sheet.addRow(columns.map(inertText)).commit();
  for await (const r of records) sheet.addRow(columns.map((c) => safeCell(cellAt(r, c)))).commit();
  sheet.commit();
  await book.commit();
}

/** A PassThrough the reply can send while `fill` writes into it; errors end the stream. */
export function streamOf(fill: (out: PassThrough) => Promise<void>, onError: (err: unknown) => void) {
  const out = new PassThrough();
  fill(out).catch((err) => {
    onError(err);
    out.destroy(err as Error);
  });
  return out;
}
