/**
 * Failed records as something a person can fix: per record its source line, its original
 * source values, each field's error and the values no field could take, beside what was mapped.
 */
import type { Writable } from 'node:stream';
import type { TDroppedValue } from '@mapwright/contracts';
import { stringify } from 'csv-stringify';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { AppContext } from '../../context.ts';
import { jobs, type results } from '../../db/schema.ts';
import { readRecordsWithLines } from './records.ts';
import { resultBatches } from './result-rows.ts';

type ResultRow = typeof results.$inferSelect;
type RecordErrors = Record<string, { error_message: string; error_type: string }>;

export interface FailedRecord {
  /** the record's position in the job, from 0 */
  index: number;
  line: number;
  errors: { field: string; type: string; message: string }[];
  dropped: TDroppedValue[];
  source: unknown;
  mapped: unknown;
}

/**
 * The result's failed records (or those that lost a value, valid ones too) in order, with their
 * sources, a batch at a time.
 */
export async function* failedRecords(
  ctx: AppContext,
  result: ResultRow,
  which: 'failed' | 'dropped' = 'failed',
): AsyncGenerator<FailedRecord[]> {
  const [job] = await ctx.db.select().from(jobs).where(eq(jobs.id, result.jobId));
  for await (const batch of resultBatches(ctx, result)) {
    const failed = batch.filter((e) =>
      which === 'failed' ? e.message !== 'success' : (e.dropped?.length ?? 0) > 0,
    );
    if (!failed.length || !job) continue;
    const first = failed[0]!.index;
    const sources = await readRecordsWithLines(ctx, job, first, failed[failed.length - 1]!.index + 1);
    yield failed.map((e) => {
      const src = sources[e.index - first];
      const errors = (e.message as { record_errors?: RecordErrors } | null)?.record_errors ?? {};
      return {
        index: e.index,
        line: src?.line ?? e.index + 1,
        errors: Object.entries(errors).map(([field, x]) => ({
          field,
          type: x.error_type,
          message: x.error_message,
        })),
        dropped: e.dropped ?? [],
        source: src?.record ?? null,
        mapped: e.mapped_record,
      };
    });
  }
}

const errorText = (r: FailedRecord) =>
  [
    ...r.errors.map((e) => `${e.type}: ${e.message}`),
    ...r.dropped.map((d) => `Value dropped: ${d.message}`),
  ].join('\n');

/**
 * A flat row for CSV / XLSX: line, errors, each source column, any other source values (keys
 * the first failed records did not have) as JSON, then each target column.
 */
function flatRow(r: FailedRecord, sourceColumns: string[], targetColumns: string[]) {
  const cell = (v: unknown) =>
    v === undefined || v === null ? null : typeof v === 'object' ? JSON.stringify(v) : v;
  const at = (o: unknown, path: string) => {
    let v = o;
    for (const k of path.split('.'))
      v = v && typeof v === 'object' && Object.hasOwn(v, k) ? (v as Record<string, unknown>)[k] : undefined;
    return v;
  };
  const src = (r.source && typeof r.source === 'object' ? r.source : {}) as Record<string, unknown>;
  const known = new Set(sourceColumns);
  const others = Object.entries(src).filter(([k]) => !known.has(k));
  return [
    r.line,
    errorText(r),
    ...sourceColumns.map((c) => cell(Object.hasOwn(src, c) ? src[c] : undefined)),
    others.length ? JSON.stringify(Object.fromEntries(others)) : null,
    ...targetColumns.map((c) => cell(at(r.mapped, c))),
  ];
}

/** Writes the failed records of a result in `format`; `safe` neutralises spreadsheet formulas. */
export async function writeFailed(
  ctx: AppContext,
  result: ResultRow,
  format: 'json' | 'jsonl' | 'csv' | 'xlsx',
  out: Writable,
  opts: { targetColumns: string[]; safe: (v: unknown) => unknown; which?: 'failed' | 'dropped' },
) {
  const write = async (chunk: string) => {
    if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
  };
  if (format === 'json' || format === 'jsonl') {
    let first = true;
    if (format === 'json') await write('[');
    for await (const batch of failedRecords(ctx, result, opts.which))
      for (const r of batch) {
        const item = { record: r.index + 1, ...r, index: undefined };
        await write(
          format === 'json' ? `${first ? '' : ','}\n${JSON.stringify(item)}` : `${JSON.stringify(item)}\n`,
        );
        first = false;
      }
    if (format === 'json') await write('\n]\n');
    out.end();
    return;
  }
  // streamed: the source columns are the keys of the first failed batch (up to 10,000 records)
  const batches = failedRecords(ctx, result, opts.which);
  const firstBatch = (await batches.next()).value ?? [];
  const seen = new Set<string>();
  for (const r of firstBatch)
    if (r.source && typeof r.source === 'object') for (const k of Object.keys(r.source)) seen.add(k);
  const sourceColumns = [...seen];
  // prefixed names cannot start a formula today, but the header gets the cells' rule all the same
  const header = [
    'line',
    'errors',
    ...sourceColumns.map((c) => `source: ${c}`),
    'source: other values',
    ...opts.targetColumns.map((c) => `mapped: ${c}`),
  ].map((h) => String(opts.safe(h)));
  const rowsOf = async function* () {
    for (const r of firstBatch) yield flatRow(r, sourceColumns, opts.targetColumns).map(opts.safe);
    for await (const batch of batches)
      for (const r of batch) yield flatRow(r, sourceColumns, opts.targetColumns).map(opts.safe);
  };
  if (format === 'csv') {
    const csv = stringify({ header: true, columns: header, cast: { boolean: (b) => String(b) } });
    csv.pipe(out);
    for await (const row of rowsOf()) if (!csv.write(row)) await new Promise((r) => csv.once('drain', r));
    csv.end();
    return;
  }
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = book.addWorksheet('Failed records');
  sheet.addRow(header).commit();
  for await (const row of rowsOf()) sheet.addRow(row).commit();
  sheet.commit();
  await book.commit();
}
