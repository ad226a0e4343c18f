import { z } from 'zod';
import { zPage } from './common.ts';
import { ZJsonSchema } from './target-schemas.ts';

/*
 * Workflows (spec §3 "Workflow", §4, §9): a graph of source-application API endpoint nodes ending
 * in one final node that maps everything gathered onto a JSON Schema. Field names are the spec's
 * camelCase ones.
 */

// ---------- defaults (spec §4, §9) ----------

/** Node error handling default: 3 retries, 1000 ms delay (doubled on each retry). */
export const DEFAULT_ERROR_HANDLING = { retries: 3, delay: 1000 } as const;
/** Sync frequency default: every minute. */
export const DEFAULT_SYNC_FREQUENCY = '* * * * *';
export const DEFAULT_TIMEZONE = 'UTC';
/** The built-in sample finance API (its catalogue: /api/v1/openapi.json). */
export const SAMPLE_SOURCE_APP = 'sample-finance';
/** What a submitted workflow list gets (spec §4 "submit a whole list of workflows"). */
export const SUBMIT_DEFAULTS = {
  sourceApp: SAMPLE_SOURCE_APP,
  prompt: 'Sample prompt',
  urlString: 'https://example.com',
  jsonSchema: {},
  /** the group id when none is set */
  noGroupId: 'no-id',
} as const;

export const WORKFLOW_RUN_STATUSES = [
  'queued',
  'running',
  'succeeded',
  'failed',
  'cancelled',
  'missed',
] as const;
export const WORKFLOW_RUN_TRIGGERS = ['manual', 'schedule', 'test'] as const;
export const NODE_RUN_STATUSES = [
  'pending',
  'running',
  'succeeded',
  'failed',
  'skipped',
  'reused',
  'cancelled',
] as const;
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Node ids become keys of the final node's input and of `{{nodes.<id>...}}` references. */
const NODE_ID = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
export const ZNodeId = z
  .string()
  .regex(NODE_ID, 'must start with a letter and hold only letters, digits, _ and - (at most 64)');

// ---------- nodes and edges ----------

export const ZErrorHandling = z
  .object({
    retries: z.number().int().min(0).max(10).default(DEFAULT_ERROR_HANDLING.retries),
    delay: z
      .number()
      .int()
      .min(0)
      .max(60_000)
      .default(DEFAULT_ERROR_HANDLING.delay)
      .describe('ms before the first retry; each further retry waits twice as long'),
  })
  .describe('Retries on network errors, 408, 429 (honouring Retry-After) and 5xx');

export const ZEndpointRef = z.object({
  app: z
    .string()
    .max(64)
    .optional()
    .describe(
      "Source app id (`sample-finance` or an authenticated app's id); default: the workflow's sourceApp",
    ),
  method: z.enum(HTTP_METHODS).default('GET'),
  path: z
    .string()
    .min(1)
    .max(2000)
    .regex(/^\//, 'must start with /')
    .describe("Path on the app's base URL; `{name}` segments are filled from params"),
  operationId: z.string().max(200).optional(),
});

const ZParamValue = z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()]);

export const ZCustomNodeData = z.object({
  label: z.string().max(200).default(''),
  endpoint: ZEndpointRef,
  params: z
    .record(z.string().max(200), ZParamValue)
    .default({})
    .describe(
      'Path and query parameters. A string may reference an earlier node: `{{nodes.<id>.data[*].id}}` ' +
        '(one call per value: fan-out) or `{{nodes.<id>.data[0].id}}` (one value)',
    ),
  body: z.unknown().optional().describe('JSON body for POST/PUT/PATCH; strings may hold references'),
  errorHandling: ZErrorHandling.prefault({}),
  isFirstNode: z.boolean().default(false),
  pagination: z
    .object({ follow: z.literal('page.next') })
    .nullable()
    .default(null)
    .describe('Follow `page.next` (an absolute URL) until it is null'),
});

/** One field of the engine's mapping spec (see packages/engine/src/spec/types.ts). */
const ZMappingField = z
  .object({
    target: z.string().min(1),
    sources: z.array(z.string()),
    transform: z.record(z.string(), z.unknown()),
    default: z.unknown().optional(),
    confidence: z.number().min(0).max(1).default(1),
    bucket: z.string().default('Very High'),
    reason: z.string().default('set on the final node'),
    status: z.enum(['suggested', 'edited', 'approved']).optional(),
  })
  .loose();
export const ZMappingSpec = z.object({ version: z.literal(1), fields: z.array(ZMappingField) });

