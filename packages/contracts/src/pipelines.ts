import { z } from 'zod';
import { zPage } from './common.ts';
import { ZJsonSchema } from './target-schemas.ts';

export const RESULT_STATUSES = [
  'created',
  'queued',
  'running',
  'finished',
  'needs review',
  'failed',
  'cancelled',
] as const;
export const WORKSHOP_STATUSES = [
  'created',
  'queued',
  'running',
  'finished',
  'needs review',
  'deployed',
  'failed',
] as const;
/** Jobs accept at most this many inline records per request (bigger data comes through imports). */
export const MAX_INLINE_RECORDS = 200_000;

export const ZListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(50),
  name: z.string().max(200).optional(),
  id: z.string().max(64).optional(),
  status: z.string().max(40).optional(),
});

export const ZPipeline = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  target_schema_id: z.uuid(),
  source_schema: z.array(z.record(z.string(), z.unknown())).nullable(),
  project_id: z.uuid().nullable(),
  status: z.string(),
  deployed_mapper_version: z.number().int().nullable(),
  job_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TPipeline = z.infer<typeof ZPipeline>;
export const ZPipelinePage = zPage(ZPipeline);

export const ZCreatePipelineRequest = z.object({
  name: z.string().trim().min(1, 'must not be empty').max(200),
  description: z.string().max(5000).default(''),
  /** an existing target schema's id, or a JSON Schema to create one from */
  target_schema: z.union([z.uuid(), ZJsonSchema]),
  project_id: z.uuid().optional(),
});
export const ZUpdatePipelineRequest = z.object({
  name: z.string().trim().min(1, 'must not be empty').max(200).optional(),
  description: z.string().max(5000).optional(),
});

export const ZJob = z.object({
  id: z.uuid(),
  pipeline_id: z.uuid(),
  input_kind: z.enum(['inline', 'import', 'dataset']),
  import_id: z.uuid().nullable(),
  record_count: z.number().int(),
  status: z.string(),
  latest_result_id: z.uuid().nullable(),
  created_at: z.string(),
});
export type TJob = z.infer<typeof ZJob>;
export const ZJobPage = zPage(ZJob);
export const ZCreateJobRequest = z
  .object({
    data: z
      .array(z.record(z.string(), z.unknown()))
      .min(1, 'must hold at least one record')
      .max(MAX_INLINE_RECORDS)
      .optional(),
    import_id: z.uuid().optional(),
    /** a file version: its dataset (an earlier successful import of it, or one made now) */
    file_version_id: z.uuid().optional(),
    /** with file_version_id of an Excel workbook: the sheet to read, by name (the first when omitted) */
    sheet: z.string().min(1).max(100).optional(),
    /** a dataset of records the organization made (joined data, entity-resolution output) */
    dataset_id: z.uuid().optional(),
  })
  .refine((v) => [v.data, v.import_id, v.file_version_id, v.dataset_id].filter(Boolean).length === 1, {
    message: 'give exactly one of data, import_id, file_version_id or dataset_id',
    path: ['data'],
  })
  .refine((v) => v.sheet === undefined || v.file_version_id !== undefined, {
    message: 'a sheet is read from a file version: give file_version_id with it',
    path: ['sheet'],
  });

export const ZRunQuery = z.object({
  immediate_return: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .default(true),
});

