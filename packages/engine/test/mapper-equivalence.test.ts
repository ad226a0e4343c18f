import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileSpec, interpretSpec, toJsonata } from '../src/mapper/index.ts';
import type { FieldMapping, MappingSpec, Transform } from '../src/spec/types.ts';

// Records mix the messy shapes sources have: number-ish strings, dates in several layouts, nulls, arrays.
const scalar = fc.oneof(
  fc.constantFrom('$1,234.50', '(12.00)', '45%', ' 7 ', '-3', 'abc', '', 'yes', 'N', 'true', '0', '1'),
  fc.constantFrom(
    '€799.41',
    '799,41 €',
    'USD 1,200.50',
    '1.200,50 EUR',
    '1,234',
    '1.234',
    'CA$5',
    '1.2.3',
    '(₹ 12,5)',
    '-USD 5',
    '(12.00 USD)',
  ),
  fc.constantFrom(
    '03/04/2024',
    '2024-03-04',
    '2024-03-04T10:20:30Z',
    '4 Mar 2024',
    '13/13/2024',
    '1709539200',
    'Sep 7 2023',
    '14/10/2023 09:30 PM',
    '2023-10-14T09:30:00.5+0200',
    'Thu, Sep 7th 2023 10:15 pm UTC',
    '7-Sep-2023',
    '13/10/23',
  ),
  fc.constantFrom('Jane', 'doe', '  Mixed  Case ', 'a,b,c', 'A', 'I', 'x y'),
  fc.integer({ min: -1000, max: 1000 }),
  fc
    .double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true })
    .map((n) => (Object.is(n, -0) ? 0 : n)),
  fc.boolean(),
  fc.constant(null),
);
const element = fc.record(
  { v: scalar, w: scalar, tags: fc.array(scalar, { maxLength: 3 }) },
  { requiredKeys: [] },
);
export const recordArb = fc.record(
  {
    a: scalar,
    b: scalar,
    c: scalar,
    d: scalar,
    n: fc.record({ x: scalar, y: scalar }, { requiredKeys: [] }),
    items: fc.array(element, { maxLength: 4 }),
  },
  { requiredKeys: [] },
);

const scalarSources = ['a', 'b', 'c', 'd', 'n.x', 'n.y', 'zz'];
const arraySources = ['items[*].v', 'items[*].w'];
const layouts = ['MM/DD/YYYY', 'YYYY-MM-DD', 'D MMM YYYY', 'iso', 'epoch-s', 'dmy', 'mdy', undefined];

const simpleTransform: fc.Arbitrary<Transform> = fc.oneof(
  fc.constant<Transform>({ kind: 'copy' }),
  fc.constantFrom<Transform>(
    { kind: 'cast', to: 'number' },
    { kind: 'cast', to: 'number', decimalComma: true },
    { kind: 'cast', to: 'integer', decimalComma: true },
    { kind: 'currency' },
    { kind: 'cast', to: 'integer' },
    { kind: 'cast', to: 'string' },
    { kind: 'cast', to: 'boolean' },
  ),
  fc
    .record({
      from: fc.constantFrom(...layouts),
      to: fc.constantFrom('date', 'date-time', 'DD.MM.YY', 'MMMM D, YYYY', 'epoch-ms'),
    })
    .map(({ from, to }): Transform => (from ? { kind: 'date', from, to } : { kind: 'date', to })),
  fc.constantFrom<Transform>(
    { kind: 'text', op: 'trim' },
    { kind: 'text', op: 'upper' },
    { kind: 'text', op: 'lower' },
    { kind: 'text', op: 'title' },
  ),
  fc
    .record({ separator: fc.constantFrom(',', ' ', '-'), index: fc.integer({ min: -2, max: 2 }) })
    .map((x): Transform => ({ kind: 'split', ...x })),
  fc
    .record({
      fallback: fc.constantFrom('keep', 'null', 'default') as fc.Arbitrary<'keep' | 'null' | 'default'>,
      ci: fc.boolean(),
    })
    .map(
      ({ fallback, ci }): Transform => ({
        kind: 'lookup',
        table: { A: 'active', I: 'inactive', '1': 1, jane: { first: true } },
        fallback,
        caseInsensitive: ci,
      }),
    ),
  fc
    .record({
      op: fc.constantFrom('+', '-', '*', '/') as fc.Arbitrary<'+' | '-' | '*' | '/'>,
      operand: fc.integer({ min: 1, max: 100 }),
    })
    .map((x): Transform => ({ kind: 'arithmetic', ...x })),
);

