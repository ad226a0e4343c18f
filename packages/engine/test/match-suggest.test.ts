import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  conceptSimilarity,
  createKnowledge,
  joinCompounds,
  nameConcepts,
  recordAcceptedLookup,
  recordAcceptedMapping,
  splitWords,
  suggestMapping,
  targetFromExamples,
} from '../src/match/index.ts';
import { profileRecords } from '../src/profile/index.ts';
import type { JsonSchema } from '../src/schema/target-schema.ts';

const chosen = (s: ReturnType<typeof suggestMapping>, target: string) =>
  s.spec.fields.find((f) => f.target === target)!;

describe('names', () => {
  it('splits camelCase, snake_case, kebab-case and dots', () => {
    expect(splitWords('firstName')).toEqual(['first', 'name']);
    expect(splitWords('HTTPStatus_code-v2')).toEqual(['http', 'status', 'code', 'v', '2']);
    expect(splitWords('Smoking.Status')).toEqual(['smoking', 'status']);
    expect(splitWords('items[*].unitPrice')).toEqual(['items', 'unit', 'price']);
  });

  it('expands abbreviations and maps synonyms to one concept', () => {
    expect(nameConcepts('cust_addr')).toEqual(nameConcepts('customer address'));
    // WordNet synonyms (sex ~ gender) and hypernyms (town is a municipality) are similar, not equal
    expect(conceptSimilarity(nameConcepts('sex'), nameConcepts('gender'))).toBeGreaterThan(0.8);
    expect(nameConcepts('DOB')).toEqual(nameConcepts('date_of_birth'));
    expect(nameConcepts('nChildren')).toEqual(nameConcepts('number_of_children'));
    // a trailing No / Nr is a reference number, an identifier (Staff No, Invoice Nr)
    expect(nameConcepts('HouseNo')).toEqual(nameConcepts('house_id'));
    expect(nameConcepts('staff_nr')).toEqual(nameConcepts('staff_id'));
    expect(nameConcepts('stage_pN')).not.toContain(nameConcepts('number')[0]);
    expect(conceptSimilarity(nameConcepts('town'), nameConcepts('municipality'))).toBeGreaterThan(0.6);
    expect(conceptSimilarity(nameConcepts('givenName'), nameConcepts('forename'))).toBeGreaterThan(0.9);
    expect(
      conceptSimilarity(nameConcepts('path_stage'), nameConcepts('pathological_staging')),
    ).toBeGreaterThan(0.85);
    expect(conceptSimilarity(nameConcepts('email'), nameConcepts('birth_date'))).toBe(0);
    // vowel-dropping abbreviations, but not any subsequence
    expect(conceptSimilarity(nameConcepts('cust_nm'), nameConcepts('customer_name'))).toBeGreaterThan(0.8);
    expect(conceptSimilarity(nameConcepts('age'), nameConcepts('average'))).toBe(0);
  });

  it('joins compounds written as one word', () => {
    const a = nameConcepts('lost_to_follow_up');
    const b = nameConcepts('lostToFollowup');
    expect(joinCompounds(a, b)).toEqual(b);
    expect(conceptSimilarity(joinCompounds(a, b), joinCompounds(b, a))).toBe(1);
    expect(joinCompounds(['a', 'b'], ['x'])).toEqual(['a', 'b']);
  });

  it('similarity is symmetric and bounded (property)', () => {
    const name = fc.stringMatching(/^[a-zA-Z_]{1,20}$/);
    fc.assert(
      fc.property(name, name, (a, b) => {
        const x = conceptSimilarity(nameConcepts(a), nameConcepts(b));
        expect(x).toBeCloseTo(conceptSimilarity(nameConcepts(b), nameConcepts(a)), 10);
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(1);
      }),
    );
  });
});

const crm = [
  {
    'First Name': 'Ann',
    Surname: 'Lee',
    'E-mail Address': 'ann@x.io',
    Mobile: '+1 555-123-4567',
    Sex: 'F',
    'Signup Date': '03/14/2024',
    Plan: 'Gold',
  },
  {
    'First Name': 'Bob',
    Surname: 'Ray',
    'E-mail Address': 'bob@y.com',
    Mobile: '(555) 222-3333',
    Sex: 'M',
    'Signup Date': '12/25/2023',
    Plan: 'silver',
  },
  {
    'First Name': 'Cy',
    Surname: 'Oz',
    'E-mail Address': 'cy@z.org',
    Mobile: '555.444.1212',
    Sex: 'M',
    'Signup Date': '01/02/2024',
    Plan: 'Bronze',
  },
];
const contacts: JsonSchema = {
  type: 'object',
  properties: {
    given_name: { type: 'string' },
    last_name: { type: 'string' },
    email: { type: 'string', format: 'email' },
    phone: { type: 'string' },
    gender: { type: 'string', enum: ['male', 'female', 'other'] },
    created_at: { type: 'string', format: 'date' },
    tier: { type: 'string', enum: ['GOLD', 'SILVER', 'BRONZE'], description: 'subscription plan' },
  },
};

