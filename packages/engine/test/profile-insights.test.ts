import { describe, expect, it } from 'vitest';
import { columnInsights, countryOf } from '../src/index.ts';

describe('column insights for the import profile', () => {
  it('names what a column holds', () => {
    expect(columnInsights('email', ['a@x.com', 'b@y.org', null, '']).semantic).toBe('email');
    expect(columnInsights('amount', ['€799.41', '$12.00', '1.200,50 EUR']).semantic).toBe('money');
    expect(columnInsights('paid', ['14/10/2023', 'Sep 7 2023', '2023-10-05']).semantic).toBe('date');
    expect(columnInsights('country', ['Germany', 'DE', 'France', 'Deutschland']).semantic).toBe('country');
    expect(columnInsights('customer_id', ['1', '2', '3', '4']).semantic).toBe('id');
    expect(columnInsights('qty', ['1', '2', '2', '4']).semantic).toBe('integer');
    expect(columnInsights('note', ['hello', 'world']).semantic).toBe('text');
  });

  it('counts the ways a date column is written, with an example of each', () => {
    const values = [
      ...Array(5).fill('14/10/2023'),
      ...Array(3).fill('Sep 7 2023'),
      '2023-10-05',
      '03/10/2023',
    ];
    const { formats } = columnInsights('paid_on', values);
    expect(formats.map((f) => [f.shape, f.count])).toEqual([
      ['9/9/9', 6],
      ['Mon 9 9', 3],
      ['9-9-9', 1],
    ]);
    expect(formats[1]!.example).toBe('Sep 7 2023');
    // one way of writing: nothing to warn about
    expect(columnInsights('d', ['01/02/2023', '13/02/2023']).formats).toEqual([]);
  });

  it('finds spellings of one value: case, spacing, accents, a country by name, code or language', () => {
    const values = [
      'Germany',
      'germany',
      ' Germany',
      'DE',
      'Deutschland',
      'France',
      'FR',
      'UK',
      'United Kingdom',
    ];
    const { semantic, variants } = columnInsights('country', values);
    expect(semantic).toBe('country');
    const de = variants.find((v) => v.values.some((x) => x.value === 'DE'))!;
    expect(de.values.map((x) => x.value).sort()).toEqual([
      ' Germany',
      'DE',
      'Deutschland',
      'Germany',
      'germany',
    ]);
    expect(variants.find((v) => v.values.some((x) => x.value === 'UK'))!.values).toHaveLength(2);
    expect(countryOf('Allemagne')).toBe('DE');
    const status = columnInsights('status', ['Paid', 'paid', 'PAID', 'Open', 'Café', 'cafe']).variants;
    expect(status.map((v) => v.values.length)).toEqual([3, 2]);
    expect(status[0]!.canonical).toBe('Paid');
  });
});