export const ZFinalNodeData = z.object({
  name: z.string().max(200).default('Final output'),
  initialUrl: z
    .union([z.literal(''), z.url({ protocol: /^https?$/ })])
    .default('')
    .describe('Optional: the validated output is POSTed here as JSON after each run (not on test runs)'),
  isSubmitted: z.boolean().default(false),
  errorHandling: ZErrorHandling.prefault({}),
  finalSchema: ZJsonSchema.default({ type: 'object', properties: {} }).describe(
    'JSON Schema of the output; its input is one record `{<nodeId>: [records...]}` of every earlier node',
  ),
  finalSampleData: z.unknown().default(null),
  mapping: ZMappingSpec.nullable()
    .default(null)
    .describe("How the gathered data maps onto finalSchema; null = the engine's suggestion"),
});

const ZPosition = z.object({ x: z.number(), y: z.number() }).default({ x: 0, y: 0 });

export const ZCustomNode = z.object({
  id: ZNodeId,
  type: z.literal('custom'),
  position: ZPosition,
  data: ZCustomNodeData,
});
export const ZFinalNode = z.object({
  id: ZNodeId,
  type: z.literal('final'),
  position: ZPosition,
  data: ZFinalNodeData,
});
export const ZWorkflowNode = z.discriminatedUnion('type', [ZCustomNode, ZFinalNode]);
export const ZWorkflowEdge = z.object({
  id: z.string().min(1).max(200),
  source: z.string().min(1).max(64),
  target: z.string().min(1).max(64),
  animated: z.boolean().default(false),
});
export type TErrorHandling = z.infer<typeof ZErrorHandling>;
export type TCustomNode = z.infer<typeof ZCustomNode>;
export type TFinalNode = z.infer<typeof ZFinalNode>;
export type TWorkflowNode = z.infer<typeof ZWorkflowNode>;
export type TWorkflowEdge = z.infer<typeof ZWorkflowEdge>;
export type TMappingSpec = z.infer<typeof ZMappingSpec>;

export const ZGraph = z.object({
  nodes: z.array(ZWorkflowNode).max(200).default([]),
  edges: z.array(ZWorkflowEdge).max(1000).default([]),
});

// ---------- workflows ----------

export const ZRunSummary = z.object({
  id: z.uuid(),
  status: z.enum(WORKFLOW_RUN_STATUSES),
  trigger: z.enum(WORKFLOW_RUN_TRIGGERS),
  scheduledFor: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});

export const ZWorkflow = z.object({
  id: z.uuid(),
  name: z.string(),
  nodes: z.array(ZWorkflowNode),
  edges: z.array(ZWorkflowEdge),
  isActive: z.boolean(),
  isComplete: z.boolean(),
  syncFrequency: z.string().describe('cron: 5 fields, or 6 with seconds first'),
  timezone: z.string().describe('IANA time zone the cron is read in'),
  scheduleText: z.string().describe('syncFrequency in words, e.g. "Every minute"'),
  nextRunAt: z.string().nullable().describe('next scheduled tick while active'),
  groupId: z.string().nullable(),
  sourceApp: z.string(),
  prompt: z.string(),
  urlString: z.string(),
  jsonSchema: ZJsonSchema,
  version: z.number().int(),
  lastRun: ZRunSummary.nullable(),
  /** set while archived (out of the list and the schedule; POST /workflows/{id}/restore brings it back) */
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TWorkflow = z.infer<typeof ZWorkflow>;
export const ZWorkflowPage = zPage(ZWorkflow);

export const ZWorkflowListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(50),
  name: z.string().max(200).optional(),
  groupId: z.string().max(200).optional(),
  isActive: z.enum(['true', 'false']).optional(),
  /** true: only the archived workflows (restorable); otherwise only the others */
  archived: z.enum(['true', 'false']).optional(),
});

const workflowFields = {
  name: z.string().trim().min(1, 'must not be empty').max(200),
  nodes: ZGraph.shape.nodes,
  edges: ZGraph.shape.edges,
  isActive: z.boolean().default(false),
  isComplete: z
    .boolean()
    .default(true)
    .describe('false = a draft: the graph is saved without the completeness checks and cannot be active'),
  syncFrequency: z.string().trim().max(200).default(DEFAULT_SYNC_FREQUENCY),
  timezone: z.string().trim().max(100).default(DEFAULT_TIMEZONE),
  groupId: z.string().max(200).nullable().default(null),
  sourceApp: z.string().max(64).default(SAMPLE_SOURCE_APP),
  prompt: z.string().max(10_000).default(''),
  urlString: z.string().max(2000).default(''),
  jsonSchema: ZJsonSchema.default({}),
};
export const ZCreateWorkflowRequest = z.object(workflowFields);
/** Every field optional; nodes and edges are replaced whole. Each save is a new version. */
export const ZUpdateWorkflowRequest = z.object({
  name: workflowFields.name.optional(),
  nodes: z.array(ZWorkflowNode).max(200).optional(),
  edges: z.array(ZWorkflowEdge).max(1000).optional(),
  isActive: z.boolean().optional(),
  isComplete: z.boolean().optional(),
  syncFrequency: z.string().trim().max(200).optional(),
  timezone: z.string().trim().max(100).optional(),
  groupId: z.string().max(200).nullable().optional(),
  sourceApp: z.string().max(64).optional(),
  prompt: z.string().max(10_000).optional(),
  urlString: z.string().max(2000).optional(),
  jsonSchema: ZJsonSchema.optional(),
  note: z.string().max(500).optional().describe('shown in the version list'),
});
export type TCreateWorkflowRequest = z.input<typeof ZCreateWorkflowRequest>;
export type TUpdateWorkflowRequest = z.input<typeof ZUpdateWorkflowRequest>;