const fieldArb = (target: string, allowArray: boolean): fc.Arbitrary<FieldMapping> =>
  fc
    .oneof(
      fc.record({
        sources: fc.subarray(scalarSources, { minLength: 1, maxLength: 2 }),
        transform: simpleTransform,
      }),
      fc.record({
        sources: fc.subarray([...scalarSources, ...(allowArray ? arraySources : [])], {
          minLength: 1,
          maxLength: 3,
        }),
        transform: fc.constantFrom<Transform>(
          { kind: 'concat', separator: ' ' },
          { kind: 'concat', separator: ', ' },
        ),
      }),
      fc.record({
        sources: fc.constantFrom(...arraySources).map((s) => [s]),
        transform: fc.oneof(
          simpleTransform,
          fc
            .constantFrom('count', 'sum', 'min', 'max', 'avg', 'first', 'last', 'join')
            .map((fn): Transform => ({ kind: 'aggregate', fn: fn as 'sum', separator: '|' })),
        ),
      }),
      fc.record({
        sources: fc.constant([] as string[]),
        transform: fc.constant<Transform>({ kind: 'constant' }),
      }),
      fc.record({
        sources: fc.constantFrom(...scalarSources).map((s) => [s]),
        transform: fc
          .array(simpleTransform, { minLength: 1, maxLength: 3 })
          .map((steps): Transform => ({ kind: 'chain', steps })),
      }),
    )
    .chain(({ sources, transform }) =>
      fc.record({
        target: fc.constant(target),
        sources: fc.constant(sources),
        transform: fc.constant(transform),
        default: fc.option(
          fc.oneof(fc.constant('DFLT'), fc.integer(), fc.constant({ o: 1 }), fc.constant(null)),
          { nil: undefined },
        ),
        omitNull: fc.constantFrom(undefined, true, false),
      }),
    )
    .map((x) => {
      const m: FieldMapping = { ...x, confidence: 0.5, bucket: 'Medium', reason: 'generated' };
      if (m.default === undefined) delete m.default;
      if (m.omitNull === undefined) delete m.omitNull;
      return m;
    });

/**
 * A target field the matcher found no source for: a null default, which an optional field that
 * does not accept null (`omitNull`) leaves out and any other field writes.
 */
const unmappedArb = (target: string): fc.Arbitrary<FieldMapping> =>
  fc.boolean().map((omitNull) => ({
    target,
    sources: [],
    transform: { kind: 'constant' },
    default: null,
    ...(omitNull ? { omitNull } : {}),
    confidence: 0,
    bucket: 'Very Low',
    reason: 'No source field fits.',
  }));

const arrayFieldArb = (target: string): fc.Arbitrary<FieldMapping> =>
  fc.oneof(
    { weight: 3, arbitrary: mappedArrayFieldArb(target) },
    { weight: 1, arbitrary: unmappedArb(target) },
  );

const mappedArrayFieldArb = (target: string): fc.Arbitrary<FieldMapping> =>
  fc
    .record({
      source: fc.constantFrom('items[*].v', 'items[*].w', 'items[*].tags[*]', 'a'),
      transform: simpleTransform,
      tail: nullTail,
    })
    .map(({ source, transform, tail }) => ({
      target,
      sources: [source],
      transform,
      ...tail,
      confidence: 0.5,
      bucket: 'Medium',
      reason: 'g',
    }));

/** No default, a null default, or a null default the field leaves out. */
const nullTail = fc.constantFrom<Partial<FieldMapping>>(
  {},
  { default: null },
  { default: null, omitNull: true },
);

