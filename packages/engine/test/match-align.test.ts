import { describe, expect, it } from 'vitest';
import { compileSpec } from '../src/mapper/index.ts';
import { suggestMapping } from '../src/match/index.ts';
import { profileRecords } from '../src/profile/index.ts';
import type { JsonSchema } from '../src/schema/target-schema.ts';
import { createValidator } from '../src/validate/index.ts';

/*
 * A workflow's final node maps one record holding several arrays (`{entities: [...],
 * transactions: [...]}`): the fields of one target array must all come from one source array,
 * or the mapper builds a single element whose values are lists.
 */

const str = { type: 'string' };
const entity = {
  id: '2a17a7e5-98c9-4b50-8f06-a45eaa52af8a',
  entity_name: 'Northwind Holdings Inc.',
  currency: 'USD',
  is_primary: true,
  accounts: [
    { external_id: '1000', external_name: 'Cash - Operating', classification: 'ASSET' },
    { external_id: '2000', external_name: 'Accounts Payable', classification: 'LIABILITY' },
  ],
};
const tx = (id: string, amount: number, merchant: string, type: string) => ({
  id,
  entity_id: entity.id,
  amount,
  transaction_date: '2026-06-30T11:02:48.000Z',
  transaction_type: type,
  transaction_status: 'CLEARED',
  merchant,
  currency: 'USD',
});
const transactions = [
  tx('b503d468-d9d9-410a-b44a-7fed5f338208', 2138.27, 'Google Cloud', 'EXPENSE'),
  tx('cdbb8ea1-299e-4913-889b-9b66469cb825', 84.9, 'Sweetgreen', 'EXPENSE'),
  tx('17184b4a-62c5-4b83-be33-49bcc442652e', 9081.42, 'Amazon Web Services', 'REFUND'),
];

const suggest = (input: Record<string, unknown>, targetSchema: JsonSchema) => {
  const s = suggestMapping({ profile: profileRecords([input]), targetSchema });
  const output = compileSpec(s.spec).map(input);
  return { s, output, errors: createValidator(targetSchema).validateRecord(output) };
};
const fieldsUnder = (s: ReturnType<typeof suggestMapping>, prefix: string) =>
  s.spec.fields.filter((f) => f.target.startsWith(`${prefix}[*].`));

