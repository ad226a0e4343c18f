import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const organizations = pgTable('organizations', {
  id: id(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/** Global role list (spec §3: a role list of {id, name}; users point at it by role_id). */
export const roles = pgTable('roles', {
  id: id(),
  name: text('name').notNull().unique(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** null until an invited member sets a password */
    passwordHash: text('password_hash'),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** bumped on logout and password change/reset: tokens carrying an older version are refused */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_org_idx').on(t.organizationId),
  ],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** sha256 of the token; the token itself is only ever in the emailed link */
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * One row per sign-in (a browser, a device). The token names its session, so logout ends this
 * one only; "log out everywhere" and password changes revoke them all (and bump the user's token version).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** set when a staff member impersonates the user in this session */
    impersonatorUserId: uuid('impersonator_user_id').references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** the key acts with this member's role; null once that member is removed (key then refused) */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('api_keys_org_idx').on(t.organizationId)],
);

/** Append-only record of security-relevant actions (logins, impersonation, member and key changes). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    actorUserId: uuid('actor_user_id'),
    /** set when the actor was being impersonated: who was really acting */
    impersonatorUserId: uuid('impersonator_user_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_org_idx').on(t.organizationId, t.createdAt)],
);

/** A project groups files, imports, schemas and pipelines. */
export const projects = pgTable(
  'projects',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('projects_org_idx').on(t.organizationId, t.createdAt)],
);

/** A named file whose content lives in versions; `currentVersionId` is the one imports use by default. */
export const files = pgTable(
  'files',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    currentVersionId: uuid('current_version_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_org_idx').on(t.organizationId, t.createdAt),
    index('files_project_idx').on(t.projectId),
  ],
);

export const fileVersions = pgTable(
  'file_versions',
  {
    id: id(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** address of the content in the blob store */
    sha256: text('sha256').notNull(),
    label: text('label').notNull().default(''),
    notes: text('notes').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('file_versions_number_unique').on(t.fileId, t.number),
    index('file_versions_sha_idx').on(t.sha256),
  ],
);

/**
 * The durable work queue (imports, pipeline runs, workflow runs...). Claimed with
 * `FOR UPDATE SKIP LOCKED` under a lease: a worker that dies stops renewing its lease and the
 * task is picked up again, so nothing queued is ever lost.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** queued | running | succeeded | failed | cancelled */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    progress: jsonb('progress').$type<Record<string, unknown>>(),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    /** at most one task per key (e.g. one run per workflow schedule tick) */
    singletonKey: text('singleton_key').unique(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('tasks_claim_idx').on(t.status, t.runAt),
    index('tasks_org_idx').on(t.organizationId, t.createdAt),
  ],
);

/**
 * A dataset: immutable Parquet files in the blob store; only metadata lives here (the rows of
 * imports today, job inputs and results next). `layout` says how a row becomes a record:
 * `columns` = one text column per field (CSV), `records` = a `line` and a JSON `record` column.
 */
export const datasets = pgTable(
  'datasets',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    layout: text('layout').notNull(),
    /** [{name, type}] in file order */
    columns: json('columns').$type<{ name: string; type: string }[]>().notNull(),
    rowCount: bigint('row_count', { mode: 'number' }).notNull(),
    /** [{sha256, rows, bytes}] in row order */
    files: json('files').$type<{ sha256: string; rows: number; bytes: number }[]>().notNull(),
    /** for CSV parsed natively: how row indexes map to source lines (see datasets/csv-lines.ts) */
    lines: json('lines').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('datasets_org_idx').on(t.organizationId, t.createdAt)],
);

/** An import turns a file version into a dataset (rows in chunks, column types, problems). */
export const imports = pgTable(
  'imports',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    fileVersionId: uuid('file_version_id').references(() => fileVersions.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    format: text('format').notNull(),
    /** what the user asked for (delimiter, encoding, header, sheet) */
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    /** what the parser settled on */
    detected: json('detected').$type<Record<string, unknown>>(),
    /** queued | running | succeeded | failed | cancelled */
    status: text('status').notNull().default('queued'),
    taskId: uuid('task_id'),
    bytesTotal: bigint('bytes_total', { mode: 'number' }).notNull().default(0),
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    rowCount: integer('row_count').notNull().default(0),
    problemCount: integer('problem_count').notNull().default(0),
    /** per column: name, type, format, layout, null rate, examples (from the engine's profiler) */
    columns: json('columns').$type<Record<string, unknown>[]>(),
    /** the rows, once stored as a dataset; imports from before datasets keep theirs in import_chunks */
    datasetId: uuid('dataset_id').references(() => datasets.id, { onDelete: 'set null' }),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('imports_org_idx').on(t.organizationId, t.createdAt),
    index('imports_project_idx').on(t.projectId),
  ],
);

