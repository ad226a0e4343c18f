/**
 * The transforms of the mapping-intelligence work — `name` parts, `phone` digits / E.164,
 * `earliest` / `latest` aggregates and currency codes in number casts — give the same output in
 * the reference interpreter, the compiled mapper, the JSONata expression and the generated
 * TypeScript module, on generated messy values (property-tested), and the documented values on
 * examples.
 */
import fc from 'fast-check';
import jsonata from 'jsonata';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { toTypeScript } from '../src/codegen/index.ts';
import { compileSpec, interpretSpec, toJsonata } from '../src/mapper/index.ts';
import { nameParts, phoneNumber } from '../src/mapper/parts.ts';
import { parseNumber } from '../src/mapper/values.ts';
import type { FieldMapping, MappingSpec, Transform } from '../src/spec/types.ts';
import { validateMappingSpec } from '../src/spec/validate-spec.ts';

function load(code: string): { mapRecords(records: readonly unknown[]): unknown } {
  const js = ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 },
  }).outputText;
  const module = { exports: {} as Record<string, unknown> };
  new Function('module', 'exports', 'require', js)(module, module.exports, () => {
    throw new Error('no imports expected');
  });
  return module.exports as unknown as { mapRecords(records: readonly unknown[]): unknown };
}

const word = fc.constantFrom(
  'Mary',
  'ANN',
  'smith',
  "O'Neil",
  'Jean-Luc',
  'van',
  'de',
  'la',
  'Dr.',
  'mr',
  'Prof',
  'Jr.',
  'jr',
  'III',
  'PhD',
  'M.D.',
  'V',
  'Lee',
  'José',
  'x',
  '',
);
const nameArb = fc.oneof(
  fc.array(word, { maxLength: 5 }).map((ws) => ws.join(' ')),
  fc
    .tuple(
      fc.array(word, { maxLength: 3 }),
      fc.array(word, { maxLength: 3 }),
      fc.constantFrom(',', ', ', ' , ', ',,'),
    )
    .map(([a, b, c]) => `${a.join(' ')}${c}${b.join('  ')}`),
  fc.string({ maxLength: 12 }),
);
const phoneArb = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('', '+', '00', '+1 ', '1-', '(', ' '),
      fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 0, maxLength: 14 }),
      fc.constantFrom('', ' ', '-', '.', ') ', '\t'),
      fc.constantFrom('', ' x12', ' ext. 7', 'A'),
    )
    .map(([p, ds, sep, ext]) => `${p}${ds.join(ds.length % 3 === 0 ? sep : '')}${ext}`),
  fc.string({ maxLength: 10 }),
  fc.integer({ min: 0, max: 99999999999 }),
);
const amountArb = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('', 'USD ', 'EUR', 'usd ', '$', '(USD '),
      fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }).map((n) => n.toFixed(2)),
      fc.constantFrom('', ' USD', 'GBP', ' Usd', ')', '%'),
    )
    .map(([a, b, c]) => `${a}${b}${c}`),
  fc.constantFrom('USD', 'ABC', 'ABC12', '12 ABCD', 'AB 12'),
);
const dateArb = fc.constantFrom('2024-03-01', '2023-12-31', '2024-03-01T10:00:00Z', '', 'n/a', 7, null);
const recordArb = fc.record(
  {
    name: nameArb,
    phone: phoneArb,
    amount: amountArb,
    names: fc.array(nameArb, { maxLength: 3 }),
    events: fc.array(fc.record({ at: dateArb, who: nameArb }, { requiredKeys: [] }), { maxLength: 4 }),
  },
  { requiredKeys: [] },
);

const part = fc.constantFrom('first', 'middle', 'last', 'suffix') as fc.Arbitrary<
  'first' | 'middle' | 'last' | 'suffix'
>;
const phoneT = fc
  .record({
    to: fc.constantFrom('digits', 'e164') as fc.Arbitrary<'digits' | 'e164'>,
    countryCode: fc.constantFrom(undefined, '1', '44', '353'),
    nationalLength: fc.constantFrom(undefined, 10, 9, 7),
  })
  .map((x): Transform => {
    const t: Transform = { kind: 'phone', to: x.to };
    if (x.countryCode !== undefined) t.countryCode = x.countryCode;
    if (x.nationalLength !== undefined) t.nationalLength = x.nationalLength;
    return t;
  });

const field = (target: string, sources: string[], transform: Transform, dflt?: unknown): FieldMapping => ({
  target,
  sources,
  transform,
  ...(dflt === undefined ? {} : { default: dflt }),
  confidence: 0.5,
  bucket: 'Medium',
  reason: 'generated',
});

