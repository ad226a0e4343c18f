import { type AnyColumn, gte, lte } from 'drizzle-orm';

/**
 * Datasets, job inputs and results are stored in chunks of a fixed size (the last one may be
 * shorter), so the chunks holding rows [from, to) are found by index alone: an index lookup,
 * no JSON to read.
 */
export function chunkRange(chunkIndex: AnyColumn, from: number, to: number, size: number) {
  return [
    gte(chunkIndex, Math.floor(from / size)),
    lte(chunkIndex, Math.floor(Math.max(from, to - 1) / size)),
  ];
}
