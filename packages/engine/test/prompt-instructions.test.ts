import { describe, expect, it } from 'vitest';
import { compileSpec } from '../src/mapper/index.ts';
import { profileRecords } from '../src/profile/index.ts';
import { interpretInstruction } from '../src/prompt/index.ts';
import { SPEC_VERSION } from '../src/spec/types.ts';

const records = [
  {
    first_name: 'Ada',
    last_name: 'Lovelace',
    born: '12/10/1815',
    city: ' london ',
    items: [{ price: 2 }, { price: 3 }],
    amount: 10,
  },
  { first_name: 'Grace', last_name: 'Hopper', born: '12/09/1906', city: 'new york', items: [], amount: 4 },
];
const fields = profileRecords(records).fields;
const apply = (target: string, instruction: string) => {
  const out = interpretInstruction(target, instruction, fields);
  if (!out.mapping) return { out, values: [] };
  const mapper = compileSpec({ version: SPEC_VERSION, fields: [out.mapping] });
  return { out, values: records.map((r) => (mapper.map(r) as Record<string, unknown>)[target]) };
};

describe('built-in prompt generator', () => {
  it('concatenates the fields it names, in the order named', () => {
    expect(apply('full_name', 'concatenate first and last name').values).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
    ]);
    expect(apply('full_name', 'combine last name and first name with a comma').values).toEqual([
      'Lovelace, Ada',
      'Hopper, Grace',
    ]);
  });

  it('re-formats dates to the layout asked for', () => {
    expect(apply('birth_date', 'use the born date as YYYY-MM-DD').values).toEqual([
      '1815-12-10',
      '1906-12-09',
    ]);
  });

  it('changes case, sets defaults and constants, aggregates and does arithmetic', () => {
    expect(apply('city', 'uppercase the city').values).toEqual([' LONDON ', 'NEW YORK']);
    expect(apply('currency', 'always "USD"').values).toEqual(['USD', 'USD']);
    expect(apply('item_count', 'count of items').values).toEqual([2, 0]);
    expect(apply('items_total', 'sum of items price').values).toEqual([5, 0]);
    expect(apply('cents', 'multiply amount by 100').values).toEqual([1000, 400]);
    expect(apply('given', 'first word of first name').values).toEqual(['Ada', 'Grace']);
  });

  it('says plainly what it could not do', () => {
    const out = interpretInstruction('vibe', 'compute the sentiment of the biography', fields);
    expect(out.understood).toBe(false);
    expect(out.message).toMatch(/did not understand/);
    expect(interpretInstruction('x', 'combine the foo and the bar', fields)).toMatchObject({
      understood: false,
    });
  });
});
