import { z } from 'zod';

const json = z.record(z.string(), z.unknown());

/**
 * An export of one instance's definitions (pipelines, target schemas, mapper versions, workflows).
 * `key` ties a pipeline to its schema inside the file; it is not an id in the importing instance.
 */
export const ZMigrationFile = z.object({
  format: z.literal('mapwright-export'),
  version: z.literal(1),
  exported_at: z.string(),
  target_schemas: z
    .array(
      z.object({ key: z.string().min(1).max(100), name: z.string().trim().min(1).max(200), schema: json }),
    )
    .max(10_000),
  pipelines: z
    .array(
      z.object({
        key: z.string().min(1).max(100),
        name: z.string().trim().min(1).max(200),
        description: z.string().max(10_000).default(''),
        target_schema_key: z.string().min(1).max(100),
        deployed_version: z.number().int().min(1).nullable(),
        mapper_versions: z
          .array(
            z.object({
              version: z.number().int().min(1),
              spec: json,
              target_schema: json,
              note: z.string().max(2000).default(''),
            }),
          )
          .max(10_000),
      }),
    )
    .max(10_000),
  workflows: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(200),
        nodes: z.array(json).max(500),
        edges: z.array(json).max(2000),
        sync_frequency: z.string().max(200),
        timezone: z.string().max(100),
        source_app: z.string().max(200),
        prompt: z.string().max(20_000).default(''),
        url_string: z.string().max(2000).default(''),
        json_schema: json,
        is_complete: z.boolean().default(true),
      }),
    )
    .max(10_000),
});
export type TMigrationFile = z.infer<typeof ZMigrationFile>;

/** POST /api/migrate/import: a file, or a Lume-compatible API to pull one from with its key. */
export const ZMigrationImportRequest = z
  .object({
    file: ZMigrationFile.optional(),
    source: z
      .object({ url: z.url({ protocol: /^https?$/ }).max(2000), api_key: z.string().min(1).max(500) })
      .optional(),
  })
  .refine((b) => (b.file === undefined) !== (b.source === undefined), {
    message: 'give exactly one of file or source',
  });
export const ZMigrationImportQuery = z.object({
  dry_run: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export const ZMigrationItem = z.object({
  type: z.enum(['target_schema', 'pipeline', 'mapper_version', 'workflow']),
  name: z.string(),
  /** why it cannot be imported (a clash); absent for what will be created */
  reason: z.string().optional(),
});
export const ZMigrationPlan = z.object({
  dry_run: z.boolean(),
  /** true when the import was written (never on a dry run, never with clashes) */
  imported: z.boolean(),
  create: z.array(ZMigrationItem),
  clashes: z.array(ZMigrationItem),
});
export type TMigrationPlan = z.infer<typeof ZMigrationPlan>;
