import { describe, expect, it } from 'vitest';
import { shapeOf } from '../src/match/features.ts';
import { suggestMapping } from '../src/match/index.ts';
import { profileRecords } from '../src/profile/index.ts';
import type { JsonSchema } from '../src/schema/target-schema.ts';

type Suggestion = ReturnType<typeof suggestMapping>;
const chosen = (s: Suggestion, target: string) => s.spec.fields.find((f) => f.target === target)!;
const best = (s: Suggestion, target: string) => s.fields.find((f) => f.target === target)!.candidates[0];

const n = 40;
// a CRM export of deals: what the columns hold disagrees with what their names suggest
const deals = Array.from({ length: n }, (_, i) => ({
  id: 9000 + i,
  state: ['OPEN', 'WON', 'LOST'][i % 3],
  cust_state: ['CA', 'NY', 'TX', 'WA', 'OR'][i % 5],
  created_ts: `2024-0${1 + (i % 9)}-1${i % 10}T10:0${i % 10}:00Z`,
  staff_no: 1001 + ((i * 7) % 40),
  org_id: 501 + (i % 12),
  org_name: ['Acme', 'Globex', 'Initech', 'Umbrella'][i % 4],
  close_date: `2024-02-${String(1 + (i % 28)).padStart(2, '0')}`,
}));
const dealSchema: JsonSchema = {
  type: 'object',
  properties: {
    deal_status: { type: 'string', enum: ['open', 'won', 'lost'] },
    billing: {
      type: 'object',
      properties: { state: { type: 'string', examples: ['CA', 'NY', 'FL', 'WA'] } },
    },
    created_by: { type: 'string', examples: ['ann.lee', 'bob.ray', 'cy.oz'] },
    signup_date: { type: 'string', format: 'date' },
    worker_id: { type: 'integer' },
    staff_level: { type: 'string', examples: ['junior', 'senior', 'lead'] },
    organization: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
    close_date: { type: 'string', examples: ['01/05/2024', '12/30/2023'] },
  },
};

describe('values outvote names (issue 13, point 1)', () => {
  const s = suggestMapping({ profile: profileRecords(deals), targetSchema: dealSchema });

  it('a `state` of OPEN/WON/LOST is a deal status; US state codes are a billing state', () => {
    expect(chosen(s, 'deal_status').sources).toEqual(['state']);
    expect(chosen(s, 'billing.state').sources).toEqual(['cust_state']);
  });

  it('a timestamp feeds a date field of another name; a date never feeds a field of user names', () => {
    expect(chosen(s, 'signup_date').sources).toEqual(['created_ts']);
    expect(chosen(s, 'created_by').sources).toEqual([]);
    expect(best(s, 'signup_date')?.reason).toMatch(/both date/);
  });

  it('a staff number is a worker id (collective noun → member, trailing "No" = identifier)', () => {
    expect(chosen(s, 'worker_id').sources).toEqual(['staff_no']);
    expect(best(s, 'worker_id')?.sources).toEqual(['staff_no']);
    expect(chosen(s, 'staff_level').sources).toEqual([]);
  });

  it('the enclosing object is context: `organization.id` wants `org_id`, not `id`', () => {
    expect(chosen(s, 'organization.id').sources).toEqual(['org_id']);
    expect(best(s, 'organization.id')?.sources).toEqual(['org_id']);
    expect(chosen(s, 'organization.name').sources).toEqual(['org_name']);
  });

  it('a flat source still maps onto a nested field with a specific name, with a fair confidence', () => {
    const recs = Array.from({ length: 20 }, (_, i) => ({ city: ['Austin', 'Boston', 'Denver'][i % 3] }));
    const schema: JsonSchema = {
      type: 'object',
      properties: { address: { type: 'object', properties: { city: { type: 'string' } } } },
    };
    const r = suggestMapping({ profile: profileRecords(recs), targetSchema: schema });
    expect(chosen(r, 'address.city').sources).toEqual(['city']);
    expect(chosen(r, 'address.city').confidence).toBeGreaterThan(0.6);
  });
});

