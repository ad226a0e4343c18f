/**
 * The proposers of the mapping-intelligence work, through suggestMapping on small realistic
 * exports: name split and join, address line, aggregates over arrays of any name, normalisation
 * to the target's pattern / format, and codes to enums by meaning, each with its evidence in the
 * reason. Plus the end-to-end evaluation set: the suggested specs, run with no edits, reproduce
 * at least what they did when this was written.
 */
import { describe, expect, it } from 'vitest';
import { evaluateTask, loadTasks } from '../bench/mapping-eval.ts';
import { compileSpec } from '../src/mapper/compile.ts';
import { codeMapping } from '../src/match/propose-codes.ts';
import { suggestMapping } from '../src/match/suggest.ts';
import { profileRecords } from '../src/profile/profiler.ts';
import type { JsonSchema } from '../src/schema/target-schema.ts';

function suggest(records: Record<string, unknown>[], properties: Record<string, JsonSchema>) {
  const s = suggestMapping({
    profile: profileRecords(records),
    targetSchema: { type: 'object', properties },
  });
  const field = (target: string) => s.spec.fields.find((f) => f.target === target)!;
  return { ...s, field, out: compileSpec(s.spec).mapMany(records) };
}

const people = [
  'Dr. Ada King Lovelace',
  'Turing, Alan Mathison',
  'Grace Hopper',
  'Hopper Jr., Tom',
  'Linus Benedict Torvalds',
  'Margaret Hamilton',
];

describe('one source, several targets; several sources, one target', () => {
  it('splits a whole-name column into first, middle and last name', () => {
    const records = people.map((n, i) => ({ id: i, 'Customer Name': n }));
    const s = suggest(records, {
      first_name: { type: 'string' },
      middle_name: { type: 'string' },
      last_name: { type: 'string' },
    });
    expect(s.field('first_name').transform).toEqual({ kind: 'name', part: 'first' });
    expect(s.field('last_name').transform).toEqual({ kind: 'name', part: 'last' });
    expect(s.field('last_name').reason).toMatch(/holds whole person names/);
    expect(s.out[1]).toEqual({ first_name: 'Alan', middle_name: 'Mathison', last_name: 'Turing' });
    expect(s.out[0]).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
  });

  it('does not split company names', () => {
    const records = ['Acme LLC', 'Globex Inc.', 'Initech Ltd', 'Umbrella Corp', 'Hooli Inc'].map((n) => ({
      'Account Name': n,
    }));
    const s = suggest(records, { first_name: { type: 'string' } });
    expect(s.field('first_name').transform.kind).not.toBe('name');
  });

  it('joins given name and surname into a display name', () => {
    const records = people.slice(2).map((n) => ({ givenName: n.split(' ')[0], sn: n.split(' ').pop() }));
    const s = suggest(records, { displayName: { type: 'string', description: 'Full name' } });
    expect(s.field('displayName').sources).toEqual(['givenName', 'sn']);
    expect(s.out[0]).toEqual({ displayName: 'Grace Hopper' });
  });

  it('joins street, city, state and zip into one address line', () => {
    const records = [
      { street: '1 Main St', city: 'Boise', state: 'ID', zip: '83701' },
      { street: '9 Elm St', city: 'Omaha', state: 'NE', zip: '68102' },
    ];
    const s = suggest(records, { mailing_address: { type: 'string', description: 'Single-line address' } });
    expect(s.field('mailing_address').transform).toEqual({ kind: 'concat', separator: ', ' });
    expect(s.out[0]).toEqual({ mailing_address: '1 Main St, Boise, ID, 83701' });
  });
});

describe('aggregates over arrays of any name', () => {
  const records = [
    {
      ref: 'A',
      parcels: [
        { sent: '03/02/2024', kg: '1.10' },
        { sent: '03/01/2024', kg: '2.20' },
      ],
    },
    { ref: 'B', parcels: [{ sent: '12/24/2023', kg: '0.70' }] },
  ];
  it('counts, sums (rounded as the amounts are written) and takes the earliest date', () => {
    const s = suggest(records, {
      numberOfParcels: { type: 'integer' },
      totalWeight: { type: 'number', description: 'Sum of the parcel weights (kg)' },
      firstSent: { type: 'string', format: 'date', description: 'Earliest dispatch date' },
    });
    expect(s.out[0]).toEqual({ numberOfParcels: 2, totalWeight: 3.3, firstSent: '2024-03-01' });
    expect(s.out[1]).toEqual({ numberOfParcels: 1, totalWeight: 0.7, firstSent: '2023-12-24' });
    expect(s.field('numberOfParcels').reason).toMatch(/count/);
    expect(s.field('totalWeight').reason).toMatch(/rounded to 2 decimals/);
  });
});