/** Dataset rows, stored a chunk at a time so a page of the preview is one or two reads. */
export const importChunks = pgTable(
  'import_chunks',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    chunkIndex: integer('chunk_index').notNull(),
    firstRow: integer('first_row').notNull(),
    /** [{line, record}] */
    rows: json('rows').$type<{ line: number; record: Record<string, unknown> }[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.chunkIndex] })],
);

export const importProblems = pgTable(
  'import_problems',
  {
    id: id(),
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    reason: text('reason').notNull(),
    raw: text('raw'),
  },
  (t) => [index('import_problems_import_idx').on(t.importId, t.line)],
);

/** A target JSON Schema; every change is kept as a numbered version. */
export const targetSchemas = pgTable(
  'target_schemas',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filename: text('filename'),
    schema: json('schema').$type<Record<string, unknown>>().notNull(),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('target_schemas_org_idx').on(t.organizationId, t.createdAt),
    index('target_schemas_project_idx').on(t.projectId),
  ],
);

export const targetSchemaVersions = pgTable(
  'target_schema_versions',
  {
    schemaId: uuid('schema_id')
      .notNull()
      .references(() => targetSchemas.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    schema: json('schema').$type<Record<string, unknown>>().notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.schemaId, t.version] })],
);

/** A pipeline maps source records onto a target schema with a deployed, versioned mapper. */
export const pipelines = pgTable(
  'pipelines',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    targetSchemaId: uuid('target_schema_id')
      .notNull()
      .references(() => targetSchemas.id, { onDelete: 'restrict' }),
    /** profile of the data its jobs carried (leaf paths, types), refreshed by each job */
    sourceSchema: json('source_schema').$type<Record<string, unknown>[]>(),
    deployedVersion: integer('deployed_version'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pipelines_org_idx').on(t.organizationId, t.createdAt),
    index('pipelines_project_idx').on(t.projectId),
    index('pipelines_target_schema_idx').on(t.targetSchemaId),
  ],
);

/** Immutable, numbered mapper versions (the spec and the target schema it was built for). */
export const mapperVersions = pgTable(
  'mapper_versions',
  {
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    spec: json('spec').$type<Record<string, unknown>>().notNull(),
    targetSchema: json('target_schema').$type<Record<string, unknown>>().notNull(),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.pipelineId, t.version] })],
);

/** One batch of source records for a pipeline: inline (stored in chunks) or an import's dataset. */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    /** inline | import */
    inputKind: text('input_kind').notNull(),
    importId: uuid('import_id').references(() => imports.id, { onDelete: 'set null' }),
    /** inline records, stored as a dataset; jobs from before datasets keep theirs in job_record_chunks */
    datasetId: uuid('dataset_id').references(() => datasets.id, { onDelete: 'set null' }),
    recordCount: integer('record_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_org_idx').on(t.organizationId, t.createdAt),
    index('jobs_pipeline_idx').on(t.pipelineId, t.createdAt),
  ],
);

export const jobRecordChunks = pgTable(
  'job_record_chunks',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    chunkIndex: integer('chunk_index').notNull(),
    firstIndex: integer('first_index').notNull(),
    records: json('records').$type<unknown[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.chunkIndex] })],
);

/** A run of a mapper over a job: every record mapped, validated, accepted or with its errors. */
export const results = pgTable(
  'results',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    workshopId: uuid('workshop_id'),
    mapperVersion: integer('mapper_version'),
    spec: json('spec').$type<Record<string, unknown>>().notNull(),
    targetSchema: json('target_schema').$type<Record<string, unknown>>().notNull(),
    /** created | queued | running | finished | needs review | failed */
    status: text('status').notNull().default('created'),
    taskId: uuid('task_id'),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    succeeded: integer('succeeded').notNull().default(0),
    /** source values a transform could not convert (no silent loss: counted, shown, per field) */
    dropped: integer('dropped').notNull().default(0),
    droppedByField: jsonb('dropped_by_field').$type<Record<string, number>>(),
    failed: integer('failed').notNull().default(0),
    globalErrors: jsonb('global_errors').$type<Record<string, unknown>>(),
    /** the mapped records (index, valid, mapped_record, message); results from before datasets keep theirs in result_chunks */
    datasetId: uuid('dataset_id').references(() => datasets.id, { onDelete: 'set null' }),
    confidence: jsonb('confidence').$type<Record<string, unknown>>(),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('results_job_idx').on(t.jobId, t.createdAt),
    index('results_org_idx').on(t.organizationId, t.createdAt),
  ],
);

