import type { TMappingSpec } from '@mapwright/contracts';
import { financeData, SAMPLE_CARD_PROGRAM_NAME } from '../../sample-apps/finance/finance.data.ts';
import { fanOutWorkflow } from './fan-out-workflow.ts';

/*
 * The spec's sample cards workflow (§3 "Sample final output for a cards workflow", §9): the
 * primary entity → its "Executive Travel" cards (one call per entity id) → a final node that
 * maps them to the cards output. On the sample data that is two cards, monthly limits 10000 and
 * 20000, total 30000.
 */

export const SAMPLE_WORKFLOW_NAME = 'Sample cards workflow';

const str = { type: 'string' } as const;

export const CARDS_OUTPUT_SCHEMA = {
  type: 'object',
  title: 'Cards',
  properties: {
    cards: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          Holder: {
            type: 'object',
            properties: { 'First Name': str, 'Last Name': str, Address: str },
            required: ['First Name', 'Last Name', 'Address'],
          },
          Card: {
            type: 'object',
            properties: {
              Name: str,
              'Card Number': { type: 'string', pattern: '^\\d{4}$', description: 'last four digits' },
              'Expiration Date': { type: 'string', format: 'date' },
              'Card Type': { type: 'string', enum: ['Physical', 'Virtual'] },
              'Card Status': { type: 'string', enum: ['ACTIVE', 'SUSPENDED', 'TERMINATED'] },
              'Monthly Limit': { type: 'number' },
            },
            required: ['Name', 'Card Number', 'Expiration Date', 'Card Type', 'Card Status', 'Monthly Limit'],
          },
        },
        required: ['Holder', 'Card'],
      },
    },
    'Number of Cards': { type: 'integer' },
    'Total Monthly Limit': { type: 'number' },
  },
  required: ['cards', 'Number of Cards', 'Total Monthly Limit'],
};

const field = (target: string, sources: string[], transform: Record<string, unknown>, reason: string) => ({
  target,
  sources,
  transform,
  confidence: 1,
  bucket: 'Very High',
  reason,
  status: 'approved' as const,
});

const holder = (k: string) => `cards[*].card_holder.${k}`;

/** Sources read the final node's input: `cards` is the cards node's records. */
export const CARDS_MAPPING: TMappingSpec = {
  version: 1,
  fields: [
    field('cards[*].Holder.First Name', [holder('first_name')], { kind: 'copy' }, 'the card holder'),
    field('cards[*].Holder.Last Name', [holder('last_name')], { kind: 'copy' }, 'the card holder'),
    field(
      'cards[*].Holder.Address',
      ['line1', 'city', 'state', 'postal_code', 'country'].map((k) => holder(`address.${k}`)),
      { kind: 'concat', separator: ', ' },
      'the address parts in one line',
    ),
    field('cards[*].Card.Name', ['cards[*].card_name'], { kind: 'copy' }, 'the card name'),
    field(
      'cards[*].Card.Card Number',
      ['cards[*].last_four'],
      { kind: 'copy' },
      'only the last four digits are exposed',
    ),
    field(
      'cards[*].Card.Expiration Date',
      ['cards[*].expiration_date'],
      { kind: 'copy' },
      'already YYYY-MM-DD',
    ),
    field(
      'cards[*].Card.Card Type',
      ['cards[*].card_type'],
      { kind: 'lookup', table: { PHYSICAL: 'Physical', VIRTUAL: 'Virtual' } },
      'PHYSICAL/VIRTUAL in words',
    ),
    field(
      'cards[*].Card.Card Status',
      ['cards[*].card_status'],
      { kind: 'copy' },
      'the status as the API gives it',
    ),
    field(
      'cards[*].Card.Monthly Limit',
      ['cards[*].limit'],
      { kind: 'cast', to: 'number' },
      'the monthly limit',
    ),
    field('Number of Cards', ['cards[*].card_id'], { kind: 'aggregate', fn: 'count' }, 'one per card'),
    field('Total Monthly Limit', ['cards[*].limit'], { kind: 'aggregate', fn: 'sum' }, 'the limits added up'),
  ],
};

/** Client-side sample data of the spec: what the output looks like. */
export const CARDS_SAMPLE_DATA = {
  cards: [
    {
      Holder: {
        'First Name': 'Ava',
        'Last Name': 'Chen',
        Address: '120 Market St, San Francisco, CA, 94105, US',
      },
      Card: {
        Name: 'Executive Travel – Ava Chen',
        'Card Number': '1753',
        'Expiration Date': '2029-11-30',
        'Card Type': 'Physical',
        'Card Status': 'ACTIVE',
        'Monthly Limit': 10000,
      },
    },
    {
      Holder: {
        'First Name': 'Mateo',
        'Last Name': 'Silva',
        Address: '48 Harbor Way, Oakland, CA, 94607, US',
      },
      Card: {
        Name: 'Executive Travel – Mateo Silva',
        'Card Number': '4821',
        'Expiration Date': '2030-04-30',
        'Card Type': 'Virtual',
        'Card Status': 'ACTIVE',
        'Monthly Limit': 20000,
      },
    },
  ],
  // spec §9: sample card monthly limits 10000 and 20000, total 30000
  'Number of Cards': 2,
  'Total Monthly Limit': 30000,
};

export function sampleCardsWorkflow() {
  const program = financeData().cardPrograms.find((p) => p.name === SAMPLE_CARD_PROGRAM_NAME)!;
  return fanOutWorkflow({
    name: SAMPLE_WORKFLOW_NAME,
    prompt:
      'Every active Executive Travel card of the primary entity with its holder, and the total monthly limit',
    first: {
      id: 'entities',
      label: 'Primary entity',
      path: '/api/v1/entities',
      operationId: 'listEntities',
      params: { is_primary: true },
    },
    second: {
      id: 'cards',
      label: 'Executive Travel cards',
      path: '/api/v1/cards',
      operationId: 'listCards',
      params: { entity_id: '{{nodes.entities.data[*].id}}', card_program_id: program.id },
    },
    final: {
      name: 'Cards summary',
      schema: CARDS_OUTPUT_SCHEMA,
      sample: CARDS_SAMPLE_DATA,
      mapping: CARDS_MAPPING,
    },
  });
}