describe('suggestMapping', () => {
  it('maps a CRM export onto a contacts schema with the right transforms', () => {
    const s = suggestMapping({ profile: profileRecords(crm), targetSchema: contacts });
    expect(chosen(s, 'given_name').sources).toEqual(['First Name']);
    expect(chosen(s, 'last_name').sources).toEqual(['Surname']);
    expect(chosen(s, 'email').sources).toEqual(['E-mail Address']);
    expect(chosen(s, 'phone').sources).toEqual(['Mobile']);
    const gender = chosen(s, 'gender');
    expect(gender.sources).toEqual(['Sex']);
    // unlisted values are kept (issue 24): an unknown code fails the enum where it shows
    expect(gender.transform).toEqual({ kind: 'lookup', table: { F: 'female', M: 'male' }, fallback: 'keep' });
    const created = chosen(s, 'created_at');
    expect(created.sources).toEqual(['Signup Date']);
    expect(created.transform).toEqual({ kind: 'date', from: 'MM/DD/YYYY', to: 'date' });
    expect(chosen(s, 'tier').sources).toEqual(['Plan']);
    for (const f of s.spec.fields) {
      expect(f.confidence).toBeGreaterThan(0.3);
      expect(f.reason).toMatch(/→/);
    }
    // every target is listed with ranked candidates
    expect(s.fields.map((f) => f.target)).toEqual(Object.keys(contacts.properties!));
    for (const f of s.fields) {
      const scores = f.candidates.map((c) => c.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
  });

  it('casts currency strings and synthesizes aggregates over arrays', () => {
    const records = [
      {
        account: 'A-1',
        owner: 'Ann',
        transactions: [
          { amount: '$1,200.50', date: '2024-01-02' },
          { amount: '$10.00', date: '2024-01-05' },
        ],
      },
      { account: 'A-2', owner: 'Bob', transactions: [{ amount: '$99.99', date: '2024-02-01' }] },
    ];
    const target: JsonSchema = {
      type: 'object',
      properties: {
        account_id: { type: 'string' },
        account_holder: { type: 'string' },
        total_transaction_amount: { type: 'number' },
        total_transaction_count: { type: 'integer' },
      },
    };
    const s = suggestMapping({ profile: profileRecords(records), targetSchema: target });
    expect(chosen(s, 'account_id').sources).toEqual(['account']);
    const sum = chosen(s, 'total_transaction_amount');
    expect(sum.sources).toEqual(['transactions[*].amount']);
    expect(sum.transform).toEqual({ kind: 'aggregate', fn: 'sum' });
    const count = chosen(s, 'total_transaction_count');
    expect(count.transform).toEqual({ kind: 'aggregate', fn: 'count' });
    expect(count.sources[0]).toMatch(/^transactions\[\*\]\./);

    const flat = suggestMapping({
      profile: profileRecords([{ Amount: '$1,200.50' }, { Amount: '$3.00' }]),
      targetSchema: { type: 'object', properties: { amount: { type: 'number' } } },
    });
    expect(chosen(flat, 'amount').transform).toEqual({ kind: 'cast', to: 'number' });
  });

  it('joins first and last name for a full-name target', () => {
    const s = suggestMapping({
      profile: profileRecords([
        { fname: 'Ann', lname: 'Lee', id: 1 },
        { fname: 'Bob', lname: 'Ray', id: 2 },
      ]),
      targetSchema: {
        type: 'object',
        properties: { full_name: { type: 'string' }, id: { type: 'integer' } },
      },
    });
    expect(chosen(s, 'full_name')).toMatchObject({
      sources: ['fname', 'lname'],
      transform: { kind: 'concat', separator: ' ' },
    });
    expect(chosen(s, 'id').sources).toEqual(['id']);
  });

  it('uses target example values when names do not help', () => {
    const profile = profileRecords([
      { col_a: 'pT2', col_b: 'Berlin' },
      { col_a: 'pT3a', col_b: 'Paris' },
      { col_a: 'pT1', col_b: 'Rome' },
    ]);
    const target = targetFromExamples({
      t_stage: ['T1', 'T2', 'T3', 'T3a', 'T4'],
      city: ['Rome', 'Paris', 'Berlin', 'Oslo'],
    });
    const s = suggestMapping({ profile, targetSchema: target });
    expect(chosen(s, 't_stage').sources).toEqual(['col_a']);
    expect(chosen(s, 'city').sources).toEqual(['col_b']);
  });

  it('leaves a target unmapped when nothing fits', () => {
    const s = suggestMapping({
      profile: profileRecords([{ colour: 'red' }, { colour: 'blue' }]),
      targetSchema: { type: 'object', properties: { invoice_total: { type: 'number' } } },
    });
    expect(chosen(s, 'invoice_total')).toMatchObject({
      sources: [],
      confidence: 0,
      transform: { kind: 'constant' },
    });
  });

  it('boosts previously accepted pairs and lookups (knowledge)', () => {
    const profile = profileRecords([
      { zz_code: 'x1', other: 'a' },
      { zz_code: 'x2', other: 'b' },
    ]);
    const target: JsonSchema = {
      type: 'object',
      properties: { region: { type: 'string', enum: ['North', 'South'] } },
    };
    const before = suggestMapping({ profile, targetSchema: target });
    expect(chosen(before, 'region').sources).toEqual([]);
    let k = recordAcceptedMapping(createKnowledge(), { sourceName: 'ZZ_Code', targetName: 'region' });
    k = recordAcceptedLookup(k, { targetName: 'region', table: { x1: 'North', x2: 'South' } });
    const after = suggestMapping({ profile, targetSchema: target, knowledge: JSON.parse(JSON.stringify(k)) });
    const f = chosen(after, 'region');
    expect(f.sources).toEqual(['zz_code']);
    expect(f.confidence).toBeGreaterThan(0.5);
    expect(f.reason).toMatch(/accepted 1 time before/);
    expect(f.transform).toEqual({ kind: 'lookup', table: { x1: 'North', x2: 'South' }, fallback: 'keep' });
    expect(recordAcceptedMapping(k, { sourceName: 'zz_code', targetName: 'Region' }).mappings[0]!.count).toBe(
      2,
    );
  });

  it('never throws on arbitrary records and schemas; confidences are in [0, 1] (property)', () => {
    const prop = fc.oneof(
      fc.record({ type: fc.constantFrom('string', 'number', 'integer', 'boolean') }),
      fc.record({
        type: fc.constant('string'),
        enum: fc.array(fc.string({ maxLength: 6 }), { minLength: 1, maxLength: 5 }),
      }),
      fc.record({ type: fc.constant('string'), format: fc.constantFrom('date', 'date-time', 'email') }),
    );
    const schema = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), prop, {
      minKeys: 1,
      maxKeys: 6,
    });
    const records = fc.array(
      fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(schema, records, (properties, recs) => {
        const targetSchema: JsonSchema = { type: 'object', properties };
        const s = suggestMapping({ profile: profileRecords(recs), targetSchema });
        expect(s.fields.length).toBe(s.spec.fields.length);
        for (const f of s.spec.fields) {
          expect(f.confidence).toBeGreaterThanOrEqual(0);
          expect(f.confidence).toBeLessThanOrEqual(1);
        }
        for (const f of s.fields) for (const c of f.candidates) expect(c.score).toBeLessThanOrEqual(1);
      }),
      { numRuns: 60 },
    );
  });

  it('is deterministic and uses each source at most once (property)', () => {
    const rec = fc.record({
      id: fc.integer(),
      name: fc.string(),
      amount: fc.double({ noNaN: true }),
      email: fc.constantFrom('a@b.io', 'c@d.org'),
    });
    fc.assert(
      fc.property(fc.array(rec, { minLength: 1, maxLength: 10 }), (records) => {
        const args = { profile: profileRecords(records), targetSchema: contacts };
        const a = suggestMapping(args);
        expect(suggestMapping(args)).toEqual(a);
        // an aggregate reads a list other fields may read too, and a whole name feeds each of its
        // parts (first, last…): those share their source by design
        const shared = (k: string) => k === 'aggregate' || k === 'name';
        const used = a.spec.fields.flatMap((f) => (shared(f.transform.kind) ? [] : f.sources));
        expect(new Set(used).size).toBe(used.length);
      }),
      { numRuns: 30 },
    );
  });
});
