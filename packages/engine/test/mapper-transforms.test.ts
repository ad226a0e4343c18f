import { describe, expect, it } from 'vitest';
import {
  aggregate,
  arithmetic,
  castValue,
  lookupValue,
  parseBoolean,
  parseNumber,
  reformatDate,
  splitPart,
  textOp,
} from '../src/mapper/index.ts';

describe('parseNumber', () => {
  it.each([
    ['$1,234.50', 1234.5],
    ['(12.00)', -12],
    ['45%', 0.45],
    [' 7 ', 7],
    ['-3.25', -3.25],
    ['€ 1 000', 1000],
    ['£-2', -2],
    ['(0)', 0],
    [12, 12],
    [true, 1],
  ])('%s -> %s', (input, expected) => {
    expect(parseNumber(input)).toBe(expected);
  });
  it.each([
    '',
    'abc',
    '1e5',
    '1.2.3',
    '--1',
    '+5',
    '5.',
    null,
    undefined,
    {},
    Number.NaN,
    Number.POSITIVE_INFINITY,
  ])('rejects %s', (input) => {
    expect(parseNumber(input)).toBeUndefined();
  });
});

describe('parseBoolean', () => {
  it.each([
    ['yes', true],
    ['Y', true],
    [' TRUE ', true],
    ['1', true],
    [1, true],
    ['no', false],
    ['n', false],
    ['False', false],
    ['0', false],
    [0, false],
    [false, false],
  ])('%s -> %s', (input, expected) => {
    expect(parseBoolean(input)).toBe(expected);
  });
  it('rejects other values', () => {
    expect(parseBoolean('maybe')).toBeUndefined();
    expect(parseBoolean(2)).toBeUndefined();
  });
});

describe('cast', () => {
  it('to string prints numbers with 15 significant digits', () => {
    expect(castValue(0.1 + 0.2, 'string')).toBe('0.3');
    expect(castValue(true, 'string')).toBe('true');
  });
  it('to integer rounds half up', () => {
    expect(castValue('2.5', 'integer')).toBe(3);
    expect(castValue('-2.5', 'integer')).toBe(-2);
    expect(castValue('$1,234.49', 'integer')).toBe(1234);
  });
});

describe('dates', () => {
  it.each([
    ['03/04/2024', 'MM/DD/YYYY', 'date', '2024-03-04'],
    ['4.3.2024', 'D.M.YYYY', 'date', '2024-03-04'],
    ['2024-03-04', 'YYYY-MM-DD', 'DD/MM/YY', '04/03/24'],
    ['4 Mar 2024', 'D MMM YYYY', 'MMMM D, YYYY', 'March 4, 2024'],
    ['march 4, 2024', 'MMMM D, YYYY', 'date', '2024-03-04'],
    ['03/04/99', 'MM/DD/YY', 'date', '1999-03-04'],
    ['03/04/24 13:05:09', 'MM/DD/YY HH:mm:ss', 'date-time', '2024-03-04T13:05:09Z'],
    ['2024-03-04T10:00:00+02:00', 'iso', 'date', '2024-03-04'],
    ['2024-03-04T10:00:00+02:00', 'iso', 'epoch-ms', 1709539200000],
    [1709539200000, 'epoch-ms', 'date-time', '2024-03-04T08:00:00.000Z'],
    ['1709539200', 'epoch-s', 'date', '2024-03-04'],
    ['2024-03-04', 'iso', 'epoch-s', 1709510400],
  ])('%s (%s) -> %s = %s', (input, from, to, expected) => {
    expect(reformatDate(input, from, to)).toBe(expected);
  });
  it('detects the layout when none is given', () => {
    expect(reformatDate('03/04/2024', undefined, 'date')).toBe('2024-03-04');
    expect(reformatDate('25/12/2024', undefined, 'date')).toBe('2024-12-25');
    expect(reformatDate('Dec 25, 2024', undefined, 'date')).toBe('2024-12-25');
    expect(reformatDate('2024-12-25T08:30:00Z', undefined, 'MM/DD/YYYY HH:mm')).toBe('12/25/2024 08:30');
  });
  it('rejects impossible dates and other shapes', () => {
    expect(reformatDate('02/30/2024', 'MM/DD/YYYY', 'date')).toBeUndefined();
    expect(reformatDate('02/29/2023', 'MM/DD/YYYY', 'date')).toBeUndefined();
    expect(reformatDate('02/29/2024', 'MM/DD/YYYY', 'date')).toBe('2024-02-29');
    expect(reformatDate('2024-03-04', 'MM/DD/YYYY', 'date')).toBeUndefined();
    expect(reformatDate('24:00', 'HH:mm', 'date')).toBeUndefined();
    expect(reformatDate(42, 'MM/DD/YYYY', 'date')).toBeUndefined();
  });
});

describe('text, split, lookup, arithmetic, aggregate', () => {
  it('text ops', () => {
    expect(textOp('trim')('  a \t b  ')).toBe('a b');
    expect(textOp('upper')('abc')).toBe('ABC');
    expect(textOp('lower')('AbC')).toBe('abc');
    expect(textOp('title')('jANE o doe')).toBe('Jane O Doe');
    expect(textOp('upper')(null)).toBeUndefined();
  });
  it('split takes a part, negative from the end', () => {
    expect(splitPart(' ', 0)('Jane Doe')).toBe('Jane');
    expect(splitPart(' ', -1)('Jane van Doe')).toBe('Doe');
    expect(splitPart(',', 3)('a,b')).toBeUndefined();
  });
  it('lookup with fallbacks', () => {
    const table = { A: 'active', I: 'inactive' };
    expect(lookupValue({ kind: 'lookup', table })('A')).toBe('active');
    expect(lookupValue({ kind: 'lookup', table })('X')).toBe('X');
    expect(lookupValue({ kind: 'lookup', table, fallback: 'null' })('X')).toBeUndefined();
    expect(lookupValue({ kind: 'lookup', table, caseInsensitive: true })('i')).toBe('inactive');
    expect(lookupValue({ kind: 'lookup', table: { '1': true } })(1)).toBe(true);
  });
  it('arithmetic parses numbers and refuses non-finite results', () => {
    expect(arithmetic('*', 100)('0.5')).toBe(50);
    expect(arithmetic('-', 1)('$3')).toBe(2);
    expect(arithmetic('/', 0)(1)).toBeUndefined();
    expect(arithmetic('+', 1)('x')).toBeUndefined();
  });
  it('aggregates', () => {
    const v = ['1', 2, '$3.50', 'x'];
    expect(aggregate('count')(v)).toBe(4);
    expect(aggregate('sum')(v)).toBe(6.5);
    expect(aggregate('min')(v)).toBe(1);
    expect(aggregate('max')(v)).toBe(3.5);
    expect(aggregate('avg')([1, 2])).toBe(1.5);
    expect(aggregate('first')(v)).toBe('1');
    expect(aggregate('last')(v)).toBe('x');
    expect(aggregate('join', '|')(v)).toBe('1|2|$3.50|x');
    expect(aggregate('count')(undefined)).toBe(0);
    expect(aggregate('sum')(undefined)).toBe(0);
    expect(aggregate('avg')([])).toBeUndefined();
  });
});
