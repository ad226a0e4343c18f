import { z } from 'zod';
import { zPage } from './common.ts';
import { WRITE_MODES } from './connectors.ts';
import { ZJoinCondition, ZJoinKind } from './joins.ts';
import { ZBlockingRule, ZResolutionRole } from './resolution.ts';

/*
 * Flows (issue 19): a DAG of data steps — source, map, validate, filter, join, resolve,
 * destination. Edges carry a dataset; every save is an immutable version; runs run one durable
 * task per step, can be replayed from a step, stop before a destination commits (write preview)
 * and pause when a source's columns drifted in a way a later step depends on.
 */

export const FLOW_STEP_KINDS = [
  'source',
  'map',
  'validate',
  'filter',
  'join',
  'resolve',
  'destination',
] as const;
export type TFlowStepKind = (typeof FLOW_STEP_KINDS)[number];
export const FLOW_OUTPUT_PORTS = ['out', 'rejected'] as const;
export const FLOW_INPUT_PORTS = ['in', 'left', 'right'] as const;

/** Which ports each kind has (validate's `rejected` holds the rows that failed, with their errors). */
export const FLOW_STEP_PORTS: Record<
  TFlowStepKind,
  {
    inputs: readonly (typeof FLOW_INPUT_PORTS)[number][];
    outputs: readonly (typeof FLOW_OUTPUT_PORTS)[number][];
  }
> = {
  source: { inputs: [], outputs: ['out'] },
  map: { inputs: ['in'], outputs: ['out'] },
  validate: { inputs: ['in'], outputs: ['out', 'rejected'] },
  filter: { inputs: ['in'], outputs: ['out'] },
  join: { inputs: ['left', 'right'], outputs: ['out'] },
  resolve: { inputs: ['in'], outputs: ['out'] },
  destination: { inputs: ['in'], outputs: ['out'] },
};

export const ZFlowStepId = z
  .string()
  .regex(
    /^[a-z][a-z0-9_-]{0,39}$/,
    'must start with a lowercase letter and hold only a-z, 0-9, _ and - (at most 40)',
  );

const ZColumnName = z.string().min(1).max(200);

// ---------- step configs (one per kind) ----------

export const FLOW_SOURCE_KINDS = [
  'import',
  'dataset',
  'join_run',
  'result',
  'connection',
  // an entity resolution's outputs by its id (read as joins read them): always its latest records
  'resolution_golden',
  'resolution_clusters',
] as const;
export const ZFlowSourceConfig = z
  .object({
    input: z
      .object({
        kind: z.enum(FLOW_SOURCE_KINDS),
        id: z.uuid({ error: 'pick what the source reads' }),
        /** the stream to read, for kind `connection` */
        stream: z.string().min(1).max(300).optional(),
      })
      .strict(),
  })
  .strict();

export const ZFlowMapConfig = z.object({ pipeline_id: z.uuid({ error: 'pick a pipeline' }) }).strict();
export const ZFlowValidateConfig = z
  .object({ target_schema_id: z.uuid({ error: 'pick a target schema' }) })
  .strict();

export const FLOW_FILTER_OPS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'contains',
  'is_null',
  'not_null',
] as const;
export const ZFlowFilterCondition = z
  .object({
    column: ZColumnName,
    op: z.enum(FLOW_FILTER_OPS),
    /** not used by is_null / not_null */
    value: z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()]).optional(),
  })
  .strict();
export type TFlowFilterCondition = z.infer<typeof ZFlowFilterCondition>;
export const ZFlowFilterConfig = z
  .object({
    match: z.enum(['all', 'any']).default('all'),
    conditions: z.array(ZFlowFilterCondition).min(1).max(20),
  })
  .strict();

/** The joins module's settings; `left` / `right` are the step's input ports. */
export const ZFlowJoinConfig = z
  .object({
    kind: ZJoinKind.default('left'),
    conditions: z.array(ZJoinCondition).min(1).max(10),
    threshold: z.number().min(0.5).max(1).default(0.85),
    matches: z.enum(['best', 'all']).default('best'),
    prefixes: z
      .object({ left: z.string().min(1).max(40), right: z.string().min(1).max(40) })
      .strict()
      .default({ left: 'left_', right: 'right_' }),
  })
  .strict();

/** The resolution module's dedupe settings; the output gains `cluster_id`. */
export const ZFlowResolveConfig = z
  .object({
    id_column: ZColumnName.optional(),
    rules: z.array(ZBlockingRule).min(1).max(8).optional(),
    roles: z.record(z.string(), ZResolutionRole).optional(),
    threshold: z.number().min(-100).max(100).optional(),
  })
  .strict();

export const ZFlowDestinationConfig = z
  .object({
    connection_id: z.uuid({ error: 'pick a destination connection' }),
    /** the table / object written to */
    stream: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, 'letters, digits and underscores, starting with a letter'),
    write_mode: z.enum(WRITE_MODES).default('append'),
    /** required for upsert; the key the write preview counts by */
    primary_key: z.array(ZColumnName).min(1).max(10).optional(),
    /** stop before committing with the preview's counts until approved */
    preview: z.boolean().default(false),
  })
  .strict();