describe('array alignment', () => {
  it('feeds every field of a target array from one source array (mixed arrays)', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        transactions: {
          type: 'array',
          items: {
            type: 'object',
            properties: { id: str, amount: { type: 'number' }, currency: str, merchant: str },
          },
        },
        'Number of transactions': { type: 'integer' },
      },
    };
    // `entities` comes first and has `id` and `currency` too: field by field it ties
    const { s, output, errors } = suggest({ entities: [entity], transactions }, schema);
    expect(errors).toEqual([]);
    const items = fieldsUnder(s, 'transactions');
    expect(items).toHaveLength(4);
    for (const f of items) {
      expect(f.sources.length).toBeGreaterThan(0);
      for (const src of f.sources) expect(src).toMatch(/^transactions\[\*\]\./);
      expect(f.reason).toContain('from transactions, the array that transactions is aligned with');
    }
    // the listed alternatives never offer another array either
    for (const f of s.fields.filter((x) => x.target.startsWith('transactions[*].')))
      for (const c of f.candidates) expect(c.sources[0]).not.toMatch(/^entities/);
    expect(output).toEqual({
      'Number of transactions': 3,
      transactions: transactions.map((t) => ({
        id: t.id,
        amount: t.amount,
        currency: t.currency,
        merchant: t.merchant,
      })),
    });
    const count = s.spec.fields.find((f) => f.target === 'Number of transactions')!;
    expect(count.transform).toEqual({ kind: 'aggregate', fn: 'count' });
    expect(count.sources[0]).toMatch(/^transactions\[\*\]\./);
  });

  it('leaves a field unmapped rather than taking it from a different array', () => {
    // only `entities` has is_primary: the field stays empty (null) in every transaction
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        transactions: {
          type: 'array',
          items: {
            type: 'object',
            properties: { id: str, amount: { type: 'number' }, is_primary: { type: ['boolean', 'null'] } },
          },
        },
      },
    };
    const { s, errors } = suggest({ entities: [entity], transactions }, schema);
    expect(errors).toEqual([]);
    const name = s.spec.fields.find((f) => f.target === 'transactions[*].is_primary')!;
    expect(name.sources).toEqual([]);
    expect(name.reason).toMatch(/No source field of transactions \(the array that transactions is aligned/);
    expect(s.spec.fields.find((f) => f.target === 'transactions[*].id')!.sources).toEqual([
      'transactions[*].id',
    ]);
  });

  it('lets the fields decide when the array names differ (or point elsewhere)', () => {
    const payments = [
      { id: 'p-1', status: 'OPEN' },
      { id: 'p-2', status: 'PAID' },
    ];
    const items = {
      type: 'object',
      properties: { id: str, amount: { type: 'number' }, currency: str, merchant: str },
    };
    // `purchases` matches no source array by name; `payments` matches one that only has an id
    for (const arrayName of ['purchases', 'payments']) {
      const schema: JsonSchema = {
        type: 'object',
        properties: { [arrayName]: { type: 'array', items } },
      };
      const { s, output, errors } = suggest({ payments, transactions }, schema);
      expect(errors).toEqual([]);
      const fields = fieldsUnder(s, arrayName);
      expect(fields.map((f) => f.sources)).toEqual([
        ['transactions[*].id'],
        ['transactions[*].amount'],
        ['transactions[*].currency'],
        ['transactions[*].merchant'],
      ]);
      expect(fields[0]!.reason).toContain(`from transactions, the array that ${arrayName} is aligned with`);
      expect((output[arrayName] as unknown[]).length).toBe(3);
    }
  });

  it('maps the cards of an entity onto the cards workflow schema', () => {
    const cardsSchema: JsonSchema = {
      type: 'object',
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
                required: [
                  'Name',
                  'Card Number',
                  'Expiration Date',
                  'Card Type',
                  'Card Status',
                  'Monthly Limit',
                ],
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
    const card = (
      first: string,
      last: string,
      city: string,
      status: string,
      limit: number,
      type: string,
    ) => ({
      card_id: `${first}-${last}-id`,
      card_name: `Executive Travel – ${first} ${last}`,
      card_holder: {
        user_id: `${first}-user`,
        first_name: first,
        last_name: last,
        address: { line1: '1 Main St', city, state: 'CA', postal_code: '94105', country: 'US' },
      },
      card_status: status,
      is_activated: true,
      limit,
      card_type: type,
      last_four: String(1000 + limit / 10),
      expiration_date: '2029-11-30',
      entity_id: entity.id,
      card_program_id: 'program-1',
    });
    const cards = [
      card('Ava', 'Chen', 'San Francisco', 'ACTIVE', 10000, 'PHYSICAL'),
      card('Liam', 'Garcia', 'New York', 'ACTIVE', 20000, 'VIRTUAL'),
      card('Mia', 'Patel', 'Austin', 'TERMINATED', 15000, 'PHYSICAL'),
      card('Noah', 'Kim', 'Seattle', 'SUSPENDED', 5000, 'VIRTUAL'),
    ];
    const { s, output, errors } = suggest({ entities: [entity], cards }, cardsSchema);
    expect(errors).toEqual([]);
    const items = fieldsUnder(s, 'cards');
    expect(items).toHaveLength(9);
    for (const f of items) {
      expect(f.sources.length).toBeGreaterThan(0);
      for (const src of f.sources) expect(src).toMatch(/^cards\[\*\]\./);
    }
    expect(output['Number of Cards']).toBe(4);
    expect(output['Total Monthly Limit']).toBe(50000);
    expect((output.cards as { Card: Record<string, unknown> }[]).map((c) => c.Card['Card Type'])).toEqual([
      'Physical',
      'Virtual',
      'Physical',
      'Virtual',
    ]);
  });

  it('keeps single-array inputs and flat targets as before', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        rows: { type: 'array', items: { type: 'object', properties: { amount: { type: 'number' } } } },
        total_amount: { type: 'number' },
      },
    };
    const { s, errors, output } = suggest({ transactions }, schema);
    expect(errors).toEqual([]);
    expect(s.spec.fields.map((f) => f.sources)).toEqual([
      ['transactions[*].amount'],
      ['transactions[*].amount'],
    ]);
    expect(output.total_amount).toBeCloseTo(11304.59, 2);
  });
});
