import { z } from 'zod';
import { zPage } from './common.ts';

/*
 * Connectors, connections and syncs (issue 15). A connector's settings are validated against its
 * own JSON Schema on the server (ajv): here they are a free object. Secrets are never returned;
 * a connection says which secret fields are set.
 */

export const CONNECTION_ROLES = ['source', 'destination'] as const;
export const SYNC_MODES = ['full_refresh', 'incremental'] as const;
export const WRITE_MODES = ['append', 'overwrite', 'upsert'] as const;
export const SYNC_RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;

const ZJsonObject = z.record(z.string(), z.unknown());

export const ZConnectorSpec = z.object({
  type: z.string(),
  title: z.string(),
  description: z.string(),
  /** a Tabler icon name the screens show on the card */
  icon: z.string(),
  roles: z.array(z.enum(CONNECTION_ROLES)),
  settings: ZJsonObject.describe('JSON Schema of the settings (renders the form)'),
  secretFields: z.array(z.string()),
  writeModes: z.array(z.enum(WRITE_MODES)),
});
export const ZConnectorList = z.object({ items: z.array(ZConnectorSpec) });
export type TConnectorSpec = z.infer<typeof ZConnectorSpec>;

export const ZConnectionRole = z.enum(CONNECTION_ROLES);

export const ZCreateConnectionRequest = z.object({
  type: z.string().min(1).max(50),
  name: z.string().trim().min(1).max(200),
  role: ZConnectionRole,
  settings: ZJsonObject,
});
export const ZUpdateConnectionRequest = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  /** a secret field left out keeps its stored value */
  settings: ZJsonObject.optional(),
});
export const ZTestConnectionRequest = z.object({
  type: z.string().min(1).max(50),
  settings: ZJsonObject,
  /** test an edit of this saved connection: its stored secrets fill the ones left out */
  connectionId: z.uuid().optional(),
});
export const ZConnectionCheck = z.object({
  ok: z.boolean(),
  /** the setting at fault, when it is one */
  field: z.string().nullable(),
  message: z.string().nullable(),
});

export const ZConnection = z.object({
  id: z.uuid(),
  type: z.string(),
  name: z.string(),
  role: ZConnectionRole,
  settings: ZJsonObject.describe('without secret fields'),
  secretFieldsSet: z.array(z.string()),
  lastCheck: ZConnectionCheck.extend({ at: z.string() }).nullable(),
  /** the newest run of a sync reading or writing it */
  lastSync: z.object({ syncId: z.uuid(), status: z.enum(SYNC_RUN_STATUSES), at: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const ZConnectionList = z.object({ items: z.array(ZConnection) });
export const ZConnectionListQuery = z.object({ role: ZConnectionRole.optional() });
export type TConnection = z.infer<typeof ZConnection>;
export type TConnectionCheck = z.infer<typeof ZConnectionCheck>;

export const ZStream = z.object({
  name: z.string(),
  jsonSchema: ZJsonObject,
  syncModes: z.array(z.enum(SYNC_MODES)),
  primaryKey: z.array(z.array(z.string())).optional(),
  cursorFields: z.array(z.array(z.string())).optional(),
  sample: z.array(ZJsonObject).describe('the first few records'),
});
export const ZStreamList = z.object({ items: z.array(ZStream) });
export type TStream = z.infer<typeof ZStream>;

/** "Use as a pipeline input": a stream read in full into a JSON Lines file and an import of it. */
export const ZStreamImportRequest = z.object({
  stream: z.string().min(1).max(500).describe('a stream name discovery returned'),
  projectId: z.uuid().optional().describe('the project the file and import belong to'),
});
export type TStreamImportRequest = z.infer<typeof ZStreamImportRequest>;

export const ZSyncStream = z.object({
  name: z.string().min(1).max(300),
  syncMode: z.enum(SYNC_MODES).default('full_refresh'),
  cursorField: z.array(z.string().min(1)).min(1).optional(),
  primaryKey: z.array(z.array(z.string().min(1)).min(1)).optional(),
  /** the table / object / topic written to */
  destination: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, 'letters, digits and underscores, starting with a letter'),
});

export const ZCreateSyncRequest = z.object({
  name: z.string().trim().min(1).max(200),
  sourceConnectionId: z.uuid(),
  destinationConnectionId: z.uuid(),
  streams: z.array(ZSyncStream).min(1).max(50),
  pipelineId: z.uuid().nullable().optional(),
  writeMode: z.enum(WRITE_MODES).default('append'),
  schedule: z.string().max(100).nullable().optional().describe('cron, UTC; null = manual only'),
});
export const ZUpdateSyncRequest = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  schedule: z.string().max(100).nullable().optional(),
});

export const ZSyncRun = z.object({
  id: z.uuid(),
  syncId: z.uuid(),
  status: z.enum(SYNC_RUN_STATUSES),
  trigger: z.enum(['manual', 'schedule']),
  rowsRead: z.number().int(),
  rowsWritten: z.number().int(),
  rowsRejected: z.number().int(),
  bytes: z.number().int(),
  state: z.record(z.string(), ZJsonObject),
  rejectedSample: z.array(ZJsonObject),
  /** the dataset with every rejected record (rowsRejected of them); null without a pipeline */
  rejectedDatasetId: z.uuid().nullable().optional(),
  error: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export const ZSync = z.object({
  id: z.uuid(),
  name: z.string(),
  sourceConnectionId: z.uuid(),
  destinationConnectionId: z.uuid(),
  streams: z.array(ZSyncStream),
  pipelineId: z.uuid().nullable(),
  writeMode: z.enum(WRITE_MODES),
  schedule: z.string().nullable(),
  state: z.record(z.string(), ZJsonObject),
  lastRun: ZSyncRun.nullable(),
  createdAt: z.string(),
});
export const ZSyncList = z.object({ items: z.array(ZSync) });
export const ZSyncListQuery = z.object({ connectionId: z.uuid().optional() });
export const ZSyncRunList = z.object({ items: z.array(ZSyncRun) });
export type TSync = z.infer<typeof ZSync>;
export type TSyncRun = z.infer<typeof ZSyncRun>;

/** One record a sync's pipeline rejected, with the reasons (GET /syncs/{id}/runs/{runId}/rejected). */
export const ZSyncRejectedRecord = z.object({
  record: ZJsonObject,
  errors: z.array(z.unknown()),
});
export const ZSyncRejectedPage = zPage(ZSyncRejectedRecord);
export type TSyncRejectedRecord = z.infer<typeof ZSyncRejectedRecord>;