const specArb: fc.Arbitrary<MappingSpec> = fc
  .record({
    p1: part,
    p2: part,
    p3: part,
    ph: phoneT,
    ph2: phoneT,
    fn: fc.constantFrom('earliest', 'latest') as fc.Arbitrary<'earliest' | 'latest'>,
    dflt: fc.constantFrom(undefined, null, 'N/A'),
  })
  .map(({ p1, p2, p3, ph, ph2, fn, dflt }) => ({
    version: 1 as const,
    fields: [
      field('a', ['name'], { kind: 'name', part: p1 }, dflt),
      field('b', ['names[*]'], { kind: 'name', part: p2 }),
      field('c', ['name'], {
        kind: 'chain',
        steps: [
          { kind: 'text', op: 'title' },
          { kind: 'name', part: p3 },
        ],
      }),
      field('d', ['phone'], ph, dflt),
      field('e', ['name', 'phone'], ph2),
      field('f', ['amount'], { kind: 'cast', to: 'number' }),
      field('g', ['amount'], { kind: 'cast', to: 'integer' }),
      field('r', ['amount'], { kind: 'round', decimals: 2 }),
      field('s', ['events[*].at'], {
        kind: 'chain',
        steps: [
          { kind: 'aggregate', fn: 'sum' },
          { kind: 'round', decimals: 1 },
        ],
      }),
      field('h', ['events[*].at'], { kind: 'aggregate', fn }),
      field('i', ['events[*].at'], {
        kind: 'chain',
        steps: [
          { kind: 'date', to: 'date' },
          { kind: 'aggregate', fn },
        ],
      }),
      field('list[*].who', ['events[*].who'], { kind: 'name', part: p1 }),
      field('list[*].at', ['events[*].at'], { kind: 'phone', to: 'digits', nationalLength: 4 }),
    ],
  }));

describe('new transforms: interpreter = compiled = JSONata = TypeScript', () => {
  it('on generated specs and messy records', async () => {
    await fc.assert(
      fc.asyncProperty(
        specArb,
        fc.array(recordArb, { minLength: 1, maxLength: 4 }),
        async (spec, records) => {
          expect(validateMappingSpec(spec).ok).toBe(true);
          const compiled = compileSpec(spec).mapMany(records);
          const interpreted = await Promise.all(records.map((r) => interpretSpec(spec, r)));
          expect(compiled).toStrictEqual(interpreted);
          const expr = jsonata(toJsonata(spec));
          const viaJsonata = await Promise.all(records.map((r) => expr.evaluate(r)));
          expect(JSON.parse(JSON.stringify(viaJsonata))).toStrictEqual(JSON.parse(JSON.stringify(compiled)));
          const viaTs = load(toTypeScript(spec)).mapRecords(records);
          expect(JSON.stringify(viaTs)).toBe(JSON.stringify(compiled));
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);
});

describe('name parts', () => {
  it.each([
    ['Dr. Mary Ann Smith Jr.', { first: 'Mary', middle: 'Ann', last: 'Smith', suffix: 'Jr.' }],
    ['SMITH JR., MARY ANN', { first: 'MARY', middle: 'ANN', last: 'SMITH', suffix: 'JR.' }],
    ['Smith, John', { first: 'John', last: 'Smith' }],
    ['John Smith, Jr.', { first: 'John', last: 'Smith', suffix: 'Jr.' }],
    ['Ludwig van Beethoven', { first: 'Ludwig', last: 'van Beethoven' }],
    ['Robert  Lee   Brown III', { first: 'Robert', middle: 'Lee', last: 'Brown', suffix: 'III' }],
    ['Cher', { first: 'Cher' }],
  ])('%s', (name, parts) => {
    expect(nameParts(name)).toStrictEqual(parts);
  });
});

describe('phone numbers', () => {
  it.each([
    ['(555) 123-4567', '5551234567', '+15551234567'],
    ['+1 555 123 4567', '5551234567', '+15551234567'],
    ['1-555-123-4567', '5551234567', '+15551234567'],
    ['555.123.4567 ext. 12', '5551234567', '+15551234567'],
    ['+44 20 7946 0958', undefined, '+442079460958'],
    ['123-4567', undefined, undefined],
  ])('%s', (raw, digits, e164) => {
    expect(phoneNumber('digits')(raw)).toBe(digits);
    expect(phoneNumber('e164')(raw)).toBe(e164);
  });
});

describe('currency codes in amounts', () => {
  it('are removed before the number is read', () => {
    expect(parseNumber('USD 1,234.50')).toBe(1234.5);
    expect(parseNumber('1,234.50 EUR')).toBe(1234.5);
    expect(parseNumber('(1,234.50) USD')).toBe(-1234.5);
    expect(parseNumber('usd 12')).toBeUndefined();
  });
});
