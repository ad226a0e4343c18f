/**
 * Issue 24 "Output you can trust", the engine's part: dates read as people write them with the
 * day/month order decided per column, money with symbols, codes and decimal commas, lookups that
 * keep what they do not list, names with particles, and "Automatic" doing what the target asks.
 * (Dropped values and the validator's use of them: mapper-drops.test.ts, validate-records.test.ts.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMapperEdits,
  compileSpec,
  currencyOf,
  dayMonthOrder,
  inferSampleEdit,
  type JsonSchema,
  type MappingSpec,
  parseNumber,
  profileRecords,
  reformatDate,
  suggestMapping,
} from '../src/index.ts';
import { nameParts } from '../src/mapper/parts.ts';

function suggest(records: Record<string, unknown>[], properties: Record<string, JsonSchema>) {
  const s = suggestMapping({
    profile: profileRecords(records),
    targetSchema: { type: 'object', properties },
  });
  const field = (target: string) => s.spec.fields.find((f) => f.target === target)!;
  return { field, out: compileSpec(s.spec).mapManyReport(records) };
}

describe('dates as people write them', () => {
  it.each([
    ['Sep 7 2023', '2023-09-07'],
    ['September 7, 2023', '2023-09-07'],
    ['Thu, Sep 7th 2023', '2023-09-07'],
    ['7 Sep 2023', '2023-09-07'],
    ['07-Sep-2023', '2023-09-07'],
    ['2023-09-07T23:30:00+0200', '2023-09-07'],
  ])('%s reads as %s with no layout given', (text, iso) => {
    expect(reformatDate(text, undefined, 'date')).toBe(iso);
    expect(reformatDate(text, 'dmy', 'date')).toBe(iso);
  });

  it('keeps times, 12-hour clocks and zones', () => {
    expect(reformatDate('Sep 7 2023 10:15 PM', 'mdy', 'date-time')).toBe('2023-09-07T22:15:00Z');
    expect(reformatDate('14/10/2023 12:05 am', 'dmy', 'date-time')).toBe('2023-10-14T00:05:00Z');
    expect(reformatDate('14.10.2023 09:30:15.25 +0530', 'dmy', 'date-time')).toBe(
      '2023-10-14T09:30:15.25+05:30',
    );
    expect(reformatDate('10/14/2023 9:30 UTC', 'mdy', 'date-time')).toBe('2023-10-14T09:30:00Z');
    expect(reformatDate('14/10/2023 13:00 pm', 'dmy', 'date-time')).toBeUndefined();
  });

  it('reads a column in one day/month order: 03/10/2023 beside 14/10/2023 is 3 October', () => {
    const order = dayMonthOrder(['14/10/2023', '03/10/2023', 'Sep 7 2023']);
    expect(order).toMatchObject({ order: 'dmy', ambiguous: false, dayFirst: '14/10/2023' });
    expect(dayMonthOrder(['10/14/2023', '03/10/2023'])).toMatchObject({ order: 'mdy', ambiguous: false });
    expect(dayMonthOrder(['03/10/2023', '04/11/2023']).ambiguous).toBe(true);
    expect(dayMonthOrder(['14/10/2023', '10/14/2023']).ambiguous).toBe(true);
    expect(reformatDate('03/10/2023', 'dmy', 'date')).toBe('2023-10-03');
    expect(reformatDate('03/10/2023', 'mdy', 'date')).toBe('2023-03-10');
    // the other order is not guessed: the value is not read (and so reported as dropped)
    expect(reformatDate('10/14/2023', 'dmy', 'date')).toBeUndefined();
  });

  it('the proposal picks the order once per column, with its evidence, and flags an ambiguous column', () => {
    const dates = ['14/10/2023', '03/10/2023', 'Sep 7 2023', '2023-10-05'];
    const s = suggest(
      dates.map((d) => ({ signup: d })),
      { signup: { type: 'string', format: 'date' } },
    );
    expect(s.field('signup').transform).toEqual({ kind: 'date', from: 'dmy', to: 'date' });
    expect(s.field('signup').reason).toMatch(/day first: 14\/10\/2023/);
    expect(s.out.records.map((r) => r.signup)).toEqual([
      '2023-10-14',
      '2023-10-03',
      '2023-09-07',
      '2023-10-05',
    ]);

    const unsure = suggest(
      ['03/10/2023', '04/11/2023', 'Sep 7 2023', '2023-10-05'].map((d) => ({ signup: d })),
      { signup: { type: 'string', format: 'date' } },
    );
    expect(unsure.field('signup').reason).toMatch(/ambiguous day\/month order/);
    expect(unsure.field('signup').confidence).toBeLessThan(s.field('signup').confidence);
  });

  it('a column in one layout with a value nobody writes still gets the layout; that value is a drop', () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({
      paid: i === 5 ? 'sometime in May' : `${String((i % 28) + 1).padStart(2, '0')}/10/2023`,
    }));
    const s = suggest(rows, { paid: { type: 'string', format: 'date' } });
    expect(s.field('paid').transform).toMatchObject({ kind: 'date', to: 'date' });
    expect(s.out.records[4]!.paid).toBe('2023-10-05');
    expect(s.out.records[5]!.paid).toBeUndefined();
    expect(s.out.dropped[5]).toEqual([expect.objectContaining({ field: 'paid', value: 'sometime in May' })]);
    expect(s.field('paid').reason).toMatch(/reported as dropped/);
  });

  it('a column of dates written several ways is found for a date target (no one layout needed)', () => {
    const dates = ['14/10/2023', 'Sep 7 2023', '2023-10-05', '03/10/2023'];
    const s = suggest(
      Array.from({ length: 20 }, (_, i) => ({ Signup: dates[i % 4], Note: `note ${i}` })),
      { signup_date: { type: 'string', format: 'date' } },
    );
    expect(s.field('signup_date').sources).toEqual(['Signup']);
    expect(s.out.records[1]!.signup_date).toBe('2023-09-07');
  });

  it('amounts written several ways (symbols, codes, bare) count as numbers: a sure match, read whole', () => {
    const amounts = ['€799.41', '$1,200.50', 'USD 15.00', '42'];
    const s = suggest(
      Array.from({ length: 20 }, (_, i) => ({ Amount: amounts[i % 4] })),
      { amount: { type: 'number' } },
    );
    expect(s.field('amount').confidence).toBeGreaterThan(0.75);
    expect(s.out.records.slice(0, 4).map((r) => r.amount)).toEqual([799.41, 1200.5, 15, 42]);
  });

  it('property: a date written D/M/Y in a day-first column reads back as itself', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (d) => {
          const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
          const iso = `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          expect(reformatDate(`${day}/${m}/${y}`, 'dmy', 'date')).toBe(iso);
          expect(reformatDate(`${m}/${day}/${y}`, 'mdy', 'date')).toBe(iso);
          const month = d.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
          expect(reformatDate(`${month} ${day} ${y}`, undefined, 'date')).toBe(iso);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('money as people write it', () => {
  it.each([
    ['€799.41', 799.41],
    ['799,41 €', 799.41],
    ['USD 1,200.50', 1200.5],
    ['1.200,50 EUR', 1200.5],
    ['1 234,56 €', 1234.56],
    ['CA$5.25', 5.25],
    ['1.234.567', 1234567],
    // one comma and three digits: ambiguous, read as a thousands separator
    ['1,234', 1234],
  ])('%s -> %s', (text, n) => {
    expect(parseNumber(text)).toBe(n);
  });

  it('reads "1,234" as 1.234 in a column that writes decimal commas', () => {
    expect(parseNumber('1,234', true)).toBe(1.234);
    expect(parseNumber('1.234', true)).toBe(1234);
    const s = suggest(
      ['799,41 €', '1.200,50 EUR', '1,234 €'].map((a) => ({ amount: a })),
      { amount: { type: 'number' } },
    );
    expect(s.field('amount').transform).toEqual({ kind: 'cast', to: 'number', decimalComma: true });
    expect(s.out.records.map((r) => r.amount)).toEqual([799.41, 1200.5, 1.234]);
  });

  it('property: amounts formatted by Intl in several locales read back, with their currency', () => {
    const locales: [string, string][] = [
      ['en-US', 'USD'],
      ['de-DE', 'EUR'],
      ['fr-FR', 'EUR'],
      ['en-GB', 'GBP'],
      ['en-IN', 'INR'],
      ['en-US', 'EUR'],
      ['de-DE', 'USD'],
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: -99_999_999, max: 99_999_999 }),
        fc.constantFrom(...locales),
        (cents, [loc, cur]) => {
          for (const display of ['symbol', 'code'] as const) {
            const text = new Intl.NumberFormat(loc, {
              style: 'currency',
              currency: cur,
              currencyDisplay: display,
            }).format(cents / 100);
            // Intl writes a minus sign as U+2212 in some locales: people type '-'
            const typed = text.replace('\u2212', '-');
            expect(parseNumber(typed)).toBe(cents / 100 === 0 ? 0 : cents / 100);
            expect(currencyOf(typed)).toBe(cur);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('takes the currency as a value of its own', () => {
    const m = compileSpec({
      version: 1,
      fields: [
        {
          target: 'amount',
          sources: ['a'],
          transform: { kind: 'cast', to: 'number' },
          confidence: 1,
          bucket: 'High',
          reason: '',
        },
        {
          target: 'currency',
          sources: ['a'],
          transform: { kind: 'currency' },
          confidence: 1,
          bucket: 'High',
          reason: '',
        },
      ],
    });
    expect(
      m.mapMany([{ a: '€799.41' }, { a: '799,41 €' }, { a: 'USD 1,200.50' }, { a: '£3' }, { a: 'NZ$4' }]),
    ).toEqual([
      { amount: 799.41, currency: 'EUR' },
      { amount: 799.41, currency: 'EUR' },
      { amount: 1200.5, currency: 'USD' },
      { amount: 3, currency: 'GBP' },
      { amount: 4, currency: 'NZD' },
    ]);
    expect(currencyOf('ABC 12')).toBeUndefined();
    expect(currencyOf('12')).toBeUndefined();
  });
});

describe('lookups keep what they do not list', () => {
  it('a suggested lookup onto a closed enum keeps unlisted values, so they fail where they show', () => {
    const s = suggest(
      ['DE', 'France', 'Germany', 'germany', 'FR'].map((c) => ({ country: c })),
      { country: { type: 'string', enum: ['DE', 'FR', 'US'] } },
    );
    const t = s.field('country').transform;
    expect(t.kind === 'lookup' && t.fallback).toBe('keep');
    for (const r of s.out.records) expect(r.country).toBeDefined();
  });
});

describe('names', () => {
  it.each([
    ['Smith, Sarah', { first: 'Sarah', last: 'Smith' }],
    ['Pieter van der Berg', { first: 'Pieter', last: 'van der Berg' }],
    ['Corrie ten Boom', { first: 'Corrie', last: 'ten Boom' }],
    ['Gerard ter Steege', { first: 'Gerard', last: 'ter Steege' }],
    ['Omar al Farouk', { first: 'Omar', last: 'al Farouk' }],
    ['Karl zu Guttenberg', { first: 'Karl', last: 'zu Guttenberg' }],
    ['Van Morrison', { first: 'Van', last: 'Morrison' }],
  ])('%s', (text, parts) => {
    expect(nameParts(text)).toEqual(parts);
  });

  it('a sample edit of a first name learns the name part, not a split that breaks "Last, First"', async () => {
    const schema: JsonSchema = { type: 'object', properties: { first_name: { type: 'string' } } };
    const records = [{ name: 'Smith, Sarah' }, { name: 'Pieter van der Berg' }, { name: 'Sarah Smith' }];
    const spec: MappingSpec = { version: 1, fields: [] };
    const r = await inferSampleEdit({
      spec,
      targetSchema: schema,
      record: records[0],
      corrected: { first_name: 'Sarah' },
    });
    expect(r.spec.fields[0]?.transform).toEqual({ kind: 'name', part: 'first' });
    expect(
      compileSpec(r.spec)
        .mapMany(records)
        .map((o) => o.first_name),
    ).toEqual(['Sarah', 'Pieter', 'Sarah']);
  });
});

describe('"Automatic" does what the target type asks', () => {
  const schema: JsonSchema = {
    type: 'object',
    properties: { amount: { type: 'number' }, signup: { type: 'string', format: 'date' } },
  };
  // too few readable values for the matcher to propose a conversion on its own
  const records = [
    { price: '€799.41', when: '14/10/2023' },
    { price: 'n/a', when: '03/10/2023' },
    { price: 'soon', when: 'unknown' },
    { price: 'tbd', when: 'later' },
    { price: 'USD 1,200.50', when: 'n/a' },
  ];
  it('casts a number and reads dates in the column order; the rest is reported', () => {
    const spec = applyMapperEdits(
      { version: 1, fields: [] },
      [
        { targetField: 'amount', transformation: { extract: 'price' } },
        { targetField: 'signup', transformation: { extract: 'when', transform: 'auto' } },
      ],
      schema,
      records,
    );
    expect(spec.fields.map((f) => f.transform)).toEqual([
      { kind: 'cast', to: 'number' },
      { kind: 'date', from: 'dmy', to: 'date' },
    ]);
    const r = compileSpec(spec).mapManyReport(records);
    expect(r.records[0]).toEqual({ amount: 799.41, signup: '2023-10-14' });
    expect(r.records[1]).toEqual({ signup: '2023-10-03' });
    expect(r.dropped[2]?.map((d) => d.message)).toEqual([
      '`soon` is not a number this transform reads',
      '`unknown` is not a date this transform reads (day first)',
    ]);
  });

  it('a picked date transform reads the column in its order too', () => {
    const spec = applyMapperEdits(
      { version: 1, fields: [] },
      [{ targetField: 'signup', transformation: { extract: 'when', transform: 'date' } }],
      schema,
      records,
    );
    expect(spec.fields[0]?.transform).toEqual({ kind: 'date', from: 'dmy', to: 'date' });
  });
});