/** A JSONata field (the compiled mapper's async path); `null` gives no value, so the default applies. */
const jsonataFieldArb = (target: string): fc.Arbitrary<FieldMapping> =>
  fc
    .record({ expression: fc.constantFrom('a', 'n.x', '$count(items)', 'null', 'v'), tail: nullTail })
    .map(({ expression, tail }) => ({
      target,
      sources: [],
      transform: { kind: 'jsonata', expression },
      ...tail,
      confidence: 0.5,
      bucket: 'Medium',
      reason: 'g',
    }));

export const specArb: fc.Arbitrary<MappingSpec> = fc
  .tuple(
    fc.subarray(['t1', 't2', 't3', 't4', 'o.p', 'o.q', 'o.r.s'], { minLength: 1 }),
    fc.subarray(['lines[*].x', 'lines[*].y', 'lines[*].z.k'], { minLength: 0 }),
  )
  .chain(([plain, arr]) =>
    fc.tuple(
      fc.tuple(
        ...plain.map((t) =>
          fc.oneof({ weight: 4, arbitrary: fieldArb(t, true) }, { weight: 1, arbitrary: unmappedArb(t) }),
        ),
      ),
      arr.length ? fc.tuple(...arr.map(arrayFieldArb)) : fc.constant([]),
    ),
  )
  .map(([a, b]) => ({ version: 1 as const, fields: [...a, ...b] }));

/** Generated specs with JSONata fields added, at the top, in an object and in a list: async specs. */
export const asyncSpecArb: fc.Arbitrary<MappingSpec> = fc
  .tuple(
    specArb,
    jsonataFieldArb('j1'),
    jsonataFieldArb('o.j2'),
    jsonataFieldArb('lines[*].j3'),
    fc.boolean(),
  )
  .map(([spec, a, b, c, inList]) => ({
    ...spec,
    fields: [...spec.fields, a, b, ...(inList ? [c] : [])],
  }));

describe('compiled mapper equals the reference interpreter', () => {
  it('on generated specs and records', async () => {
    await fc.assert(
      fc.asyncProperty(
        specArb,
        fc.array(recordArb, { minLength: 1, maxLength: 5 }),
        async (spec, records) => {
          const compiled = compileSpec(spec).mapMany(records);
          const interpreted = await Promise.all(records.map((r) => interpretSpec(spec, r)));
          expect(compiled).toStrictEqual(interpreted);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('toJsonata equals the compiled mapper', () => {
  it('on generated specs and records', async () => {
    const jsonata = (await import('jsonata')).default;
    await fc.assert(
      fc.asyncProperty(
        specArb,
        fc.array(recordArb, { minLength: 1, maxLength: 4 }),
        async (spec, records) => {
          const expr = jsonata(toJsonata(spec));
          const compiled = compileSpec(spec).mapMany(records);
          const viaJsonata = await Promise.all(records.map((r) => expr.evaluate(r)));
          // as JSON: -0 (a tiny negative divided down) and 0 are one number once serialised
          expect(JSON.parse(JSON.stringify(viaJsonata))).toStrictEqual(JSON.parse(JSON.stringify(compiled)));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('compiled mapper (async) equals the reference interpreter and toJsonata', () => {
  it('on generated specs with JSONata fields', async () => {
    const jsonata = (await import('jsonata')).default;
    await fc.assert(
      fc.asyncProperty(
        asyncSpecArb,
        fc.array(recordArb, { minLength: 1, maxLength: 4 }),
        async (spec, records) => {
          const mapper = compileSpec(spec);
          expect(mapper.isAsync).toBe(true);
          const compiled = await mapper.mapManyAsync(records);
          const interpreted = await Promise.all(records.map((r) => interpretSpec(spec, r)));
          expect(compiled).toStrictEqual(interpreted);
          const expr = jsonata(toJsonata(spec));
          const viaJsonata = await Promise.all(records.map((r) => expr.evaluate(r)));
          // as JSON: -0 (a tiny negative divided down) and 0 are one number once serialised
          expect(JSON.parse(JSON.stringify(viaJsonata))).toStrictEqual(JSON.parse(JSON.stringify(compiled)));
        },
      ),
      { numRuns: 150 },
    );
  });
});
