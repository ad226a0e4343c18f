import { describe, expect, it } from 'vitest';
import { mappingWords, transformWords } from './transform-words.ts';

describe('transforms in words', () => {
  it('says what each transform does', () => {
    expect(transformWords({ kind: 'cast', to: 'number' })).toBe('as a number');
    expect(transformWords({ kind: 'date', to: 'date', from: 'MM/DD/YYYY' })).toBe(
      'as a date (YYYY-MM-DD) (read as MM/DD/YYYY)',
    );
    expect(transformWords({ kind: 'split', separator: ' ', index: -1 })).toBe('split on " ", the last part');
    expect(transformWords({ kind: 'lookup', table: { a: 1, b: 2 }, fallback: 'keep' })).toBe(
      'looked up in a table of 2 values (others kept)',
    );
    expect(
      transformWords({
        kind: 'chain',
        steps: [
          { kind: 'text', op: 'trim' },
          { kind: 'cast', to: 'integer' },
        ],
      }),
    ).toBe('trimmed, then as a whole number');
  });

  it('says the suggested kinds: name parts, phones, rounding, list aggregates, date layouts', () => {
    expect(transformWords({ kind: 'name', part: 'first' })).toBe('the first name out of a whole name');
    expect(transformWords({ kind: 'name', part: 'last' })).toBe('the last name out of a whole name');
    expect(transformWords({ kind: 'name', part: 'suffix' })).toBe(
      'the suffix (Jr., III, PhD) out of a whole name',
    );
    expect(transformWords({ kind: 'phone', to: 'digits' })).toBe('as a phone number of 10 digits');
    expect(transformWords({ kind: 'phone', to: 'digits', nationalLength: 11 })).toBe(
      'as a phone number of 11 digits',
    );
    expect(transformWords({ kind: 'phone', to: 'e164', countryCode: '44' })).toBe(
      'as an international phone number (+44…)',
    );
    expect(transformWords({ kind: 'round', decimals: 2 })).toBe('rounded to 2 decimal places');
    expect(transformWords({ kind: 'round', decimals: 1 })).toBe('rounded to 1 decimal place');
    expect(transformWords({ kind: 'round', decimals: 0 })).toBe('rounded to a whole number');
    expect(transformWords({ kind: 'aggregate', fn: 'earliest' })).toBe('the earliest in the list');
    expect(transformWords({ kind: 'aggregate', fn: 'latest' })).toBe('the latest in the list');
    expect(transformWords({ kind: 'aggregate', fn: 'count' })).toBe('the number of items in the list');
    expect(transformWords({ kind: 'aggregate', fn: 'sum' })).toBe('the sum of the list');
    expect(transformWords({ kind: 'date', to: 'date' })).toBe(
      'as a date (YYYY-MM-DD), whatever layout each value has',
    );
    expect(transformWords({ kind: 'lookup', table: { F: 'FULL_TIME' }, fallback: 'null' })).toBe(
      'looked up in a table of 1 value (others empty)',
    );
    expect(transformWords({ kind: 'something-new' })).toBe('something-new');
  });

  it("describes a lookup's own fallback for values it does not list", () => {
    const table = { DE: 'Germany' };
    expect(transformWords({ kind: 'lookup', table, fallback: 'keep' })).toBe(
      'looked up in a table of 1 value (others kept)',
    );
    // no fallback is the engine's default: kept
    expect(transformWords({ kind: 'lookup', table })).toBe('looked up in a table of 1 value (others kept)');
    expect(transformWords({ kind: 'lookup', table, fallback: 'null' })).toBe(
      'looked up in a table of 1 value (others empty)',
    );
    expect(transformWords({ kind: 'lookup', table, fallback: 'default' })).toBe(
      'looked up in a table of 1 value (others get the default)',
    );
  });

  it('says the suggestions in one line', () => {
    expect(mappingWords({ sources: ['Full Name'], transform: { kind: 'name', part: 'first' } })).toBe(
      'Full Name, the first name out of a whole name',
    );
    expect(
      mappingWords({
        sources: ['orders[*].placed'],
        transform: {
          kind: 'chain',
          steps: [
            { kind: 'date', to: 'date' },
            { kind: 'aggregate', fn: 'latest' },
          ],
        },
      }),
    ).toBe(
      'orders[*].placed, as a date (YYYY-MM-DD), whatever layout each value has, then the latest in the list',
    );
    expect(
      mappingWords({
        sources: ['items[*].price'],
        transform: {
          kind: 'chain',
          steps: [
            { kind: 'aggregate', fn: 'sum' },
            { kind: 'round', decimals: 2 },
          ],
        },
      }),
    ).toBe('items[*].price, the sum of the list, then rounded to 2 decimal places');
    expect(
      mappingWords({ sources: ['street', 'city', 'zip'], transform: { kind: 'concat', separator: ', ' } }),
    ).toBe('street + city + zip, joined with a comma');
    expect(mappingWords({ sources: ['Price'], transform: { kind: 'cast', to: 'number' } })).toBe(
      'Price, as a number',
    );
  });

  it('says a whole mapping in one line, with its default', () => {
    expect(mappingWords({ sources: ['first', 'last'], transform: { kind: 'concat', separator: ' ' } })).toBe(
      'first + last, joined with a space',
    );
    expect(mappingWords({ sources: ['mail'], transform: { kind: 'copy' }, default: 'n/a' })).toBe(
      'mail; else "n/a"',
    );
    expect(mappingWords({ sources: [], transform: { kind: 'constant' }, default: 'GB' })).toBe('Always "GB"');
    expect(mappingWords({ sources: [], transform: { kind: 'constant' } })).toBe('Not mapped');
    expect(mappingWords({ sources: [], transform: { kind: 'jsonata', expression: '$x' } })).toBe(
      'Computed by a JSONata expression',
    );
  });
});