export const resultChunks = pgTable(
  'result_chunks',
  {
    resultId: uuid('result_id')
      .notNull()
      .references(() => results.id, { onDelete: 'cascade' }),
    chunkIndex: integer('chunk_index').notNull(),
    firstIndex: integer('first_index').notNull(),
    /** [{mapped_record, message}] in record order */
    mappings: json('mappings').$type<{ mapped_record: unknown; message: unknown }[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.resultId, t.chunkIndex] })],
);

/**
 * A run is split into parts of consecutive records, each run by its own task (several workers
 * share a large job). A part's output is one Parquet file; a retried part replaces only its own.
 */
export const resultParts = pgTable(
  'result_parts',
  {
    resultId: uuid('result_id')
      .notNull()
      .references(() => results.id, { onDelete: 'cascade' }),
    partIndex: integer('part_index').notNull(),
    firstIndex: integer('first_index').notNull(),
    count: integer('count').notNull(),
    /** queued | done */
    status: text('status').notNull().default('queued'),
    taskId: uuid('task_id'),
    /** {sha256, rows, bytes} once done */
    file: json('file').$type<{ sha256: string; rows: number; bytes: number }>(),
    processed: integer('processed').notNull().default(0),
    succeeded: integer('succeeded').notNull().default(0),
    /** source values a transform could not convert (no silent loss: counted, shown, per field) */
    dropped: integer('dropped').notNull().default(0),
    droppedByField: jsonb('dropped_by_field').$type<Record<string, number>>(),
    globalErrors: jsonb('global_errors').$type<Record<string, unknown>>(),
  },
  (t) => [primaryKey({ columns: [t.resultId, t.partIndex] })],
);

/**
 * A quarantined record fixed by hand (cell edits, find and replace), re-validated, waiting to be
 * applied: applying rewrites the result's files so the record is in the result once, fixed.
 */
export const resultFixes = pgTable(
  'result_fixes',
  {
    resultId: uuid('result_id')
      .notNull()
      .references(() => results.id, { onDelete: 'cascade' }),
    recordIndex: integer('record_index').notNull(),
    mappedRecord: jsonb('mapped_record').$type<Record<string, unknown>>().notNull(),
    message: jsonb('message').notNull(),
    valid: boolean('valid').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.resultId, t.recordIndex] })],
);

/** An editing session on a pipeline's mapper against one job's data. */
export const workshops = pgTable(
  'workshops',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** created | queued | running | finished | needs review | deployed | failed */
    status: text('status').notNull().default('created'),
    spec: json('spec').$type<Record<string, unknown>>().notNull(),
    targetSchema: json('target_schema').$type<Record<string, unknown>>().notNull(),
    undeployedEdits: integer('undeployed_edits').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workshops_pipeline_idx').on(t.pipelineId, t.createdAt)],
);

/** What an organization's accepted mappings and lookups taught the matcher (engine `Knowledge`). */
export const orgKnowledge = pgTable('org_knowledge', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  knowledge: json('knowledge').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------- workflows (spec §3 "Workflow") ----------

/**
 * A workflow: API-endpoint nodes chained to one final node, run on a cron schedule. The graph
 * (nodes, edges) is stored as the builder sends it; every save is also a numbered version.
 */
export const workflows = pgTable(
  'workflows',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nodes: json('nodes').$type<Record<string, unknown>[]>().notNull(),
    edges: json('edges').$type<Record<string, unknown>[]>().notNull(),
    isActive: boolean('is_active').notNull().default(false),
    isComplete: boolean('is_complete').notNull().default(true),
    /** cron, 5 fields or 6 with seconds */
    syncFrequency: text('sync_frequency').notNull().default('* * * * *'),
    timezone: text('timezone').notNull().default('UTC'),
    groupId: text('group_id'),
    sourceApp: text('source_app').notNull(),
    prompt: text('prompt').notNull().default(''),
    urlString: text('url_string').notNull().default(''),
    jsonSchema: json('json_schema').$type<Record<string, unknown>>().notNull(),
    version: integer('version').notNull().default(1),
    /** the scheduler has handled every tick up to here; null while inactive */
    scheduledThrough: timestamp('scheduled_through', { withTimezone: true }),
    /** set when removed (DELETE, or left out of a confirmed submit): out of lists and schedules, restorable */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('workflows_org_idx').on(t.organizationId, t.createdAt),
    index('workflows_active_idx').on(t.isActive),
  ],
);