describe('value evidence that misleads (issue 13, point 6)', () => {
  it('tells the shape of values: numbers, codes, words', () => {
    expect(shapeOf(['1200', '$1,200.00', '3.5'])).toBe('number');
    expect(shapeOf(['127N', 'C3L-00102', 'data_release', 'pT2a'])).toBe('code');
    expect(shapeOf(['Cancer Related', 'white', 'Not Reported'])).toBe('words');
    expect(shapeOf([])).toBe('none');
  });

  it('a small-integer code column does not outrank an exact name because its values overlap an id list', () => {
    const recs = Array.from({ length: n }, (_, i) => ({
      customer_id: 1001 + i,
      priority: 1 + (i % 3),
      region_code: 1 + (i % 12),
    }));
    const schema: JsonSchema = {
      type: 'object',
      properties: { customer_id: { type: 'integer', examples: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] } },
    };
    const r = suggestMapping({ profile: profileRecords(recs), targetSchema: schema });
    const [first, ...rest] = r.fields[0]!.candidates;
    expect(first?.sources).toEqual(['customer_id']);
    // codes that are not identifiers stay far below
    for (const c of rest) expect(c.score).toBeLessThan(0.3);
  });

  it('same name, money written differently ("$1,200.00" vs 1200): barely punished', () => {
    const recs = Array.from({ length: n }, (_, i) => ({ amount: 1000 + i * 37, fee: 5 + i }));
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        amount: { type: 'string', examples: ['$1,200.00', '$99.50', '$3,050.00', '$12,000.00', '$450.00'] },
      },
    };
    const r = suggestMapping({ profile: profileRecords(recs), targetSchema: schema });
    expect(chosen(r, 'amount').sources).toEqual(['amount']);
    expect(chosen(r, 'amount').confidence).toBeGreaterThan(0.8);
  });

  it('same name, dates written differently ("2024-01-05" vs "01/05/2024"): barely punished', () => {
    const recs = Array.from({ length: n }, (_, i) => ({
      start_date: `2024-02-${String(1 + (i % 28)).padStart(2, '0')}`,
    }));
    const schema: JsonSchema = {
      type: 'object',
      properties: { start_date: { type: 'string', examples: ['01/05/2024', '12/30/2023', '07/04/2023'] } },
    };
    const r = suggestMapping({ profile: profileRecords(recs), targetSchema: schema });
    expect(chosen(r, 'start_date').sources).toEqual(['start_date']);
    expect(chosen(r, 'start_date').confidence).toBeGreaterThan(0.8);
  });

  it('same name, open example list with other categories: not punished like a wrong field', () => {
    const recs = Array.from({ length: n }, (_, i) => ({
      cause_of_death: ['heart failure', 'stroke', 'other: sepsis', 'pneumonia', 'unknown cause'][i % 5],
    }));
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        cause_of_death: {
          type: 'string',
          examples: [
            'Cancer Related',
            'Cardiovascular Disorder',
            'Infection',
            'Not Cancer Related',
            'Toxicity',
          ],
        },
      },
    };
    const r = suggestMapping({ profile: profileRecords(recs), targetSchema: schema });
    expect(chosen(r, 'cause_of_death').sources).toEqual(['cause_of_death']);
    expect(chosen(r, 'cause_of_death').confidence).toBeGreaterThan(0.5);
    // a closed enum is a promise: there the same mismatch still counts fully
    const closed = suggestMapping({
      profile: profileRecords(recs),
      targetSchema: {
        type: 'object',
        properties: { cause_of_death: { type: 'string', enum: ['Cancer Related', 'Infection', 'Toxicity'] } },
      },
    });
    expect(chosen(closed, 'cause_of_death').confidence).toBeLessThan(chosen(r, 'cause_of_death').confidence);
    // values of another shape (channel codes for colour words) are not a difference of form
    const channels = Array.from({ length: n }, (_, i) => ({
      channel: ['126', '127N', '127C', '128N'][i % 4],
    }));
    const colours = suggestMapping({
      profile: profileRecords(channels),
      targetSchema: {
        type: 'object',
        properties: { channel: { type: 'string', examples: ['Green', 'Red'] } },
      },
    });
    expect(colours.fields[0]!.candidates[0]!.score).toBeLessThan(0.5);
  });
});
