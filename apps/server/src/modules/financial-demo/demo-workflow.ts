import type { TMappingSpec } from '@mapwright/contracts';
import { fanOutWorkflow } from '../workflows/fan-out-workflow.ts';

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

export function demoWorkflow() {
  return fanOutWorkflow({
    name: DEMO_WORKFLOW_NAME,
    prompt: 'Every entity and all of its transactions',
    first: {
      id: 'entities',
      label: 'Entities',
      path: '/api/v1/entities',
      operationId: 'listEntities',
      params: { page_size: 2 },
    },
    second: {
      id: 'transactions',
      label: "Each entity's transactions",
      path: '/api/v1/transactions',
      operationId: 'listTransactions',
      params: { entity_id: '{{nodes.entities.data[*].id}}', page_size: 500 },
    },
    final: { name: 'Entities and transactions', schema: PULLED_SCHEMA, sample: null, mapping: MAPPING },
  });
}