export const workflowVersions = pgTable(
  'workflow_versions',
  {
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** name, nodes, edges, isActive, isComplete, syncFrequency, timezone as saved */
    snapshot: json('snapshot').$type<Record<string, unknown>>().notNull(),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workflowId, t.version] })],
);

/**
 * One execution of a workflow. A scheduled run is unique per (workflow, tick), so two schedulers
 * can never record one tick twice; a tick nobody ran in time is a row with status `missed`.
 */
export const workflowRuns = pgTable(
  'workflow_runs',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    workflowVersion: integer('workflow_version').notNull(),
    /** queued | running | succeeded | failed | cancelled | missed */
    status: text('status').notNull().default('queued'),
    /** manual | schedule | test */
    trigger: text('trigger').notNull(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    /** the graph that ran (test runs may carry an unsaved one) */
    graph: json('graph').$type<Record<string, unknown>>().notNull(),
    /** run only this node and what it needs (test runs) */
    targetNodeId: text('target_node_id'),
    retryOf: uuid('retry_of'),
    fromNodeId: text('from_node_id'),
    taskId: uuid('task_id'),
    /** per node: status, attempts, timings, samples, errors (see ZNodeRun) */
    nodes: json('nodes').$type<Record<string, unknown>[]>().notNull(),
    output: json('output'),
    outputValid: boolean('output_valid'),
    outputErrors: json('output_errors').$type<Record<string, unknown>[]>(),
    error: text('error'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('workflow_runs_tick_unique').on(t.workflowId, t.scheduledFor),
    index('workflow_runs_workflow_idx').on(t.workflowId, t.createdAt),
    index('workflow_runs_org_idx').on(t.organizationId, t.createdAt),
  ],
);

/** Every record a node produced in a run: what a retry from the failed node reuses. */
export const workflowNodeOutputs = pgTable(
  'workflow_node_outputs',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => workflowRuns.id, { onDelete: 'cascade' }),
    nodeId: text('node_id').notNull(),
    records: json('records').$type<unknown[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.nodeId] })],
);

/** A connection to an external API; the secret is AES-256-GCM encrypted and never sent back. */
export const authenticatedApps = pgTable(
  'authenticated_apps',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    logo: text('logo'),
    /** api_key | oauth2_client_credentials */
    kind: text('kind').notNull(),
    baseUrl: text('base_url').notNull(),
    /** the app's OpenAPI 3 document (its operations become the builder's palette), if given */
    catalogueUrl: text('catalogue_url'),
    /** the non-secret settings: headerName, tokenUrl, clientId, scope */
    settings: json('settings').$type<Record<string, string | null>>().notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('authenticated_apps_org_idx').on(t.organizationId, t.createdAt)],
);

// ── joins ──

/** A data join: two inputs, a join kind, exact or fuzzy conditions and the output's prefixes. */
export const joins = pgTable(
  'joins',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** {kind: import | join_run, id} */
    leftSource: json('left_source').$type<{ kind: string; id: string }>().notNull(),
    rightSource: json('right_source').$type<{ kind: string; id: string }>().notNull(),
    /** inner | left | right | full | anti */
    kind: text('kind').notNull(),
    /** [{left, right, method, normalise}] in order */
    conditions: json('conditions').$type<Record<string, unknown>[]>().notNull(),
    threshold: doublePrecision('threshold').notNull(),
    /** best | all */
    matches: text('matches').notNull(),
    prefixes: json('prefixes').$type<{ left: string; right: string }>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('joins_org_idx').on(t.organizationId, t.createdAt)],
);

