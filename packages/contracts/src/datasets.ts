import { z } from 'zod';
import { zPage } from './common.ts';

/** `?page=1&size=20&kind=import` for the data overview. */
export const ZDatasetListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  kind: z.string().trim().min(1).max(60).optional(),
});

/** Something that reads or writes a dataset: an import, a pipeline, a flow, a join… */
export const ZLineageLink = z.object({
  /** import | pipeline | … (new kinds of datasets bring new ones) */
  type: z.string(),
  id: z.string(),
  name: z.string(),
  /** the app path that shows it */
  path: z.string().nullable(),
  at: z.string().nullable(),
});
export type TLineageLink = z.infer<typeof ZLineageLink>;

/** A `records` dataset's fields are the keys of this many of its first records. */
export const RECORD_FIELDS_SAMPLE = 200;

export const ZDatasetSummary = z.object({
  id: z.string(),
  /** import | job-input | result | … (joined data, synced streams and entity-resolution outputs to come) */
  kind: z.string(),
  name: z.string(),
  layout: z.string(),
  /** how the rows are stored (`records`: `line` + a JSON `record`) */
  columns: z.array(z.object({ name: z.string(), type: z.string() })),
  /**
   * What the rows hold, as a reader sees columns: the stored columns, or for `records` the
   * top-level keys of a sample of the first records (JSON Schema type names), or for a result
   * its mapped records' fields (the target schema's top-level properties); null when the
   * sample could not be read.
   */
  fields: z.array(z.object({ name: z.string(), type: z.string() })).nullable(),
  row_count: z.number(),
  size_bytes: z.number(),
  file_count: z.number(),
  created_at: z.string(),
  /** the last time something wrote it (a result grows while its run goes on) */
  updated_at: z.string(),
  written_by: z.array(ZLineageLink),
  read_by: z.array(ZLineageLink),
});
export type TDatasetSummary = z.infer<typeof ZDatasetSummary>;
export const ZDatasetPage = zPage(ZDatasetSummary).extend({
  /** every kind the organization has, with its count (for the filter) */
  kinds: z.array(z.object({ kind: z.string(), count: z.number() })),
});
export type TDatasetPage = z.infer<typeof ZDatasetPage>;

export const ZDatasetRowsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(25),
});
export const ZDatasetRowsPage = zPage(
  z.object({ index: z.number(), line: z.number(), record: z.record(z.string(), z.unknown()) }),
);
export type TDatasetRowsPage = z.infer<typeof ZDatasetRowsPage>;
