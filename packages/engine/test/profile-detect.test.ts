import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reformatDate } from '../src/mapper/index.ts';
import { parseWithLayout } from '../src/profile/formats.ts';
import {
  createProfiler,
  dateLayoutsOf,
  inferColumnType,
  parseLooseNumber,
  profileRecords,
  valueFormatOf,
} from '../src/profile/index.ts';

const col = (values: unknown[], name = 'v') => profileRecords(values.map((v) => ({ [name]: v }))).fields[0]!;

describe('formats of single values', () => {
  it.each([
    ['ann@example.com', 'email'],
    ['0b7e4c6a-1f2d-4c3b-9a8e-123456789abc', 'uuid'],
    ['https://example.com/x?y=1', 'url'],
    ['+1 (555) 123-4567', 'phone'],
    ['$1,234.50', 'currency'],
    ['12.50 EUR', 'currency'],
    ['12.5%', 'percent'],
    ['42', 'integer-string'],
    ['-3.25', 'number-string'],
    ['1,234.5', 'number-string'],
    ['yes', 'boolean-string'],
    ['FALSE', 'boolean-string'],
    ['12345-6789', 'zip'],
    ['10:45', 'time'],
    ['192.168.1.20', 'ip'],
  ])('%s is %s', (value, format) => {
    expect(valueFormatOf(value)).toBe(format);
  });

  it('treats 5 digits as a zip only when the name says so', () => {
    expect(valueFormatOf('02139', 'zip_code')).toBe('zip');
    expect(valueFormatOf('02139', 'quantity')).toBe('integer-string');
  });

  it('finds no format in free text', () => {
    expect(valueFormatOf('hello world')).toBeUndefined();
  });
});

describe('date layouts', () => {
  it.each([
    ['2024-03-15', 'YYYY-MM-DD'],
    ['15.03.2024', 'DD.MM.YYYY'],
    ['2024/03/15', 'YYYY/MM/DD'],
    ['15 Mar 2024', 'D MMM YYYY'],
    ['March 15, 2024', 'MMMM D, YYYY'],
    ['2024-03-15T10:00:00Z', 'iso'],
    ['2024-03-15 10:00:00', 'YYYY-MM-DD HH:mm:ss'],
  ])('%s fits %s', (v, layout) => {
    expect(dateLayoutsOf(v)).toContain(layout);
  });

  it('detects layouts that the date transform of the mapper understands (contract)', () => {
    const samples = [
      '2024-03-15',
      '03/15/2024',
      '15.03.2024',
      '2024/03/15',
      '15-03-2024',
      '03/15/24',
      '20240315',
      '15 Mar 2024',
      '15-Mar-2024',
      'Mar 15, 2024',
      'March 15, 2024',
      '15 March 2024',
      '2024-03-15 10:20:30',
      '15.03.2024 10:20',
    ];
    for (const v of samples) {
      const layouts = dateLayoutsOf(v);
      expect(layouts.length).toBeGreaterThan(0);
      for (const l of layouts) expect(reformatDate(v, l, 'date')).toBe('2024-03-15');
    }
  });

  it('rejects impossible calendar dates', () => {
    expect(dateLayoutsOf('2023-02-30')).toEqual([]);
    expect(parseWithLayout('31/04/2024', 'DD/MM/YYYY')).toBeUndefined();
  });

  it('resolves MM/DD vs DD/MM from the column', () => {
    expect(col(['03/04/2024', '12/25/2024', '01/31/2023']).layout).toBe('MM/DD/YYYY');
    expect(col(['03/04/2024', '25/12/2024', '31/01/2023']).layout).toBe('DD/MM/YYYY');
    expect(col(['01.02.2020', '31.12.2021']).format).toBe('date');
    expect(col(['2024-01-01T00:00:00Z', '2020-05-06T12:30:00+02:00']).format).toBe('date-time');
  });

  it('round-trips every valid date through its layout (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1950-01-01'), max: new Date('2049-12-31'), noInvalidDate: true }),
        (d) => {
          const y = d.getUTCFullYear();
          const m = String(d.getUTCMonth() + 1).padStart(2, '0');
          const day = String(d.getUTCDate()).padStart(2, '0');
          for (const [s, layout] of [
            [`${m}/${day}/${y}`, 'MM/DD/YYYY'],
            [`${day}.${m}.${y}`, 'DD.MM.YYYY'],
            [`${y}-${m}-${day}`, 'YYYY-MM-DD'],
          ] as const) {
            expect(dateLayoutsOf(s)).toContain(layout);
            expect(parseWithLayout(s, layout)).toMatchObject({
              year: y,
              month: d.getUTCMonth() + 1,
              day: d.getUTCDate(),
            });
          }
        },
      ),
    );
  });
});