export const ZConfidence = z.object({ score: z.number(), bucket: z.string() });
export const ZResult = z.object({
  id: z.uuid(),
  job_id: z.uuid(),
  pipeline_id: z.uuid(),
  workshop_id: z.uuid().nullable(),
  mapper_version: z.number().int().nullable(),
  status: z.enum(RESULT_STATUSES),
  total: z.number().int(),
  processed: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  /** source values a transform could not convert (the record may still be valid): never lost in silence */
  dropped: z.number().int(),
  /** `dropped` per target field */
  dropped_by_field: z.record(z.string(), z.number().int()),
  /** mean field confidence of the mapper used (0..1) */
  confidence: ZConfidence.nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type TResult = z.infer<typeof ZResult>;

/** Validation errors of a whole run grouped by type and message (api-pipelines.md "Mapping"). */
export const ZGlobalErrors = z.object({
  error_types: z.record(
    z.string(),
    z.array(
      z.object({
        error_message: z.string(),
        error_indices: z.array(z.number().int()).describe('record indices (at most the first 5,000)'),
        error_fields: z.array(z.string()),
      }),
    ),
  ),
});
export type TGlobalErrors = z.infer<typeof ZGlobalErrors>;
/** One result read on its own also carries its run's grouped errors. */
export const ZResultDetail = ZResult.extend({ global_errors: ZGlobalErrors.nullable() });
export type TResultDetail = z.infer<typeof ZResultDetail>;
export const ZResultPage = zPage(ZResult);
/** POST /results/{id}/confidence answers the Result with the per-field confidence it computed. */
export const ZFieldConfidence = ZConfidence.extend({ reason: z.string() });
export const ZResultWithConfidence = ZResult.extend({
  confidence: ZConfidence.extend({ fields: z.record(z.string(), ZFieldConfidence) }),
});
export type TResultWithConfidence = z.infer<typeof ZResultWithConfidence>;

/** A result's mapped records as Parquet files, for reading them directly (DuckDB, pandas, Spark). */
export const ZResultFiles = z.object({
  format: z.literal('parquet'),
  /** columns of every file: index, valid, mapped_record (JSON text), message (JSON text) */
  columns: z.array(z.object({ name: z.string(), type: z.string() })),
  row_count: z.number().int(),
  /** in row order; `location` is a file path on the server or an s3:// URL */
  files: z.array(
    z.object({ sha256: z.string(), rows: z.number().int(), bytes: z.number().int(), location: z.string() }),
  ),
});
export type TResultFiles = z.infer<typeof ZResultFiles>;
/** Results across the organization: `status` takes a comma-separated list (e.g. `queued,running` for the job tracker). */
export const ZResultListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(50),
  status: z
    .string()
    .max(200)
    .optional()
    .transform((v) =>
      v
        ?.split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .refine((v) => !v || v.every((x) => (RESULT_STATUSES as readonly string[]).includes(x)), {
      message: `each status must be one of ${RESULT_STATUSES.join(', ')}`,
    }),
  pipeline_id: z.uuid().optional(),
});
export const ZActivityQuery = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });
export const ZActivity = z.object({
  days: z.array(
    z.object({
      day: z.string(),
      runs: z.number().int(),
      processed: z.number().int(),
      failed: z.number().int(),
    }),
  ),
});
export type TActivity = z.infer<typeof ZActivity>;

/** A source value a transform could not convert, and why. */
export const ZDroppedValue = z.object({ field: z.string(), value: z.unknown(), message: z.string() });
export type TDroppedValue = z.infer<typeof ZDroppedValue>;

export const ZMapping = z.object({
  index: z.number().int(),
  /** the record's line in its source file (an import), 1-based; absent for records posted inline */
  line: z.number().int().optional(),
  source_record: z.unknown(),
  mapped_record: z.unknown(),
  message: z.unknown(),
  /** values of this record's source that no field could take (absent when there are none) */
  dropped: z.array(ZDroppedValue).optional(),
  /** a quarantined record edited by hand: mapped_record and message are the fixed ones */
  fixed: z.boolean().optional(),
  spec: z.unknown().optional(),
});
export const ZMappingPage = zPage(ZMapping);

/** Cell edits of one quarantined record: target field path (dots, [n] for list items) → new value. */
export const ZFixRecordRequest = z.object({
  changes: z
    .record(z.string().min(1).max(1000), z.unknown())
    .refine((c) => Object.keys(c).length > 0 && Object.keys(c).length <= 200, 'between 1 and 200 fields'),
});
export const ZFixedRecord = z.object({
  index: z.number().int(),
  mapped_record: z.unknown(),
  message: z.unknown(),
  valid: z.boolean(),
});
/** Find and replace in one field of every quarantined record. */
export const ZReplaceInFieldRequest = z.object({
  field: z.string().min(1).max(1000),
  find: z.string().min(1).max(1000),
  replace: z.string().max(1000),
  /** replace only values that are exactly `find` (else every occurrence inside a value) */
  whole: z.boolean().default(false),
});
/** Fixes waiting to be applied to the result. */
export const ZFixesSummary = z.object({
  /** records edited */
  count: z.number().int(),
  /** of them, how many now pass validation */
  valid: z.number().int(),
  /** with a replace: records it changed */
  changed: z.number().int().optional(),
});
export type TFixesSummary = z.infer<typeof ZFixesSummary>;

/** A run's errors by type, then field, then rule: exact counts over every failed record. */
export const ZErrorGroups = z.object({
  failed: z.number().int(),
  types: z.array(
    z.object({
      type: z.string(),
      /** errors of this type (a record failing on two fields counts twice) */
      count: z.number().int(),
      fields: z.array(
        z.object({
          type: z.string(),
          field: z.string(),
          count: z.number().int(),
          rules: z.array(z.object({ rule: z.string(), count: z.number().int() })),
          samples: z.array(
            z.object({
              value: z.unknown(),
              from: z.enum(['mapped', 'source', 'missing']),
              index: z.number().int(),
            }),
          ),
        }),
      ),
    }),
  ),
});
export type TErrorGroups = z.infer<typeof ZErrorGroups>;
export const ZMappingsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(500).default(50),
  include_spec: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(false),
  /** only records that failed validation */
  only_errors: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(false),
  /** with only_errors: only records with this error type… */
  error_type: z.string().min(1).max(200).optional(),
  /** …and/or an error on this target field */
  field: z.string().min(1).max(1000).optional(),
});