const step = <K extends TFlowStepKind, C extends z.ZodType>(kind: K, config: C) =>
  z
    .object({
      id: ZFlowStepId,
      kind: z.literal(kind),
      name: z.string().trim().min(1).max(200),
      config,
      position: z.object({ x: z.number(), y: z.number() }).default({ x: 0, y: 0 }),
    })
    .strict();

export const ZFlowStep = z.discriminatedUnion('kind', [
  step('source', ZFlowSourceConfig),
  step('map', ZFlowMapConfig),
  step('validate', ZFlowValidateConfig),
  step('filter', ZFlowFilterConfig),
  step('join', ZFlowJoinConfig),
  step('resolve', ZFlowResolveConfig),
  step('destination', ZFlowDestinationConfig),
]);
export type TFlowStep = z.infer<typeof ZFlowStep>;
export type TFlowStepInput = z.input<typeof ZFlowStep>;

export const ZFlowEdge = z
  .object({
    from: ZFlowStepId,
    from_port: z.enum(FLOW_OUTPUT_PORTS).default('out'),
    to: ZFlowStepId,
    to_port: z.enum(FLOW_INPUT_PORTS).default('in'),
  })
  .strict();
export type TFlowEdge = z.infer<typeof ZFlowEdge>;

export const ZFlowDefinition = z.object({
  steps: z.array(ZFlowStep).max(100),
  edges: z.array(ZFlowEdge).max(500),
});
export type TFlowDefinition = z.infer<typeof ZFlowDefinition>;

// ---------- flows ----------

const flowFields = {
  name: z.string().trim().min(1, 'must not be empty').max(200),
  description: z.string().max(2000).default(''),
  active: z.boolean().default(false),
  /** cron (5 fields, or 6 with seconds first) read in `timezone`; null = runs only by hand */
  schedule: z.string().trim().min(1).max(200).nullable().default(null),
  timezone: z.string().trim().max(100).default('UTC'),
  /** outputs of runs older than this are dropped by a sweep */
  retention_days: z.number().int().min(1).max(3650).default(30),
  steps: ZFlowDefinition.shape.steps,
  edges: ZFlowDefinition.shape.edges,
};
export const ZCreateFlowRequest = z.object(flowFields).strict();
export type TCreateFlowRequest = z.input<typeof ZCreateFlowRequest>;
/** A new version: the whole definition. */
export const ZUpdateFlowRequest = z.object(flowFields).strict();
export type TUpdateFlowRequest = z.input<typeof ZUpdateFlowRequest>;
/** Schedule and switch only; no new version. */
export const ZPatchFlowRequest = z
  .object({
    active: z.boolean().optional(),
    schedule: z.string().trim().min(1).max(200).nullable().optional(),
    timezone: z.string().trim().max(100).optional(),
    retention_days: z.number().int().min(1).max(3650).optional(),
  })
  .strict();
export type TPatchFlowRequest = z.infer<typeof ZPatchFlowRequest>;

export const FLOW_RUN_STATUSES = [
  'queued',
  'running',
  'paused',
  'succeeded',
  'failed',
  'partial',
  'cancelled',
] as const;
export type TFlowRunStatus = (typeof FLOW_RUN_STATUSES)[number];
export const FLOW_STEP_RUN_STATUSES = [
  'pending',
  'running',
  'succeeded',
  'failed',
  'skipped',
  'reused',
  'cancelled',
  'awaiting_approval',
] as const;
export type TFlowStepRunStatus = (typeof FLOW_STEP_RUN_STATUSES)[number];
export const FLOW_RUN_TRIGGERS = ['manual', 'schedule', 'replay'] as const;

export const ZFlowRunSummary = z.object({
  id: z.uuid(),
  status: z.enum(FLOW_RUN_STATUSES),
  trigger: z.enum(FLOW_RUN_TRIGGERS),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type TFlowRunSummary = z.infer<typeof ZFlowRunSummary>;

export const ZFlow = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
  schedule: z.string().nullable(),
  timezone: z.string(),
  /** the schedule in words, e.g. "Every day at 02:00"; null without a schedule */
  schedule_text: z.string().nullable(),
  next_run_at: z.string().nullable(),
  retention_days: z.number().int(),
  version: z.number().int(),
  steps: z.array(ZFlowStep),
  edges: z.array(ZFlowEdge),
  last_run: ZFlowRunSummary.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TFlow = z.infer<typeof ZFlow>;
export const ZFlowPage = zPage(ZFlow);
export const ZFlowListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(50),
});

export const ZFlowVersion = z.object({
  version: z.number().int(),
  steps: z.array(ZFlowStep),
  edges: z.array(ZFlowEdge),
  created_at: z.string(),
});
export const ZFlowVersionList = z.object({ items: z.array(ZFlowVersion) });
export type TFlowVersion = z.infer<typeof ZFlowVersion>;

