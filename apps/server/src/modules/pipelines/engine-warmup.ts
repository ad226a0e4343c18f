/**
 * What an engine thread maps once when it boots, so a worker's first job does not run cold: a
 * fresh thread interprets the engine's code until V8 has seen it run, and its first batch took
 * 3x as long as the next (measured, 10,240 records). The records are generated, one per shape a
 * transform reads (the usual ones a proposal uses: casts with currency text, dates in three
 * layouts, lookups, names, phones, array aggregates), and the result is thrown away.
 */
import type { JsonSchema, MappingSpec, Transform } from '@mapwright/engine';

/** records mapped: enough for V8 to optimize the hot functions (a few thousand calls each) */
export const WARM_RECORDS = 20_000;

const field = (target: string, sources: string[], transform: Transform) => ({
  target,
  sources,
  transform,
  confidence: 1,
  bucket: 'Very High' as const,
  reason: 'warm-up',
});

export const WARM_SPEC: MappingSpec = {
  version: 1,
  fields: [
    field('id', ['ref'], { kind: 'cast', to: 'integer' }),
    field('first_name', ['contact.name'], { kind: 'name', part: 'first' }),
    field('last_name', ['contact.name'], { kind: 'name', part: 'last' }),
    field('email', ['contact.email'], { kind: 'text', op: 'lower' }),
    field('phone', ['contact.phone'], { kind: 'phone', to: 'e164' }),
    field('amount', ['amount'], { kind: 'cast', to: 'number' }),
    field('currency', ['amount'], { kind: 'currency' }),
    field('day', ['when'], { kind: 'date', to: 'date' }),
    field('status', ['state'], {
      kind: 'lookup',
      table: { open: 'OPEN', closed: 'CLOSED' },
      fallback: 'keep',
      caseInsensitive: true,
    }),
    field('label', ['ref', 'state'], { kind: 'concat', separator: '-' }),
    field('lines', ['lines[*].qty'], { kind: 'aggregate', fn: 'count' }),
    field('total', ['lines[*].price'], {
      kind: 'chain',
      steps: [
        { kind: 'aggregate', fn: 'sum' },
        { kind: 'round', decimals: 2 },
      ],
    }),
    field('active', ['active'], { kind: 'cast', to: 'boolean' }),
  ],
};

export const WARM_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    email: { type: 'string', format: 'email' },
    phone: { type: ['string', 'null'] },
    amount: { type: 'number' },
    currency: { type: 'string', minLength: 3, maxLength: 3 },
    day: { type: 'string', format: 'date' },
    status: { type: 'string', enum: ['OPEN', 'CLOSED'] },
    label: { type: 'string' },
    lines: { type: 'integer', minimum: 0 },
    total: { type: 'number' },
    active: { type: 'boolean' },
  },
  required: ['id', 'amount'],
};

const NAMES = ['Ms. Ada Byron', 'Lovelace, Ada King', 'Dr. Grace B. Hopper', 'Alan Turing Jr.'];
const DAYS = [
  (i: number) => `${(i % 12) + 1}/${(i % 28) + 1}/2024`,
  (i: number) => `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
  (i: number) => `${(i % 28) + 1} Mar 2023`,
];
const AMOUNTS = [
  (i: number) => `$${i % 997}.25`,
  (i: number) => `${i % 500},10 €`,
  (i: number) => `GBP ${i % 300}`,
];

/** The warm-up batch as the JSON text an engine thread is handed. */
export function warmRecordsJson(n = WARM_RECORDS) {
  const records = [];
  for (let i = 0; i < n; i++)
    records.push({
      ref: String(i),
      contact: {
        name: NAMES[i % NAMES.length],
        email: `Ada${i}@Example.com`,
        phone: `(555) 010-${String(i % 10_000).padStart(4, '0')}`,
      },
      amount: AMOUNTS[i % 3]!(i),
      when: DAYS[i % 3]!(i),
      state: i % 5 ? 'Open' : 'closed',
      lines: [
        { qty: 1, price: 2.5 },
        { qty: i % 4, price: i % 10 },
      ],
      active: i % 2 ? 'yes' : 'false',
    });
  return JSON.stringify(records);
}
