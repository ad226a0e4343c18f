import { z } from 'zod';
import { ZPageQuery, zPage } from './common.ts';

/** Review status of a field on the field sheet (NOT_REVIEWED until someone looks at it). */
export const ZReviewStatus = z.enum(['NOT_REVIEWED', 'FLAGGED', 'PROPOSED', 'APPROVED']);
export type TReviewStatus = z.infer<typeof ZReviewStatus>;

/** A dataset tab: any dataset of the datasets module, named by where it came from. */
export const ZWorkbookTab = z.object({
  id: z.string(),
  title: z.string(),
  dataset_id: z.uuid(),
  source: z.object({ kind: z.string(), id: z.string() }),
});
export type TWorkbookTab = z.infer<typeof ZWorkbookTab>;

export const ZWorkbook = z.object({
  id: z.uuid(),
  project_id: z.uuid(),
  project_name: z.string(),
  name: z.string(),
  version: z.number().int(),
  previous_id: z.uuid().nullable(),
  tabs: z.array(ZWorkbookTab),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TWorkbook = z.infer<typeof ZWorkbook>;
export const ZWorkbookPage = zPage(ZWorkbook);
export const ZWorkbookListQuery = ZPageQuery.extend({ project_id: z.uuid().optional() });

export const ZCreateWorkbookRequest = z.object({
  project_id: z.uuid(),
  name: z.string().trim().min(1).max(200).optional(),
});
export const ZUpdateWorkbookRequest = z.object({ name: z.string().trim().min(1).max(200) });

/** A dataset to show as a tab: an import's rows or a job result's mapped records (more kinds plug in by id). */
export const ZAddTabRequest = z.object({
  source: z.enum(['import', 'result', 'dataset']),
  id: z.uuid(),
  title: z.string().trim().min(1).max(120).optional(),
});

export const ZFieldComment = z.object({
  id: z.uuid(),
  author: z.string(),
  customer: z.boolean(),
  body: z.string(),
  created_at: z.string(),
});
export type TFieldComment = z.infer<typeof ZFieldComment>;

/** One target field of one pipeline of the project. */
export const ZSheetField = z.object({
  key: z.string(),
  pipeline_id: z.uuid(),
  pipeline_name: z.string(),
  workshop_id: z.uuid().nullable(),
  target_field: z.string(),
  source_table: z.string().nullable(),
  source_fields: z.array(z.string()),
  type: z.string(),
  nullable: z.boolean(),
  required: z.boolean(),
  description: z.string().nullable(),
  enum_values: z.array(z.unknown()),
  transform: z.string(),
  confidence: z.number().nullable(),
  review_status: ZReviewStatus,
  review_updated_by: z.string().nullable(),
  comment_count: z.number().int(),
  /** from the pipeline's latest run: not_run | ok | dropped | failing */
  run_status: z.enum(['not_run', 'running', 'ok', 'dropped', 'failing']),
  /** records that failed validation on this field in the latest run */
  failed_records: z.number().int(),
  dropped_values: z.number().int(),
});
export type TSheetField = z.infer<typeof ZSheetField>;
export const ZFieldSheet = z.object({ fields: z.array(ZSheetField) });
export type TFieldSheet = z.infer<typeof ZFieldSheet>;

export const ZSetReviewRequest = z.object({ status: ZReviewStatus });
export const ZAddCommentRequest = z.object({ body: z.string().trim().min(1).max(4000) });
export const ZFieldKeyParams = z.object({ id: z.uuid(), key: z.string().min(3).max(600) });

// ── dataset tabs (grid) ──

export const ZCellType = z.enum(['string', 'integer', 'number', 'boolean', 'date', 'json']);
export const ZGridColumn = z.object({
  name: z.string(),
  type: ZCellType,
  nullable: z.boolean(),
  enum: z.array(z.string()).nullable(),
  editable: z.boolean(),
});
export type TGridColumn = z.infer<typeof ZGridColumn>;
export const ZGridQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  sort: z.string().max(300).optional(),
  dir: z.enum(['asc', 'desc']).default('asc'),
  filter_column: z.string().max(300).optional(),
  filter: z.string().max(500).optional(),
});
export type TGridQuery = z.infer<typeof ZGridQuery>;
export const ZGridPage = z.object({
  columns: z.array(ZGridColumn),
  total: z.number().int(),
  offset: z.number().int(),
  /** each row: its index in the dataset, its cells as text (null = empty), which cells were edited */
  rows: z.array(
    z.object({ index: z.number().int(), cells: z.array(z.string().nullable()), edited: z.array(z.number()) }),
  ),
});
export type TGridPage = z.infer<typeof ZGridPage>;
export const ZCellEdit = z.object({
  row: z.number().int().min(0),
  column: z.string().min(1).max(300),
  value: z.string().max(10_000).nullable(),
});
export const ZCellEditsRequest = z.object({ edits: z.array(ZCellEdit).min(1).max(10_000) });
export const ZCellEditEntry = z.object({
  id: z.uuid(),
  batch_id: z.uuid(),
  row: z.number().int(),
  column: z.string(),
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
  edited_by: z.string(),
  created_at: z.string(),
  undone: z.boolean(),
});
export type TCellEditEntry = z.infer<typeof ZCellEditEntry>;
export const ZCellEditLog = z.object({ items: z.array(ZCellEditEntry) });
export const ZTabParams = z.object({ id: z.uuid(), tab: z.string().min(1).max(64) });

// ── customer preview ──

export const ZCreateShareRequest = z.object({
  tabs: z.array(z.string().min(1).max(64)).min(1).max(50),
  expires_in_days: z.number().int().min(1).max(90).default(14),
  allow_feedback: z.boolean().default(false),
  label: z.string().trim().max(200).default(''),
});
export const ZShare = z.object({
  id: z.uuid(),
  workbook_id: z.uuid(),
  tabs: z.array(z.string()),
  allow_feedback: z.boolean(),
  label: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
  /** only in the answer that creates it: the link is not stored */
  token: z.string().optional(),
  url: z.string().optional(),
});
export type TShare = z.infer<typeof ZShare>;
export const ZShareList = z.object({ items: z.array(ZShare) });
export const ZSharedWorkbook = z.object({
  name: z.string(),
  project_name: z.string(),
  version: z.number().int(),
  organization_name: z.string(),
  show_fields: z.boolean(),
  tabs: z.array(ZWorkbookTab.pick({ id: true, title: true })),
  allow_feedback: z.boolean(),
  expires_at: z.string(),
});
export type TSharedWorkbook = z.infer<typeof ZSharedWorkbook>;
export const ZCustomerCommentRequest = z.object({
  author: z.string().trim().min(1).max(120),
  body: z.string().trim().min(1).max(4000),
});