describe('normalisation to what the target asks', () => {
  it('phones to the pattern: ten digits or E.164, with the share that fits in the reason', () => {
    const phones = ['(208) 555-0101', '208.555.0102', '+1 208 555 0103', '1-208-555-0104', '2085550105'];
    const s = suggest(
      phones.map((p) => ({ phone: p })),
      { phone: { type: 'string', pattern: '^\\d{10}$' } },
    );
    expect(s.field('phone').transform).toEqual({ kind: 'phone', to: 'digits' });
    expect(s.field('phone').reason).toMatch(/pattern .* wants ten digits.*100% of the sample fits/);
    expect(s.out.map((o) => o.phone)).toEqual([
      '2085550101',
      '2085550102',
      '2085550103',
      '2085550104',
      '2085550105',
    ]);
    const e = suggest(
      phones.map((p) => ({ tel: p })),
      { tel: { type: 'string', pattern: '^\\+[1-9]\\d{1,14}$' } },
    );
    expect(e.out[0]).toEqual({ tel: '+12085550101' });
  });

  it('dates in several layouts are read by shape, numeric ones in one order for the column', () => {
    const s = suggest(
      ['2024-03-05', '03/06/2024', 'Mar 7, 2024', '03/08/2024'].map((d) => ({ created: d })),
      { created: { type: 'string', format: 'date' } },
    );
    // no value has a part above 12: month first, flagged as ambiguous
    expect(s.field('created').transform).toEqual({ kind: 'date', from: 'mdy', to: 'date' });
    expect(s.field('created').reason).toMatch(/ambiguous day\/month order/);
    expect(s.out.map((o) => o.created)).toEqual(['2024-03-05', '2024-03-06', '2024-03-07', '2024-03-08']);
  });

  it('amounts with currency codes and accounting negatives become numbers', () => {
    const s = suggest(
      ['USD 1,200.50', '(300.00)', '45.10 USD', '$9.99'].map((a) => ({ amount: a })),
      { amount: { type: 'number' } },
    );
    expect(s.out.map((o) => o.amount)).toEqual([1200.5, -300, 45.1, 9.99]);
  });
});

describe('codes to enums by meaning', () => {
  it('names the code system and its confidence', () => {
    const iso = codeMapping(['1', '2', '9'], ['male', 'female', 'other', 'unknown']);
    expect(iso?.table).toEqual({ '1': 'male', '2': 'female' });
    expect(iso?.entries[0]?.rule).toMatch(/ISO\/IEC 5218/);
    expect(iso?.review).toBe(true); // 9 (not applicable) has no target
    const hl7 = codeMapping(['M', 'F', 'U'], ['male', 'female', 'other', 'unknown']);
    expect(hl7?.table).toEqual({ M: 'male', F: 'female', U: 'unknown' });
    expect(hl7?.entries[2]?.rule).toMatch(/HL7 v2 table 0001/);
  });

  it('F/P/C to FULL_TIME/PART_TIME/CONTRACTOR by initials, marked for review', () => {
    const records = ['F', 'P', 'F', 'C', 'F', 'P'].map((c) => ({ EMP_TYPE: c }));
    const s = suggest(records, {
      employment_type: { type: 'string', enum: ['FULL_TIME', 'PART_TIME', 'CONTRACTOR'] },
    });
    expect(s.field('employment_type').transform).toMatchObject({
      kind: 'lookup',
      table: { F: 'FULL_TIME', P: 'PART_TIME', C: 'CONTRACTOR' },
    });
    expect(s.field('employment_type').reason).toMatch(/only value starting with "F".*review/);
  });

  it('1/0 to yes/no, and a D/C column found for debit/credit by its values alone', () => {
    const records = [1, 0, 0, 1, 0].map((x, i) => ({ q_smoker: x, 'D/C': i % 2 ? 'D' : 'C' }));
    const s = suggest(records, {
      smoker: { type: 'string', enum: ['yes', 'no'] },
      direction: { type: 'string', enum: ['debit', 'credit'] },
    });
    expect(s.out[0]).toEqual({ smoker: 'yes', direction: 'credit' });
    expect(s.out[1]).toEqual({ smoker: 'no', direction: 'debit' });
  });
});

describe('end-to-end evaluation set', () => {
  it('every task keeps its share of reproduced values (no regression below 80% overall)', async () => {
    let hit = 0;
    let total = 0;
    for (const t of loadTasks()) {
      const r = await evaluateTask(t);
      hit += r.reproduced;
      total += r.leaves;
    }
    expect(hit / total).toBeGreaterThanOrEqual(0.8);
  }, 60_000);
});
