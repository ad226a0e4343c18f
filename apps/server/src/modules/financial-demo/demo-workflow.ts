import {
  DEFAULT_ERROR_HANDLING,
  DEFAULT_SYNC_FREQUENCY,
  DEFAULT_TIMEZONE,
  SAMPLE_SOURCE_APP,
  type TMappingSpec,
  type TWorkflowEdge,
  type TWorkflowNode,
} from '@mapwright/contracts';

/*
 * Step 2 of the demo: every entity (pages of two, so `page.next` is followed), then each
 * entity's transactions (one call per entity id — fan-out — in pages of 500), gathered by the
 * final node as they came from the API.
 */

export const DEMO_WORKFLOW_NAME = 'Financial analysis demo: entities and transactions';

const s = { type: 'string' } as const;
const n = { type: 'number' } as const;
const TRANSACTION_FIELDS = {
  id: s,
  entity_id: s,
  amount: n,
  transaction_date: s,
  transaction_type: s,
  transaction_status: s,
  merchant: s,
  currency: s,
};
const ENTITY_FIELDS = { id: s, entity_name: s, currency: s };

export const PULLED_SCHEMA = {
  type: 'object',
  title: 'Entities and transactions',
  properties: {
    entities: { type: 'array', items: { type: 'object', properties: ENTITY_FIELDS } },
    transactions: { type: 'array', items: { type: 'object', properties: TRANSACTION_FIELDS } },
  },
  required: ['entities', 'transactions'],
};

const copies = (list: string, fields: object) =>
  Object.keys(fields).map((k) => ({
    target: `${list}[*].${k}`,
    sources: [`${list}[*].${k}`],
    transform: { kind: 'copy' },
    confidence: 1,
    bucket: 'Very High',
    reason: 'as the API gives it',
    status: 'approved' as const,
  }));

const MAPPING: TMappingSpec = {
  version: 1,
  fields: [...copies('entities', ENTITY_FIELDS), ...copies('transactions', TRANSACTION_FIELDS)],
};

const endpoint = (path: string, operationId: string) => ({
  app: SAMPLE_SOURCE_APP,
  method: 'GET' as const,
  path,
  operationId,
});

export function demoWorkflow() {
  const nodes: TWorkflowNode[] = [
    {
      id: 'entities',
      type: 'custom',
      position: { x: 0, y: 0 },
      data: {
        label: 'Entities',
        endpoint: endpoint('/api/v1/entities', 'listEntities'),
        params: { page_size: 2 },
        errorHandling: { ...DEFAULT_ERROR_HANDLING },
        isFirstNode: true,
        pagination: { follow: 'page.next' },
      },
    },
    {
      id: 'transactions',
      type: 'custom',
      position: { x: 0, y: 160 },
      data: {
        label: "Each entity's transactions",
        endpoint: endpoint('/api/v1/transactions', 'listTransactions'),
        params: { entity_id: '{{nodes.entities.data[*].id}}', page_size: 500 },
        errorHandling: { ...DEFAULT_ERROR_HANDLING },
        isFirstNode: false,
        pagination: { follow: 'page.next' },
      },
    },
    {
      id: 'final',
      type: 'final',
      position: { x: 0, y: 320 },
      data: {
        name: 'Entities and transactions',
        initialUrl: '',
        isSubmitted: false,
        errorHandling: { ...DEFAULT_ERROR_HANDLING },
        finalSchema: PULLED_SCHEMA,
        finalSampleData: null,
        mapping: MAPPING,
      },
    },
  ];
  const edges: TWorkflowEdge[] = [
    { id: 'entities-transactions', source: 'entities', target: 'transactions', animated: true },
    { id: 'transactions-final', source: 'transactions', target: 'final', animated: true },
  ];
  return {
    name: DEMO_WORKFLOW_NAME,
    nodes,
    edges,
    isActive: false,
    isComplete: true,
    syncFrequency: DEFAULT_SYNC_FREQUENCY,
    timezone: DEFAULT_TIMEZONE,
    groupId: null,
    sourceApp: SAMPLE_SOURCE_APP,
    prompt: 'Every entity and all of its transactions',
    urlString: '',
    jsonSchema: PULLED_SCHEMA,
  };
}
