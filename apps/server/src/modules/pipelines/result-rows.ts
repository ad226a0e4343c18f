import type { TDroppedValue } from '@mapwright/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { resultChunks, resultFixes, type results } from '../../db/schema.ts';
import { chunkRange } from '../../lib/chunks.ts';
import {
  type DatasetCtx,
  type DatasetRow,
  failedWith,
  findDataset,
  queryJsonDataset,
  readJsonDatasetRows,
} from '../datasets/datasets.service.ts';
import { RESULT_COLUMNS } from './result-columns.ts';

export { RESULT_COLUMNS };

/** Rows per chunk of results stored before datasets. */
const LEGACY_CHUNK = 1000;

type ResultRow = typeof results.$inferSelect;
export interface ResultEntry {
  index: number;
  mapped_record: unknown;
  message: unknown;
  /** values no field could take (null when none; absent in results from before drops were kept) */
  dropped?: TDroppedValue[] | null;
}

const entryOf = ([index, , mapped_record, message, dropped]: unknown[]): ResultEntry => ({
  index: index as number,
  mapped_record,
  message,
  dropped: (dropped as TDroppedValue[] | null | undefined) ?? null,
});

export async function datasetOf(ctx: DatasetCtx, r: ResultRow): Promise<DatasetRow | null> {
  if (!r.datasetId) return null;
  return (await findDataset(ctx.db, r.organizationId, r.datasetId)) ?? null;
}

/** Entries [from, to) of a result in record order. */
export async function resultRange(
  ctx: DatasetCtx,
  r: ResultRow,
  from: number,
  to: number,
): Promise<ResultEntry[]> {
  const ds = await datasetOf(ctx, r);
  if (ds) return (await readJsonDatasetRows(ctx, ds, from, to)).map(entryOf);
  if (r.datasetId) return [];
  const chunks = await ctx.db
    .select()
    .from(resultChunks)
    .where(
      and(eq(resultChunks.resultId, r.id), ...chunkRange(resultChunks.chunkIndex, from, to, LEGACY_CHUNK)),
    )
    .orderBy(asc(resultChunks.chunkIndex));
  return chunks
    .flatMap((c) => c.mappings.map((m, i) => ({ index: c.firstIndex + i, ...m })))
    .filter((m) => m.index >= from && m.index < to);
}

export interface ErrorFilter {
  type?: string;
  field?: string;
}

type RecordErrors = Record<string, { error_type: string; error_message: string }>;
/** The same filter as `failedWith`, for results stored before datasets. */
function failsWith(e: ResultEntry, f: ErrorFilter) {
  if (e.message === 'success') return false;
  const errors = Object.entries((e.message as { record_errors?: RecordErrors } | null)?.record_errors ?? {});
  return errors.some(
    ([field, x]) =>
      (f.field === undefined || field === f.field) && (f.type === undefined || x.error_type === f.type),
  );
}

/** A page of the result's failed entries (in record order, optionally one error's) and how many there are. */
export async function failedPage(
  ctx: DatasetCtx,
  r: ResultRow,
  offset: number,
  limit: number,
  filter: ErrorFilter = {},
) {
  const ds = await datasetOf(ctx, r);
  if (ds) {
    const { rows, total } = await queryJsonDataset(ctx, ds, failedWith(filter), { offset, limit });
    return { items: rows.map(entryOf), total };
  }
  const failed: ResultEntry[] = [];
  const any = filter.type === undefined && filter.field === undefined;
  for await (const batch of resultBatches(ctx, r))
    for (const e of batch) if (any ? e.message !== 'success' : failsWith(e, filter)) failed.push(e);
  return { items: failed.slice(offset, offset + limit), total: failed.length };
}

/** Failed entries by their `index` (a few: samples of each error). */
export async function entriesAt(ctx: DatasetCtx, r: ResultRow, indices: number[]) {
  if (!indices.length) return [];
  const ds = await datasetOf(ctx, r);
  if (ds) {
    const list = indices.map((i) => Math.trunc(i)).join(', ');
    const { rows } = await queryJsonDataset(ctx, ds, `"index" IN (${list})`, {
      offset: 0,
      limit: indices.length,
    });
    return rows.map(entryOf);
  }
  const want = new Set(indices);
  const out: ResultEntry[] = [];
  for await (const batch of resultBatches(ctx, r)) for (const e of batch) if (want.has(e.index)) out.push(e);
  return out;
}

/** The result's entries in record order, a batch at a time. */
export async function* resultBatches(
  ctx: DatasetCtx,
  r: ResultRow,
  size = 10_000,
): AsyncGenerator<ResultEntry[]> {
  const ds = await datasetOf(ctx, r);
  if (ds) {
    for (let first = 0; first < ds.rowCount; first += size)
      yield (await readJsonDatasetRows(ctx, ds, first, first + size)).map(entryOf);
    return;
  }
  if (r.datasetId) return;
  for (let i = 0; ; i++) {
    const [chunk] = await ctx.db
      .select()
      .from(resultChunks)
      .where(and(eq(resultChunks.resultId, r.id), eq(resultChunks.chunkIndex, i)));
    if (!chunk) return;
    yield chunk.mappings.map((m, k) => ({ index: chunk.firstIndex + k, ...m }));
  }
}

/** The hand fixes (not yet applied) of these records, by index. */
export async function fixesAt(ctx: DatasetCtx, resultId: string, indices: number[]) {
  if (!indices.length) return new Map<number, typeof resultFixes.$inferSelect>();
  const rows = await ctx.db
    .select()
    .from(resultFixes)
    .where(and(eq(resultFixes.resultId, resultId), inArray(resultFixes.recordIndex, indices)));
  return new Map(rows.map((f) => [f.recordIndex, f]));
}