describe('profileRecords', () => {
  it('reports paths, types, null rates and distinct values', () => {
    const p = profileRecords([
      { id: 1, name: 'A', tags: ['x', 'y'], items: [{ price: 2.5 }, { price: 3 }], status: 'open' },
      { id: 2, name: null, tags: [], items: [{ price: 1 }], status: 'closed' },
      { id: 3, name: '', items: [], status: 'open' },
      { id: 4, name: 'D', status: 'open' },
    ]);
    const by = Object.fromEntries(p.fields.map((f) => [f.path, f]));
    expect(p.recordCount).toBe(4);
    expect(Object.keys(by).sort()).toEqual(['id', 'items[*].price', 'name', 'status', 'tags[*]']);
    expect(by.id!.type).toBe('integer');
    expect(by.name!.nullRate).toBeCloseTo(0.5);
    expect(by['items[*].price']!.type).toBe('number');
    expect(by['items[*].price']!.inArray).toBe(true);
    expect(by['items[*].price']!.nullRate).toBeCloseTo(0.5);
    expect(by['items[*].price']!.stats).toMatchObject({ min: 1, max: 3 });
    expect(by.status!.distinct).toEqual([
      { value: 'open', count: 3 },
      { value: 'closed', count: 1 },
    ]);
  });

  it('detects numbers, booleans and currency written as strings', () => {
    expect(col(['1', '2', '30']).format).toBe('integer-string');
    expect(col(['1.5', '2', '3.25']).format).toBe('number-string');
    expect(col(['yes', 'no', 'Yes']).format).toBe('boolean-string');
    const c = col(['$10.00', '$1,200.50', '($5.00)']);
    expect(c.format).toBe('currency');
    expect(c.stats).toMatchObject({ min: -5, max: 1200.5 });
    expect(col(['a@b.io', 'c@d.com']).format).toBe('email');
    expect(col(['a@b.io', 'nope', 'x', 'y']).format).toBeUndefined();
  });

  it('treats __proto__ as an ordinary key and never pollutes prototypes', () => {
    const rec = JSON.parse('{"__proto__": {"polluted": 1}, "constructor": "c", "a": 1}');
    const p = profileRecords([rec]);
    expect(p.fields.map((f) => f.path).sort()).toEqual(['__proto__.polluted', 'a', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('survives hostile nesting and width', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 20_000; i++) deep = { a: deep };
    const p = profileRecords([deep], { maxDepth: 10 });
    expect(p.fields).toHaveLength(1);
    expect(p.fields[0]!.path.split('.')).toHaveLength(10);
    expect(p.fields[0]!.type).toBe('object');
    const wide = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]));
    const w = profileRecords([wide], { maxFields: 20 });
    expect(w.fields).toHaveLength(20);
    expect(w.droppedPaths).toBe(30);
  });

  it('keeps memory bounded: distinct tracking and examples are capped', () => {
    const prof = createProfiler({ maxDistinct: 100, examples: 5 });
    for (let i = 0; i < 10_000; i++) prof.add({ id: `id-${i}` });
    const f = prof.result().fields[0]!;
    expect(f.distinctCount).toBe(100);
    expect(f.distinct).toBeUndefined();
    expect(f.examples).toHaveLength(5);
    expect(f.count).toBe(10_000);
  });

  it('is deterministic (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 2 })), {
          maxLength: 20,
        }),
        (recs) => {
          expect(profileRecords(recs)).toEqual(profileRecords(recs));
          for (const f of profileRecords(recs).fields) {
            expect(f.nullRate).toBeGreaterThanOrEqual(0);
            expect(f.nullRate).toBeLessThanOrEqual(1);
          }
        },
      ),
    );
  });
});

describe('inferColumnType and parseLooseNumber', () => {
  it('types CSV columns', () => {
    expect(inferColumnType(['1', '2', ''])).toEqual({ type: 'integer', nullable: true });
    expect(inferColumnType(['1.5', '2'])).toMatchObject({ type: 'number', nullable: false });
    expect(inferColumnType(['true', 'false'])).toMatchObject({ type: 'boolean' });
    expect(inferColumnType(['31.12.2020', '01.01.2021'])).toMatchObject({
      type: 'string',
      format: 'date',
      layout: 'DD.MM.YYYY',
    });
    expect(inferColumnType(['x', 'y'])).toMatchObject({ type: 'string' });
    expect(inferColumnType(['', 'NULL'])).toMatchObject({ type: 'null' });
  });

  it('parses currency and European numbers', () => {
    expect(parseLooseNumber('$1,234.50')).toBe(1234.5);
    expect(parseLooseNumber('(12.00)')).toBe(-12);
    expect(parseLooseNumber('1.234,56 €')).toBe(1234.56);
    expect(parseLooseNumber('15%')).toBe(15);
    expect(parseLooseNumber('abc')).toBeUndefined();
  });
});