export const ZWorkshop = z.object({
  id: z.uuid(),
  job_id: z.uuid(),
  pipeline_id: z.uuid(),
  status: z.enum(WORKSHOP_STATUSES),
  undeployed_edits: z.number().int(),
  latest_result_id: z.uuid().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TWorkshop = z.infer<typeof ZWorkshop>;
export const ZWorkshopPage = zPage(ZWorkshop);

/** Transforms a person can pick in a mapper edit (the engine's MAPPER_EDIT_TRANSFORMS). */
export const MAPPER_EDIT_TRANSFORMS = [
  'auto',
  'copy',
  'trim',
  'upper',
  'lower',
  'title',
  'number',
  'integer',
  'string',
  'boolean',
  'date',
  'date-time',
] as const;
export type TMapperEditTransform = (typeof MAPPER_EDIT_TRANSFORMS)[number];
export const MAX_LOOKUP_ENTRIES = 5000;

const ZRunOptions = { auto_deploy: z.boolean().default(false), immediate_return: z.boolean().default(true) };
export const ZMapperRunRequest = z.object({
  mapper: z
    .array(
      z.object({
        targetField: z.string().min(1).max(500),
        transformation: z.object({
          extract: z.string().max(500).optional(),
          default: z.unknown().optional(),
          /** source value (as text) -> target value; values not in the table are kept */
          lookup: z
            .record(z.string().max(500), z.unknown())
            .refine((t) => Object.keys(t).length <= MAX_LOOKUP_ENTRIES, {
              message: `at most ${MAX_LOOKUP_ENTRIES} entries`,
            })
            .optional(),
          /** a transform picked by name; 'auto' (the default) picks the one that fits the target */
          transform: z.enum(MAPPER_EDIT_TRANSFORMS).optional(),
        }),
      }),
    )
    .min(1)
    .max(1000),
  ...ZRunOptions,
});
export const ZSampleRunRequest = z.object({
  sample: z.object({ index: z.number().int().min(0), mapped_record: z.record(z.string(), z.unknown()) }),
  ...ZRunOptions,
});
export const ZSampleInferRequest = ZSampleRunRequest.pick({ sample: true });
/** One field of a mapper (the engine's FieldMapping), as the workshop shows it. */
export const ZFieldMapping = z.object({
  target: z.string(),
  sources: z.array(z.string()),
  transform: z.record(z.string(), z.unknown()),
  default: z.unknown().optional(),
  confidence: z.number(),
  bucket: z.string(),
  reason: z.string(),
  status: z.string().optional(),
  omitNull: z.boolean().optional(),
});
/** What a corrected record implies: per changed field, the mapping before and after, and how it was found. */
export const ZSampleInference = z.object({
  changes: z.array(
    z.object({
      target: z.string(),
      value: z.unknown(),
      before: ZFieldMapping.nullable(),
      after: ZFieldMapping,
      how: z.enum(['source', 'lookup', 'constant']),
    }),
  ),
  unresolved: z.array(z.object({ target: z.string(), message: z.string() })),
});
export type TSampleInference = z.infer<typeof ZSampleInference>;
export const ZLearnRequest = z.object({
  target_field_names: z.array(z.string().min(1).max(500)).max(1000).optional(),
});
export const ZLearnResponse = z.object({
  learned_mappings: z.number().int(),
  learned_lookups: z.number().int(),
});
export const ZTargetSchemaRunRequest = z.object({ target_schema: ZJsonSchema, ...ZRunOptions });
export const ZPromptRunRequest = z.object({
  target_fields_to_prompt: z.record(z.string().max(500), z.string().min(1).max(2000)),
  global_context: z.string().max(5000).optional(),
  ...ZRunOptions,
});

export const ZMapperVersion = z.object({
  version: z.number().int(),
  note: z.string(),
  created_at: z.string(),
  field_count: z.number().int(),
});

/** Approve draft fields (or take the approval back) without a re-run. */
export const ZApproveFieldsRequest = z.object({
  fields: z.array(z.string().min(1).max(500)).min(1).max(1000),
  approved: z.boolean().default(true),
});
export const ZApproveFieldsResponse = z.object({
  workshop: ZWorkshop,
  /** the changed fields as they now are in the draft */
  fields: z.array(ZFieldMapping),
});
export type TApproveFieldsResponse = z.infer<typeof ZApproveFieldsResponse>;
export type TFieldMapping = z.infer<typeof ZFieldMapping>;
export type TMapping = z.infer<typeof ZMapping>;
export type TMapperRunRequest = z.input<typeof ZMapperRunRequest>;
export type TMapperEdit = TMapperRunRequest['mapper'][number];
export type TPromptRunRequest = z.input<typeof ZPromptRunRequest>;
export type TSampleRunRequest = z.input<typeof ZSampleRunRequest>;
/** GET /workshops/{id}/transformation: the draft as one JSONata expression, and per target property. */
export const ZWorkshopTransformation = z.object({
  jsonata: z.string(),
  spec: z.record(z.string(), z.unknown()),
});
export type TWorkshopTransformation = z.infer<typeof ZWorkshopTransformation>;