/** Replace the whole list; each workflow gets SUBMIT_DEFAULTS (spec §4). */
export const ZSubmitWorkflowsRequest = z.object({
  workflows: z
    .array(
      z.object({
        name: workflowFields.name,
        nodes: workflowFields.nodes,
        edges: workflowFields.edges,
        isActive: workflowFields.isActive,
        isComplete: workflowFields.isComplete,
        syncFrequency: workflowFields.syncFrequency,
        timezone: workflowFields.timezone,
      }),
    )
    .max(200),
  groupId: z.string().max(200).nullable().default(null).describe('the current group id; none = "no-id"'),
  confirm_remove: z
    .array(z.uuid())
    .max(1000)
    .default([])
    .describe(
      'ids of the current workflows the new list replaces: each is archived (restorable), never deleted; without every one of them listed the submit is refused with 409 and nothing changes',
    ),
});
export const ZWorkflowList = z.object({ items: z.array(ZWorkflow) });
/** 409 of a submit that would remove workflows not listed in confirm_remove. */
export const ZSubmitConflict = z.object({
  detail: z.string(),
  would_remove: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type TSubmitConflict = z.infer<typeof ZSubmitConflict>;

export const ZWorkflowVersion = z.object({
  version: z.number().int(),
  name: z.string(),
  nodes: z.array(ZWorkflowNode),
  edges: z.array(ZWorkflowEdge),
  isActive: z.boolean(),
  isComplete: z.boolean(),
  syncFrequency: z.string(),
  timezone: z.string(),
  note: z.string(),
  createdBy: z.uuid().nullable(),
  createdAt: z.string(),
});
export const ZWorkflowVersionList = z.object({ items: z.array(ZWorkflowVersion) });
export type TWorkflowVersion = z.infer<typeof ZWorkflowVersion>;

// ---------- runs ----------

export const ZCallLog = z.object({
  method: z.string(),
  url: z.string(),
  attempt: z.number().int(),
  status: z.number().int().nullable(),
  startedAt: z.string(),
  durationMs: z.number(),
  /** how long the runner waited before this attempt (backoff or Retry-After) */
  waitMs: z.number(),
  error: z.string().nullable(),
});

export const ZNodeRun = z.object({
  nodeId: z.string(),
  status: z.enum(NODE_RUN_STATUSES),
  /** HTTP attempts made, retries included */
  attempts: z.number().int(),
  /** distinct calls (fan-out values × pages) */
  calls: z.number().int(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
  records: z.number().int().describe('records this node produced'),
  requestSample: z.object({ method: z.string(), url: z.string(), body: z.unknown().optional() }).nullable(),
  responseSample: z
    .object({ status: z.number().int(), body: z.string().describe('truncated to 2 KB') })
    .nullable(),
  outputSample: z.array(z.unknown()).describe('the first records'),
  log: z.array(ZCallLog).describe('the first calls and every failed attempt (bounded)'),
  error: z.string().nullable(),
});
export type TNodeRun = z.infer<typeof ZNodeRun>;

export const ZWorkflowRun = ZRunSummary.extend({
  workflowId: z.uuid(),
  workflowVersion: z.number().int(),
  retryOf: z.uuid().nullable(),
  fromNodeId: z.string().nullable(),
  error: z.string().nullable(),
  nodes: z.array(ZNodeRun).describe('in execution order'),
  output: z.unknown().describe('the final node output (null until it ran)'),
  outputValid: z.boolean().nullable(),
  outputErrors: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type TWorkflowRun = z.infer<typeof ZWorkflowRun>;
export const ZWorkflowRunListItem = ZRunSummary.extend({
  workflowId: z.uuid(),
  workflowName: z.string(),
  error: z.string().nullable(),
  durationMs: z.number().nullable(),
});
export type TWorkflowRunListItem = z.infer<typeof ZWorkflowRunListItem>;
export const ZWorkflowRunPage = zPage(ZWorkflowRunListItem);
export const ZRunListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(50),
  status: z
    .string()
    .max(200)
    .optional()
    .describe(`comma-separated: ${WORKFLOW_RUN_STATUSES.join(', ')}`),
  workflowId: z.uuid().optional(),
});

export const ZTestRunRequest = z.object({
  nodeId: ZNodeId.optional().describe(
    'run only this node (and the nodes it needs); default: the whole graph',
  ),
  nodes: z
    .array(ZWorkflowNode)
    .max(200)
    .optional()
    .describe('an unsaved graph to test instead of the saved one'),
  edges: z.array(ZWorkflowEdge).max(1000).optional(),
});
export type TTestRunRequest = z.input<typeof ZTestRunRequest>;
/** What the engine would map from a run's gathered data (POST /workflow-runs/{id}/mapping). */
export const ZRunMappingRequest = z.object({
  finalSchema: ZJsonSchema.optional().describe("the schema to map onto; default: the run's final node's"),
});
export const ZRunMapping = z.object({
  mapping: ZMappingSpec,
  nodes: z.array(z.string()).describe('the nodes whose records were read'),
});
export type TRunMapping = z.infer<typeof ZRunMapping>;
export const ZRetryRunRequest = z.object({
  from: z
    .enum(['failed', 'start'])
    .default('failed')
    .describe('failed: reuse the outputs of nodes that succeeded'),
});

// ---------- authenticated apps ----------

export const AUTHENTICATED_APP_KINDS = ['api_key', 'oauth2_client_credentials'] as const;

export const ZAuthenticatedApp = z.object({
  id: z.uuid(),
  name: z.string(),
  logo: z.string().nullable(),
  authenticatedAt: z.string(),
  kind: z.enum(AUTHENTICATED_APP_KINDS),
  baseUrl: z.string(),
  catalogueUrl: z.string().nullable().describe("the app's OpenAPI 3 document, when given"),
  headerName: z.string().nullable().describe('api_key: the header the key is sent in'),
  tokenUrl: z.string().nullable(),
  clientId: z.string().nullable(),
  scope: z.string().nullable(),
});
export type TAuthenticatedApp = z.infer<typeof ZAuthenticatedApp>;
export const ZAuthenticatedAppList = z.object({ items: z.array(ZAuthenticatedApp) });

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2000);
const appBase = {
  name: z.string().trim().min(1, 'must not be empty').max(200),
  logo: z.string().max(2000).nullable().default(null),
  baseUrl: httpUrl.describe('Endpoint paths are appended to this'),
  catalogueUrl: httpUrl
    .nullable()
    .default(null)
    .describe("OpenAPI 3 document (JSON) of the app; its operations become the builder's palette"),
};
export const ZCreateAuthenticatedAppRequest = z.discriminatedUnion('kind', [
  z.object({
    ...appBase,
    kind: z.literal('api_key'),
    apiKey: z.string().min(1, 'must not be empty').max(4000).describe('stored encrypted; never returned'),
    headerName: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,100}$/, 'must be a header name')
      .default('Authorization')
      .describe('Authorization sends `Bearer <key>`; any other header sends the key as is'),
  }),
  z.object({
    ...appBase,
    kind: z.literal('oauth2_client_credentials'),
    tokenUrl: httpUrl,
    clientId: z.string().min(1).max(1000),
    clientSecret: z
      .string()
      .min(1, 'must not be empty')
      .max(4000)
      .describe('stored encrypted; never returned'),
    scope: z.string().max(1000).nullable().default(null),
  }),
]);
export type TCreateAuthenticatedAppRequest = z.input<typeof ZCreateAuthenticatedAppRequest>;