/** A run of a join over the whole data; its output is a `records` dataset (the joined data). */
export const joinRuns = pgTable(
  'join_runs',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    joinId: uuid('join_id')
      .notNull()
      .references(() => joins.id, { onDelete: 'cascade' }),
    /** the join as it was when the run started (edits after it do not change the run) */
    settings: json('settings').$type<Record<string, unknown>>().notNull(),
    /** queued | running | succeeded | failed | cancelled */
    status: text('status').notNull().default('queued'),
    taskId: uuid('task_id'),
    progress: doublePrecision('progress').notNull().default(0),
    phase: text('phase'),
    stats: json('stats').$type<Record<string, unknown>>(),
    /** [{name, side, source}] of the joined dataset */
    columns: json('columns')
      .$type<{ name: string; side: 'left' | 'right'; source: string }[]>()
      .notNull()
      .default([]),
    datasetId: uuid('dataset_id').references(() => datasets.id, { onDelete: 'set null' }),
    rowCount: bigint('row_count', { mode: 'number' }).notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('join_runs_org_idx').on(t.organizationId, t.createdAt),
    index('join_runs_join_idx').on(t.joinId),
  ],
);
// ── financial-analysis demo ──
/**
 * One per organization: what each step of the financial-analysis demo made (the source app it
 * checked, the workflow and its run, the pipeline, job and result), so the page can show every
 * step's work and re-run it. The work itself lives in the ordinary tables.
 */
