/**
 * Issue 24, "values vanish while records pass": a transform that cannot convert a non-empty value
 * gives the field nothing. mapManyReport maps exactly as mapMany does and lists those values.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileSpec } from '../src/mapper/index.ts';
import type { FieldMapping, MappingSpec, Transform } from '../src/spec/types.ts';

let specArb: fc.Arbitrary<MappingSpec>;
let asyncSpecArb: fc.Arbitrary<MappingSpec>;
let recordArb: fc.Arbitrary<unknown>;
beforeAll(async () => {
  ({ specArb, asyncSpecArb, recordArb } = await import('./mapper-equivalence.test.ts'));
});

const field = (target: string, sources: string[], transform: Transform, extra: Partial<FieldMapping> = {}) =>
  ({
    target,
    sources,
    transform,
    confidence: 1,
    bucket: 'Very High',
    reason: 'test',
    ...extra,
  }) as FieldMapping;
const spec = (...fields: FieldMapping[]): MappingSpec => ({ version: 1, fields });

describe('mapManyReport', () => {
  it('maps exactly as mapMany and mapManyAsync do (generated specs and records)', async () => {
    await fc.assert(
      fc.asyncProperty(specArb, fc.array(recordArb, { minLength: 1, maxLength: 5 }), async (s, records) => {
        const m = compileSpec(s);
        const report = m.mapManyReport(records);
        expect(report.records).toStrictEqual(m.mapMany(records));
        expect(report.dropped).toHaveLength(records.length);
        // a report never lists a missing or blank value
        for (const d of report.dropped.flatMap((x) => x ?? [])) {
          expect(d.value === null || d.value === undefined || String(d.value).trim() === '').toBe(false);
        }
      }),
      { numRuns: 200 },
    );
    await fc.assert(
      fc.asyncProperty(
        asyncSpecArb,
        fc.array(recordArb, { minLength: 1, maxLength: 4 }),
        async (s, records) => {
          const m = compileSpec(s);
          const report = await m.mapManyReportAsync(records);
          expect(report.records).toStrictEqual(await m.mapManyAsync(records));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('reports a date the transform cannot read instead of losing it in silence', () => {
    const m = compileSpec(
      spec(
        field('signup', ['Signup'], { kind: 'date', from: 'DD/MM/YYYY', to: 'date' }),
        field('seen', ['Seen'], { kind: 'date', from: 'dmy', to: 'date' }),
      ),
    );
    const r = m.mapManyReport([
      { Signup: 'Sep 7 2023', Seen: '10/14/2023' },
      { Signup: '14/10/2023', Seen: '14/10/2023' },
      { Signup: '', Seen: null },
    ]);
    expect(r.records).toEqual([{}, { signup: '2023-10-14', seen: '2023-10-14' }, {}]);
    expect(r.dropped[0]).toEqual([
      {
        field: 'signup',
        target: 'signup',
        value: 'Sep 7 2023',
        message: '`Sep 7 2023` is not a date this transform reads (DD/MM/YYYY)',
        rule: 'is not a date this transform reads (DD/MM/YYYY)',
      },
      {
        field: 'seen',
        target: 'seen',
        value: '10/14/2023',
        message: '`10/14/2023` is not a date this transform reads (day first)',
        rule: 'is not a date this transform reads (day first)',
      },
    ]);
    // read values and empty sources are no drops
    expect(r.dropped.slice(1)).toEqual([undefined, undefined]);
  });

  it('reports casts, phones, currencies and arithmetic that fail, even when a default fills the field', () => {
    const m = compileSpec(
      spec(
        field('amount', ['a'], { kind: 'cast', to: 'number' }, { default: 0 }),
        field('ok', ['b'], { kind: 'cast', to: 'boolean' }),
        field('phone', ['c'], { kind: 'phone', to: 'e164' }),
        field('currency', ['a'], { kind: 'currency' }),
        field('cents', ['a'], {
          kind: 'chain',
          steps: [
            { kind: 'text', op: 'trim' },
            { kind: 'arithmetic', op: '*', operand: 100 },
          ],
        }),
      ),
    );
    const r = m.mapManyReport([{ a: 'n/a', b: 'maybe', c: '12' }]);
    expect(r.records).toEqual([{ amount: 0 }]);
    expect(r.dropped[0]?.map((d) => [d.field, d.message])).toEqual([
      ['amount', '`n/a` is not a number this transform reads'],
      ['ok', '`maybe` is not a yes/no value this transform reads'],
      ['phone', '`12` is not a phone number this transform reads'],
      ['currency', '`n/a` names no currency this transform reads (a symbol or an ISO 4217 code)'],
      ['cents', '`n/a` is not a number this transform reads'],
    ]);
  });

  it('does not count what the user asked to lose: lookups to empty, name parts, split parts', () => {
    const m = compileSpec(
      spec(
        field('country', ['c'], { kind: 'lookup', table: { DE: 'DE' }, fallback: 'null' }),
        field('middle', ['n'], { kind: 'name', part: 'middle' }),
        field('second', ['n'], { kind: 'split', separator: ',', index: 1 }),
      ),
    );
    const r = m.mapManyReport([{ c: 'Germany', n: 'Sarah Smith' }]);
    expect(r.records).toEqual([{}]);
    expect(r.dropped).toEqual([undefined]);
  });

  it('names the element of a list a value was dropped from', async () => {
    const m = compileSpec(
      spec(
        field('lines[*].amount', ['items[*].v'], { kind: 'cast', to: 'number' }),
        field('when', [], {
          kind: 'chain',
          steps: [
            { kind: 'jsonata', expression: 'd' },
            { kind: 'date', from: 'mdy', to: 'date' },
          ],
        }),
      ),
    );
    const r = await m.mapManyReportAsync([
      { items: [{ v: '€799.41' }, { v: 'lots' }], d: '14/10/2023' },
      { items: [], d: '10/14/2023' },
    ]);
    expect(r.records).toEqual([{ lines: [{ amount: 799.41 }, {}] }, { lines: [], when: '2023-10-14' }]);
    expect(r.dropped[0]?.map((d) => [d.field, d.target, d.value])).toEqual([
      ['lines[1].amount', 'lines[*].amount', 'lots'],
      ['when', 'when', '14/10/2023'],
    ]);
    expect(r.dropped[1]).toBeUndefined();
  });
});
