import { z } from 'zod';
import { zPage } from './common.ts';

export const IMPORT_FORMATS = ['csv', 'tsv', 'xlsx', 'json', 'jsonl', 'parquet'] as const;
export const ZImportFormat = z.enum(IMPORT_FORMATS);
export const IMPORT_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;

export const ZImportOptions = z
  .object({
    delimiter: z.enum([',', ';', '\t', '|']).optional(),
    quote: z.enum(['"', "'"]).optional(),
    encoding: z.enum(['utf-8', 'utf-16le', 'utf-16be', 'windows-1252', 'latin1']).optional(),
    header: z.boolean().optional(),
    /** Excel: the sheet to import, by name (GET /imports/sheets lists them); the first sheet when omitted */
    sheet: z.string().min(1).max(100).optional(),
  })
  .strict();
export type TImportOptions = z.infer<typeof ZImportOptions>;

export const ZImportColumn = z.object({
  path: z.string(),
  name: z.string(),
  /** the type the values should become: string, number, integer, boolean, date, date-time, object, array */
  type: z.string(),
  format: z.string().nullable(),
  layout: z.string().nullable(),
  null_rate: z.number(),
  distinct_count: z.number().int(),
  examples: z.array(z.unknown()),
  /** what the values are: date, money, email, phone, country, id, text… (from a sample) */
  semantic: z.string().optional(),
  /** ways the values are written side by side (dates, money, numbers, phones), most used first */
  formats: z.array(z.object({ shape: z.string(), example: z.string(), count: z.number().int() })).optional(),
  /** spellings that look like one value (case, spacing, accents, a country's name and code) */
  variants: z
    .array(
      z.object({
        canonical: z.string(),
        values: z.array(z.object({ value: z.string(), count: z.number().int() })),
      }),
    )
    .optional(),
});
export type TImportColumn = z.infer<typeof ZImportColumn>;

export const ZImport = z.object({
  id: z.uuid(),
  name: z.string(),
  project_id: z.uuid().nullable(),
  file_id: z.uuid().nullable(),
  file_version_id: z.uuid().nullable(),
  format: ZImportFormat,
  options: ZImportOptions,
  detected: z.record(z.string(), z.unknown()).nullable(),
  status: z.enum(IMPORT_STATUSES),
  /** 0..1 while running, from bytes read */
  progress: z.number(),
  bytes_total: z.number().int(),
  bytes_read: z.number().int(),
  row_count: z.number().int(),
  problem_count: z.number().int(),
  columns: z.array(ZImportColumn).nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type TImport = z.infer<typeof ZImport>;
export const ZImportPage = zPage(ZImport);

export const ZCreateImportRequest = z.object({
  file_id: z.uuid(),
  /** the file's current version when omitted */
  file_version_id: z.uuid().optional(),
  name: z.string().trim().min(1).max(200).optional(),
  /** detected from the filename when omitted */
  format: ZImportFormat.optional(),
  options: ZImportOptions.default({}),
});

export const ZImportSheetsQuery = z.object({
  file_id: z.uuid(),
  /** the file's current version when omitted */
  file_version_id: z.uuid().optional(),
});
/** The sheets of a workbook, in workbook order (none for a file of another format). */
export const ZImportSheets = z.object({
  format: ZImportFormat.nullable(),
  sheets: z.array(
    z.object({
      name: z.string(),
      /** rows the sheet spans, header included, as the workbook records it (null when it does not) */
      rows: z.number().int().nullable(),
    }),
  ),
});
export type TImportSheets = z.infer<typeof ZImportSheets>;

export const ZImportListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(50),
  project_id: z.uuid().optional(),
});
export const ZImportValuesQuery = z.object({
  column: z.string().min(1).max(1000),
  /** only values containing this text (any case) */
  search: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export const ZImportValues = z.object({
  column: z.string(),
  /** distinct values matching the search */
  distinct: z.number().int(),
  /** most frequent first */
  values: z.array(z.object({ value: z.string().nullable(), count: z.number().int() })),
});
export type TImportValues = z.infer<typeof ZImportValues>;
export const ZImportDuplicates = z.object({
  /** rows that repeat an earlier row exactly */
  duplicates: z.number().int(),
  /** the largest groups of identical rows: their row indexes and source lines (first five) */
  groups: z.array(
    z.object({ count: z.number().int(), rows: z.array(z.number().int()), lines: z.array(z.number().int()) }),
  ),
});
export type TImportDuplicates = z.infer<typeof ZImportDuplicates>;

export const ZImportRowsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(500).default(100),
});
export const ZImportRow = z.object({
  index: z.number().int(),
  line: z.number().int(),
  record: z.record(z.string(), z.unknown()),
});
export const ZImportRowPage = zPage(ZImportRow);
export const ZImportProblem = z.object({
  line: z.number().int(),
  reason: z.string(),
  raw: z.string().nullable(),
});
export const ZImportProblemPage = zPage(ZImportProblem);
