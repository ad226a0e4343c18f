import { describe, expect, it } from 'vitest';
import { fieldType, typedValue } from './quarantine-fixes.tsx';

describe('a fixed cell becomes the value its field takes', () => {
  const schema = {
    properties: {
      amount: { type: ['number', 'null'] },
      zip: { type: 'string' },
      lines: { type: 'array', items: { properties: { qty: { type: 'integer' } } } },
      active: { type: 'boolean' },
    },
  };
  it('reads the field type from the target schema, list items included', () => {
    expect(fieldType(schema, 'amount')).toBe('number');
    expect(fieldType(schema, 'lines[2].qty')).toBe('integer');
    expect(fieldType(schema, 'unknown')).toBe('string');
  });
  it('keeps text for text fields and converts numbers and flags', () => {
    expect(typedValue('02134', fieldType(schema, 'zip'))).toBe('02134');
    expect(typedValue('30.5', 'number')).toBe(30.5);
    expect(typedValue('abc', 'number')).toBe('abc');
    expect(typedValue('true', 'boolean')).toBe(true);
    expect(typedValue('  ', 'string')).toBeNull();
  });
});
