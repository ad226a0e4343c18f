import { z } from 'zod';
import { zPage } from './common.ts';

/** A JSON Schema document (validated as one by the server: draft 2020-12 or 07). */
export const ZJsonSchema = z.record(z.string(), z.unknown());

export const ZTargetSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  filename: z.string().nullable(),
  schema: ZJsonSchema,
  project_id: z.uuid().nullable(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TTargetSchema = z.infer<typeof ZTargetSchema>;
export const ZTargetSchemaPage = zPage(ZTargetSchema);

/** Spec §3 schemas state: name and id filters with pagination. */
export const ZTargetSchemaListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(50),
  name: z.string().max(200).optional(),
  id: z.string().max(64).optional(),
  project_id: z.uuid().optional(),
});

export const ZCreateTargetSchemaRequest = z.object({
  name: z.string().trim().min(1, 'must not be empty').max(200),
  filename: z.string().max(255).optional(),
  schema: ZJsonSchema,
  project_id: z.uuid().optional(),
});
export const ZUpdateTargetSchemaRequest = z.object({ schema: ZJsonSchema });

/** Infer a schema from an import's dataset or from sample records. */
export const ZInferTargetSchemaRequest = z
  .object({
    name: z.string().trim().min(1).max(200),
    import_id: z.uuid().optional(),
    records: z.array(z.record(z.string(), z.unknown())).min(1).max(10_000).optional(),
    /** also save it (otherwise only return the proposal) */
    save: z.boolean().default(false),
    project_id: z.uuid().optional(),
  })
  .refine((v) => Boolean(v.import_id) !== Boolean(v.records), {
    message: 'give either import_id or records',
    path: ['import_id'],
  });

export const ZTargetSchemaVersion = z.object({
  version: z.number().int(),
  schema: ZJsonSchema,
  created_at: z.string(),
});
export const ZTargetSchemaVersionList = z.object({ items: z.array(ZTargetSchemaVersion) });

export const ZSchemaFieldChange = z.object({
  path: z.string(),
  change: z.enum(['added', 'removed', 'changed']),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export const ZTargetSchemaDiff = z.object({
  from: z.number().int(),
  to: z.number().int(),
  changes: z.array(ZSchemaFieldChange),
});
export type TTargetSchemaDiff = z.infer<typeof ZTargetSchemaDiff>;

/** Values tried against one field's rules (the field editor's preview). */
export const ZCheckValuesRequest = z.object({
  /** the field's JSON Schema (type, format, pattern, range, lengths, enum…) */
  field: ZJsonSchema,
  required: z.boolean().default(false),
  values: z.array(z.unknown()).max(200),
});
export const ZCheckValuesResponse = z.object({
  results: z.array(z.object({ value: z.unknown(), ok: z.boolean(), message: z.string().nullable() })),
});
export type TCheckValuesResponse = z.infer<typeof ZCheckValuesResponse>;