// ---------- catalogue ----------

export const ZCatalogueParameter = z.object({
  name: z.string(),
  in: z.enum(['query', 'path']),
  required: z.boolean(),
  description: z.string().nullable(),
  schema: ZJsonSchema,
});
export const ZCatalogueEndpoint = z.object({
  operationId: z.string(),
  method: z.enum(HTTP_METHODS),
  path: z.string(),
  summary: z.string(),
  description: z.string(),
  parameters: z.array(ZCatalogueParameter),
  responseSchema: ZJsonSchema,
  /** where the records are in a response (`data` for the finance lists), null = the body is one record */
  recordsPath: z.string().nullable(),
  pagination: z.object({ follow: z.literal('page.next') }).nullable(),
});
export const ZSourceApp = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  description: z.string(),
  kind: z.enum(['builtin', 'authenticated']),
  baseUrl: z.string(),
  catalogueUrl: z.string().nullable(),
  catalogueError: z
    .string()
    .nullable()
    .describe('why the catalogue could not be read; null when it was read or when there is none'),
  endpoints: z.array(ZCatalogueEndpoint),
});
export type TSourceApp = z.infer<typeof ZSourceApp>;
export type TCatalogueEndpoint = z.infer<typeof ZCatalogueEndpoint>;
export type TCatalogueParameter = z.infer<typeof ZCatalogueParameter>;
export const ZSourceAppList = z.object({ items: z.array(ZSourceApp) });
