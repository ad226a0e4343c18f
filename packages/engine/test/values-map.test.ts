import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editDistance, isAbbreviation, mapValues, valueKeys } from '../src/values/index.ts';

const shared = (a: string, b: string) => valueKeys(a).some((k) => valueKeys(b).includes(k));

describe('valueKeys', () => {
  it.each([
    ['pT3', 'T3'],
    ['cM0', 'M0'],
    ['pNX', 'NX'],
    ['pNx', 'NX'],
    ['pTis', 'Tis'],
    ['pT1a (FIGO IA)', 'T1a'],
    ['Stage 2A', 'Stage IIA'],
    ['2A', 'Stage IIA'],
    ['FIGO grade 1', 'G1'],
    ['1', 'Yes'],
    ['0', 'no'],
    ['Present', 'Yes'],
    ['m', 'male'],
    ['4', '4.0'],
    ['R0:  No residual tumor', 'R0'],
    ['Current smoker: Includes daily smokers', 'Current Smoker'],
    ['Caucasian', 'white'],
  ])('%s agrees with %s', (a, b) => {
    expect(shared(a, b)).toBe(true);
  });

  it.each([
    ['pT3', 'N3'],
    ['pNX', 'MX'],
    ['male', 'female'],
    ['Stage IIA', 'Stage IIB'],
    ['yes', 'no'],
  ])('%s differs from %s', (a, b) => {
    expect(shared(a, b)).toBe(false);
  });

  it('gives null-like values no keys', () => {
    expect(valueKeys('Not Reported')).toEqual([]);
    expect(valueKeys('')).toEqual([]);
    expect(valueKeys(null)).toEqual([]);
  });
});

describe('isAbbreviation / editDistance', () => {
  it('recognises abbreviations', () => {
    expect(isAbbreviation('CREDCARD', ['credit', 'card'])).toBe(true);
    expect(isAbbreviation('dob', ['date', 'of', 'birth'])).toBe(true);
    expect(isAbbreviation('cc', ['credit', 'card'])).toBe(true);
    expect(isAbbreviation('xyz', ['credit', 'card'])).toBe(false);
  });
  it('edit distance is a metric (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), (a, b) => {
        expect(editDistance(a, b)).toBe(editDistance(b, a));
        expect(editDistance(a, a)).toBe(0);
        expect(editDistance(a, b)).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });
});

describe('mapValues', () => {
  const payment = ['CREDCARD', 'DEBITCARD', 'CASH', 'WIRE'];

  it('maps spellings and abbreviations onto the target enum', () => {
    const m = mapValues(['Credit Card', 'cash', 'Debit Card', 'Bitcoin'], payment);
    expect(m.table).toMatchObject({ 'Credit Card': 'CREDCARD', cash: 'CASH', 'Debit Card': 'DEBITCARD' });
    expect(m.unmatched).toEqual(['Bitcoin']);
    expect(m.coverage).toBeCloseTo(0.75);
    const cash = m.entries.find((e) => e.source === 'cash')!;
    expect(cash.confidence).toBe(1);
    expect(m.entries.find((e) => e.source === 'Credit Card')!.confidence).toBeLessThan(1);
  });

  it('maps staging codes and yes/no codes', () => {
    expect(mapValues(['pT1a', 'pT3', 'pTX'], ['T1a', 'T3', 'TX', 'T4']).table).toEqual({
      pT1a: 'T1a',
      pT3: 'T3',
      pTX: 'TX',
    });
    expect(mapValues(['0', '1'], ['No', 'Yes']).table).toEqual({ '0': 'No', '1': 'Yes' });
    expect(mapValues(['M', 'F'], ['male', 'female']).table).toEqual({ M: 'male', F: 'female' });
  });

  it('lets a user table win and keeps __proto__ as data', () => {
    const m = mapValues(['Credit Card', '__proto__'], payment, {
      userTable: JSON.parse('{"Credit Card": "CASH", "__proto__": "WIRE"}'),
    });
    expect(m.table['Credit Card']).toBe('CASH');
    expect(Object.keys(m.table)).toContain('__proto__');
    expect(Object.getOwnPropertyDescriptor(m.table, '__proto__')?.value).toBe('WIRE');
    expect(Object.getPrototypeOf(m.table)).toBe(Object.prototype);
  });

  it('maps every target value onto itself with full confidence (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[A-Za-z]{2,8}$/), {
          minLength: 1,
          maxLength: 6,
          selector: (s) => s.toLowerCase(),
        }),
        (enumValues) => {
          const m = mapValues(enumValues, enumValues);
          for (const v of enumValues) expect(m.table[v]).toBe(v);
          expect(m.unmatched).toEqual([]);
        },
      ),
    );
  });
});