/** A column flowing along an edge: its name and JSON type ('string', 'number', 'integer', 'boolean', 'object', 'array', or null when unknown). */
export const ZFlowColumn = z.object({ name: z.string(), type: z.string().nullable() });
export type TFlowColumn = z.infer<typeof ZFlowColumn>;
/** POST /flows/check: a definition the save would accept, with the columns on each edge. */
export const ZFlowCheck = z.object({
  ok: z.literal(true),
  edges: z.array(ZFlowEdge.extend({ columns: z.array(ZFlowColumn) })),
  /** the columns each step outputs, by step id and port */
  outputs: z.record(z.string(), z.record(z.string(), z.array(ZFlowColumn))),
});
export type TFlowCheck = z.infer<typeof ZFlowCheck>;

/** GET /flows/step-kinds: the palette — only kinds that run end to end. */
export const ZFlowStepKindInfo = z.object({
  kind: z.enum(FLOW_STEP_KINDS),
  label: z.string(),
  description: z.string(),
  inputs: z.array(z.enum(FLOW_INPUT_PORTS)),
  outputs: z.array(z.enum(FLOW_OUTPUT_PORTS)),
});
export const ZFlowStepKindList = z.object({ items: z.array(ZFlowStepKindInfo) });
export type TFlowStepKindInfo = z.infer<typeof ZFlowStepKindInfo>;

// ---------- runs ----------

export const ZFlowWritePreview = z.object({
  key: z.array(z.string()),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
  samples: z.object({
    inserted: z.array(z.record(z.string(), z.unknown())),
    updated: z.array(
      z.object({
        key: z.record(z.string(), z.unknown()),
        before: z.record(z.string(), z.unknown()),
        after: z.record(z.string(), z.unknown()),
      }),
    ),
    rejected: z.array(z.object({ row: z.record(z.string(), z.unknown()), error: z.string() })),
  }),
});
export type TFlowWritePreview = z.infer<typeof ZFlowWritePreview>;

export const ZFlowDriftDiff = z.object({
  removed: z.array(z.object({ column: z.string(), used_by: z.array(z.string()) })),
  type_changed: z.array(
    z.object({
      column: z.string(),
      from: z.string().nullable(),
      to: z.string().nullable(),
      used_by: z.array(z.string()),
    }),
  ),
  added: z.array(z.object({ column: z.string(), type: z.string().nullable() })),
  /** the map step's pipeline workshop, to re-map; null without a map step downstream */
  workshop_url: z.string().nullable(),
});
export type TFlowDriftDiff = z.infer<typeof ZFlowDriftDiff>;

export const ZFlowRunPause = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('preview'), step_id: z.string(), preview: ZFlowWritePreview }),
    z.object({ kind: z.literal('drift'), step_id: z.string(), diff: ZFlowDriftDiff }),
  ])
  .nullable();
export type TFlowRunPause = z.infer<typeof ZFlowRunPause>;

export const ZFlowStepLog = z.object({
  at: z.string(),
  level: z.enum(['info', 'warn', 'error']),
  message: z.string(),
});

export const ZFlowStepRun = z.object({
  step_id: z.string(),
  kind: z.enum(FLOW_STEP_KINDS),
  status: z.enum(FLOW_STEP_RUN_STATUSES),
  attempts: z.number().int(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  rows_in: z.number().int().nullable(),
  rows_out: z.number().int().nullable(),
  rows_rejected: z.number().int().nullable(),
  error: z.string().nullable(),
  /** e.g. 'input' (bad data or settings: not retried), 'transient', 'internal' */
  error_class: z.string().nullable(),
  logs: z.array(ZFlowStepLog),
  output_dataset_id: z.uuid().nullable(),
  rejected_dataset_id: z.uuid().nullable(),
  reused_from_run_id: z.uuid().nullable(),
});
export type TFlowStepRun = z.infer<typeof ZFlowStepRun>;

export const ZFlowRun = z.object({
  id: z.uuid(),
  flow_id: z.uuid(),
  version: z.number().int(),
  status: z.enum(FLOW_RUN_STATUSES),
  preview: z.boolean(),
  pause: ZFlowRunPause,
  parent_run_id: z.uuid().nullable(),
  trigger: z.enum(FLOW_RUN_TRIGGERS),
  steps: z.array(ZFlowStepRun),
  /** the definition this run ran (the flow's version), so the run page draws the graph it ran */
  definition: ZFlowDefinition,
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type TFlowRun = z.infer<typeof ZFlowRun>;
export const ZFlowRunPage = zPage(ZFlowRun);

export const ZStartFlowRunRequest = z.object({ preview: z.boolean().default(false) }).strict();
export const ZRerunFlowRequest = z.object({ from_step: ZFlowStepId }).strict();

export const ZFlowStepSampleQuery = z.object({ port: z.enum(FLOW_OUTPUT_PORTS).default('out') });
export const ZFlowStepSample = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.record(z.string(), z.unknown())),
  total: z.number().int(),
});
export type TFlowStepSample = z.infer<typeof ZFlowStepSample>;
