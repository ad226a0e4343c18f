import { describe, expect, it } from 'vitest';
import { groupErrors } from './error-groups.ts';
import { ruleOf } from './messages.ts';
import { parseFieldPath, valueAtPath } from './paths.ts';

const bad = (index: number, source: object, mapped: object, errors: Record<string, [string, string]>) => ({
  index,
  source_record: source,
  mapped_record: mapped,
  message: {
    record_errors: Object.fromEntries(
      Object.entries(errors).map(([f, [type, msg]]) => [f, { error_type: type, error_message: msg }]),
    ),
  },
});

describe('groupErrors', () => {
  it('groups by type then field, counting records and keeping distinct samples', () => {
    const groups = groupErrors(
      [
        bad(
          0,
          { mail: 'x', amt: 'n/a' },
          { email: 'x' },
          {
            email: ['Type Error', 'email: must be an email address, got string "x"'],
            amount: ['Schema Error', 'amount: is required'],
          },
        ),
        bad(
          4,
          { mail: 'y', amt: 'n/a' },
          { email: 'y' },
          { amount: ['Schema Error', 'amount: is required'] },
        ),
        bad(
          9,
          { mail: 'x' },
          { email: 'x' },
          { email: ['Type Error', 'email: must be an email address, got string "x"'] },
        ),
        { index: 10, source_record: {}, mapped_record: {}, message: 'success' },
      ],
      (field) => (field === 'amount' ? ['amt'] : ['mail']),
    );
    expect(groups.map((g) => [g.type, g.count])).toEqual([
      ['Schema Error', 2],
      ['Type Error', 2],
    ]);
    const amount = groups[0]?.fields[0];
    expect(amount).toMatchObject({ field: 'amount', count: 2, rules: [{ rule: 'is required', count: 2 }] });
    // the mapper dropped the value: the sample is what the source held, once
    expect(amount?.samples).toEqual([{ value: 'n/a', from: 'source', index: 0 }]);
    const email = groups[1]?.fields[0];
    expect(email?.rules).toEqual([{ rule: 'must be an email address', count: 2 }]);
    expect(email?.samples).toEqual([{ value: 'x', from: 'mapped', index: 0 }]);
  });

  it('says a value was missing when neither the mapped nor the source record has it', () => {
    const [g] = groupErrors([bad(3, {}, {}, { name: ['Schema Error', 'name: is required'] })]);
    expect(g?.fields[0]?.samples).toEqual([{ value: undefined, from: 'missing', index: 3 }]);
  });
});

describe('field paths and rules', () => {
  it('reads nested and array paths', () => {
    expect(parseFieldPath('transactions[0].amount')).toEqual(['transactions', 0, 'amount']);
    expect(valueAtPath({ transactions: [{ amount: 5 }] }, 'transactions[0].amount')).toBe(5);
    expect(valueAtPath({ 'a.b': 1 }, 'a.b')).toBe(1);
    expect(valueAtPath({ a: null }, 'a.b')).toBeUndefined();
  });

  it('strips the field name and the offending value from a message', () => {
    expect(ruleOf('amount', 'amount: must be number, got string "n/a"')).toBe('must be number');
    expect(ruleOf('id', 'id: value "7" is not unique (records 1, 2)')).toBe(
      'must be unique, but the value repeats',
    );
  });
});