export const financialDemos = pgTable('financial_demos', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  connectedAt: timestamp('connected_at', { withTimezone: true }),
  workflowId: uuid('workflow_id').references(() => workflows.id, { onDelete: 'set null' }),
  runId: uuid('run_id').references(() => workflowRuns.id, { onDelete: 'set null' }),
  pipelineId: uuid('pipeline_id').references(() => pipelines.id, { onDelete: 'set null' }),
  jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
  resultId: uuid('result_id').references(() => results.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ── sample data ──
/**
 * The sample project a demo organization gets on first start (SEED_SAMPLE_DATA): the id of
 * each piece as it is made, so a re-run task resumes where a crashed one stopped, and `doneAt`
 * so the project is made once (a user who deletes it does not get it back).
 */
export const sampleData = pgTable('sample_data', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  projectId: uuid('project_id'),
  fileId: uuid('file_id'),
  importId: uuid('import_id'),
  pipelineId: uuid('pipeline_id'),
  reviewJobId: uuid('review_job_id'),
  cleanJobId: uuid('clean_job_id'),
  doneAt: timestamp('done_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ── connections and syncs ──

/** A configured connector (database, API, bucket…) of an organization; secrets encrypted, never returned. */
export const connections = pgTable(
  'connections',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** the connector's spec type (`postgres`, `mysql`, `rest`…) */
    type: text('type').notNull(),
    name: text('name').notNull(),
    /** source | destination */
    role: text('role').notNull(),
    /** the settings without the connector's secret fields */
    settings: json('settings').$type<Record<string, unknown>>().notNull(),
    /** the secret fields as one JSON object, AES-256-GCM (lib/secret-box.ts) bound to the id */
    secretsEncrypted: text('secrets_encrypted'),
    /** names of the secret fields that are set (what the API shows instead of the values) */
    secretFieldsSet: json('secret_fields_set').$type<string[]>().notNull(),
    lastCheckOk: boolean('last_check_ok'),
    lastCheckError: text('last_check_error'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Where a destination writes inside the organization (`<type>:<connector's targetOf key>`,
     * e.g. a dataset destination's prefix), null for one that writes outside: unique, so two
     * saves racing past the service's check cannot both keep the same target.
     */
    target: text('target'),
  },
  (t) => [
    index('connections_org_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('connections_target_unique')
      .on(t.organizationId, t.target)
      .where(sql`${t.target} is not null`),
  ],
);

/** Source streams → optionally a pipeline's deployed mapper → a destination. */
export const syncs = pgTable(
  'syncs',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sourceConnectionId: uuid('source_connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'restrict' }),
    destinationConnectionId: uuid('destination_connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'restrict' }),
    /** [{name, syncMode, cursorField?, primaryKey?, destination}] (ZSyncStream) */
    streams: json('streams').$type<Record<string, unknown>[]>().notNull(),
    pipelineId: uuid('pipeline_id'),
    /** append | overwrite | upsert */
    writeMode: text('write_mode').notNull(),
    /** cron (5 fields, or 6 with seconds first), read in UTC; null = manual only */
    schedule: text('schedule'),
    /** ticks up to here have been queued */
    scheduledThrough: timestamp('scheduled_through', { withTimezone: true }),
    /** per stream: the state the last committed checkpoint of an incremental read reached */
    state: json('state').$type<Record<string, Record<string, unknown>>>().notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('syncs_org_idx').on(t.organizationId, t.createdAt)],
);

/** One run of a sync: counters and state are committed together at each checkpoint. */
export const syncRuns = pgTable(
  'sync_runs',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    syncId: uuid('sync_id')
      .notNull()
      .references(() => syncs.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id'),
    /** queued | running | succeeded | failed | cancelled */
    status: text('status').notNull(),
    /** manual | schedule */
    trigger: text('trigger').notNull(),
    /** per stream: the committed state this run reached, and `done` once the stream finished */
    state: json('state').$type<Record<string, Record<string, unknown>>>().notNull(),
    rowsRead: integer('rows_read').notNull().default(0),
    rowsWritten: integer('rows_written').notNull().default(0),
    rowsRejected: integer('rows_rejected').notNull().default(0),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    /** the first rejected records with their errors (the count is rowsRejected) */
    rejectedSample: json('rejected_sample').$type<Record<string, unknown>[]>().notNull(),
    /** every rejected record with its errors (a `json` dataset, one part per committed batch) */
    rejectedDatasetId: uuid('rejected_dataset_id').references(() => datasets.id, { onDelete: 'set null' }),
    error: text('error'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('sync_runs_sync_idx').on(t.syncId, t.createdAt),
    index('sync_runs_org_idx').on(t.organizationId, t.createdAt),
  ],
);

/**
 * A dataset the Mapwright dataset destination writes (issue 15), under a name the organization
 * chose: every sync into that name appends to (or replaces the files of) the same dataset.
 */
export const syncDatasets = pgTable(
  'sync_datasets',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    datasetId: uuid('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sync_datasets_name_unique').on(t.organizationId, t.name)],
);

/**
 * One run's write into a sync dataset: the files an overwrite stages until its commit, and the
 * source checkpoint stored in the same transaction as each batch (exactly once across a crash).
 */
export const syncDatasetWrites = pgTable('sync_dataset_writes', {
  /** the writer's runId (a sync run and stream) */
  runId: text('run_id').primaryKey(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  targetId: uuid('target_id')
    .notNull()
    .references(() => syncDatasets.id, { onDelete: 'cascade' }),
  mode: text('mode').notNull(),
  /** overwrite: the staged files, in row order, that replace the dataset's at commit */
  files: json('files').$type<{ sha256: string; rows: number; bytes: number }[]>().notNull(),
  checkpoint: json('checkpoint').$type<Record<string, unknown>>(),
  committed: boolean('committed').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ── workbooks ──

/**
 * A workbook: the spreadsheet view of one version of a project's mapping work. Its first tab is
 * the field sheet; further tabs show datasets by id (imports, job results, joined data…).
 */
export const workbooks = pgTable(
  'workbooks',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    version: integer('version').notNull().default(1),
    /** the version this one was made from (its reviews and comments were copied) */
    previousId: uuid('previous_id'),
    /** [{id, kind: 'dataset', title, dataset_id, source}] after the field sheet, in tab order */
    tabs: json('tabs').$type<Record<string, unknown>[]>().notNull().default([]),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('workbooks_org_idx').on(t.organizationId, t.updatedAt),
    index('workbooks_project_idx').on(t.projectId, t.version),
  ],
);

/** The review status of one field of the field sheet (`field_key` = pipeline id + ':' + target path). */
export const workbookFieldReviews = pgTable(
  'workbook_field_reviews',
  {
    workbookId: uuid('workbook_id')
      .notNull()
      .references(() => workbooks.id, { onDelete: 'cascade' }),
    fieldKey: text('field_key').notNull(),
    /** NOT_REVIEWED | FLAGGED | PROPOSED | APPROVED */
    status: text('status').notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workbookId, t.fieldKey] })],
);

/** A field's comment thread; a customer's comment (through a share link) has no user. */
export const workbookComments = pgTable(
  'workbook_comments',
  {
    id: id(),
    workbookId: uuid('workbook_id')
      .notNull()
      .references(() => workbooks.id, { onDelete: 'cascade' }),
    fieldKey: text('field_key').notNull(),
    userId: uuid('user_id'),
    author: text('author').notNull(),
    customer: boolean('customer').notNull().default(false),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('workbook_comments_field_idx').on(t.workbookId, t.fieldKey, t.createdAt)],
);

/** A customer preview link: the token is signed; this row makes it revocable and scopes it. */
export const workbookShares = pgTable(
  'workbook_shares',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    workbookId: uuid('workbook_id')
      .notNull()
      .references(() => workbooks.id, { onDelete: 'cascade' }),
    /** the tab ids the customer sees ('fields' for the field sheet) */
    tabs: json('tabs').$type<string[]>().notNull(),
    allowFeedback: boolean('allow_feedback').notNull().default(false),
    label: text('label').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('workbook_shares_workbook_idx').on(t.workbookId, t.createdAt)],
);

/**
 * Cell edits over an immutable dataset (datasets module): reads overlay the latest edit of a
 * cell that is not undone. One user action (a paste, a fill down) is one batch, undone together.
 */
export const datasetCellEdits = pgTable(
  'dataset_cell_edits',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    datasetId: uuid('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    batchId: uuid('batch_id').notNull(),
    rowIndex: bigint('row_index', { mode: 'number' }).notNull(),
    column: text('column').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    editedBy: text('edited_by').notNull(),
    createdAt: createdAt(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [index('dataset_cell_edits_dataset_idx').on(t.datasetId, t.createdAt)],
);

// ── usage and internal settings ──

/**
 * The usage ledger: one row per thing that happened (records processed by a run, a job run, a
 * pipeline created, a workflow run, a model call and its tokens), written by the services as it
 * happens. `key` makes a re-run task's second write of the same event a no-op.
 */
export const usageEvents = pgTable(
  'usage_events',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** records_processed | job_runs | pipelines_created | workflow_runs | flow_runs | llm_calls | llm_tokens */
    kind: text('kind').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    userId: uuid('user_id'),
    pipelineId: uuid('pipeline_id'),
    /** idempotency: the same key is written once (e.g. `records_processed:<result id>`) */
    key: text('key'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('usage_events_org_idx').on(t.organizationId, t.occurredAt),
    uniqueIndex('usage_events_key_unique').on(t.organizationId, t.key),
  ],
);

/** Per-organization switches staff set on the internal settings page; other pages read them. */
export const organizationSettings = pgTable('organization_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** the spec's `demos` flags (all false unless set here) */
  demos: json('demos').$type<Record<string, boolean>>().notNull(),
  /** the organization's root path lands on /projects (the projects-landing list) */
  projectsLanding: boolean('projects_landing').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ── entity resolution ──

/** A dedupe of one import or a linkage of two; re-runnable, its decisions kept in resolution_labels. */
export const resolutions = pgTable(
  'resolutions',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    importId: uuid('import_id').references(() => imports.id, { onDelete: 'set null' }),
    rightImportId: uuid('right_import_id').references(() => imports.id, { onDelete: 'set null' }),
    /** idColumn, rules, roles, threshold as the user set them */
    config: json('config').$type<Record<string, unknown>>().notNull(),
    /** queued | running | succeeded | failed */
    status: text('status').notNull().default('queued'),
    taskId: uuid('task_id'),
    summary: json('summary').$type<Record<string, unknown>>(),
    /** the records with their cluster id */
    outputDatasetId: uuid('output_dataset_id').references(() => datasets.id, { onDelete: 'set null' }),
    /** one golden record per cluster, by the survivorship rules and overrides */
    goldenDatasetId: uuid('golden_dataset_id').references(() => datasets.id, { onDelete: 'set null' }),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('resolutions_org_idx').on(t.organizationId, t.createdAt)],
);

/** The pairs kept for review (the uncertain ones and the accepted ones), with per-field weights. */
export const resolutionPairs = pgTable(
  'resolution_pairs',
  {
    resolutionId: uuid('resolution_id')
      .notNull()
      .references(() => resolutions.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull(),
    aKey: text('a_key').notNull(),
    bKey: text('b_key').notNull(),
    weight: doublePrecision('weight').notNull(),
    probability: doublePrecision('probability').notNull(),
    /** |p - 0.5|: the review queue's order (most uncertain first) */
    certainty: doublePrecision('certainty').notNull(),
    fields: json('fields').$type<Record<string, unknown>[]>().notNull(),
    /** position in the review queue: uncertainty first, then graph risk (engine graph-risk.ts) */
    rank: integer('rank').notNull().default(0),
    /** records wrongly grouped beyond the pair if decided wrong, and why (a bridge, a merge) */
    risk: doublePrecision('risk').notNull().default(0),
    riskReason: text('risk_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.resolutionId, t.aKey, t.bKey] }),
    index('resolution_pairs_queue_idx').on(t.resolutionId, t.certainty),
  ],
);

/** A person's decision on a pair (yes / no / skip), by record keys so it survives re-runs. */
export const resolutionLabels = pgTable(
  'resolution_labels',
  {
    resolutionId: uuid('resolution_id')
      .notNull()
      .references(() => resolutions.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    aKey: text('a_key').notNull(),
    bKey: text('b_key').notNull(),
    label: text('label').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.resolutionId, t.aKey, t.bKey] })],
);

// ── flows (issue 19) ──

/** A DAG of data steps; `steps` / `edges` are the current version's (every save is a flow_versions row). */
export const flows = pgTable(
  'flows',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    active: boolean('active').notNull().default(false),
    /** cron, 5 fields or 6 with seconds; null = by hand only */
    schedule: text('schedule'),
    timezone: text('timezone').notNull().default('UTC'),
    retentionDays: integer('retention_days').notNull().default(30),
    version: integer('version').notNull().default(1),
    steps: json('steps').$type<Record<string, unknown>[]>().notNull(),
    edges: json('edges').$type<Record<string, unknown>[]>().notNull(),
    /** the scheduler has handled every tick up to here; null while inactive */
    scheduledThrough: timestamp('scheduled_through', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('flows_org_idx').on(t.organizationId, t.createdAt)],
);

/** An immutable saved definition, with the columns the save check computed for each step's output. */
export const flowVersions = pgTable(
  'flow_versions',
  {
    flowId: uuid('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    steps: json('steps').$type<Record<string, unknown>[]>().notNull(),
    edges: json('edges').$type<Record<string, unknown>[]>().notNull(),
    /** step id → port → [{name, type}] (the drift gate compares a source's against its stream now) */
    outputs: json('outputs').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.flowId, t.version] })],
);

export const flowRuns = pgTable(
  'flow_runs',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    flowId: uuid('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** queued | running | paused | succeeded | failed | partial | cancelled */
    status: text('status').notNull().default('queued'),
    preview: boolean('preview').notNull().default(false),
    pause: json('pause').$type<Record<string, unknown>>(),
    parentRunId: uuid('parent_run_id'),
    /** manual | schedule | replay */
    trigger: text('trigger').notNull(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('flow_runs_flow_idx').on(t.flowId, t.createdAt),
    uniqueIndex('flow_runs_tick_idx').on(t.flowId, t.scheduledFor),
  ],
);

/** One step of one run: its attempts, timings, row counts, logs and output datasets. */
export const flowStepRuns = pgTable(
  'flow_step_runs',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => flowRuns.id, { onDelete: 'cascade' }),
    stepId: text('step_id').notNull(),
    organizationId: uuid('organization_id').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    taskId: uuid('task_id'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    rowsIn: bigint('rows_in', { mode: 'number' }),
    rowsOut: bigint('rows_out', { mode: 'number' }),
    rowsRejected: bigint('rows_rejected', { mode: 'number' }),
    error: text('error'),
    errorClass: text('error_class'),
    logs: json('logs').$type<{ at: string; level: string; message: string }[]>().notNull().default([]),
    outputDatasetId: uuid('output_dataset_id').references(() => datasets.id, { onDelete: 'set null' }),
    rejectedDatasetId: uuid('rejected_dataset_id').references(() => datasets.id, { onDelete: 'set null' }),
    reusedFromRunId: uuid('reused_from_run_id'),
    /** a destination's write preview, and whether it was approved */
    state: json('state').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.runId, t.stepId] })],
);

/** A golden record's value chosen by a person: by a member record's key, so it survives re-runs. */
export const resolutionOverrides = pgTable(
  'resolution_overrides',
  {
    resolutionId: uuid('resolution_id')
      .notNull()
      .references(() => resolutions.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** a record of the entity (the entity's cluster id when it was chosen) */
    recordKey: text('record_key').notNull(),
    column: text('column').notNull(),
    value: text('value'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.resolutionId, t.recordKey, t.column] })],
);
