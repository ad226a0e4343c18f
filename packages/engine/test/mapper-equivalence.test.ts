import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileSpec, interpretSpec, toJsonata } from '../src/mapper/index.ts';
import type { FieldMapping, MappingSpec, Transform } from '../src/spec/types.ts';

// Records mix the messy shapes sources have: number-ish strings, dates in several layouts, nulls, arrays.
const scalar = fc.oneof(
  fc.constantFrom('$1,234.50', '(12.00)', '45%', ' 7 ', '-3', 'abc', '', 'yes', 'N', 'true', '0', '1'),
  fc.constantFrom(
    '03/04/2024',
    '2024-03-04',
    '2024-03-04T10:20:30Z',
    '4 Mar 2024',
    '13/13/2024',
    '1709539200',
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
const layouts = ['MM/DD/YYYY', 'YYYY-MM-DD', 'D MMM YYYY', 'iso', 'epoch-s', undefined];

const simpleTransform: fc.Arbitrary<Transform> = fc.oneof(
  fc.constant<Transform>({ kind: 'copy' }),
  fc.constantFrom<Transform>(
    { kind: 'cast', to: 'number' },
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
        default: fc.option(fc.oneof(fc.constant('DFLT'), fc.integer(), fc.constant({ o: 1 })), {
          nil: undefined,
        }),
      }),
    )
    .map((x) => {
      const m: FieldMapping = { ...x, confidence: 0.5, bucket: 'Medium', reason: 'generated' };
      if (m.default === undefined) delete m.default;
      return m;
    });

const arrayFieldArb = (target: string): fc.Arbitrary<FieldMapping> =>
  fc
    .record({
      source: fc.constantFrom('items[*].v', 'items[*].w', 'items[*].tags[*]', 'a'),
      transform: simpleTransform,
    })
    .map(({ source, transform }) => ({
      target,
      sources: [source],
      transform,
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
      fc.tuple(...plain.map((t) => fieldArb(t, true))),
      arr.length ? fc.tuple(...arr.map(arrayFieldArb)) : fc.constant([]),
    ),
  )
  .map(([a, b]) => ({ version: 1 as const, fields: [...a, ...b] }));

describe('compiled mapper equals the reference interpreter', () => {
  it('on generated specs and records', async () => {
    await fc.assert(
      fc.asyncProperty(
        specArb,
        fc.array(recordArb, { minLength: 1, maxLength: 5 }),
        async (spec, records) => {
          const compiled = compileSpec(spec).mapMany(records);
          const interpreted = await Promise.all(records.map((r) => interpretSpec(spec, r)));
          expect(compiled).toEqual(interpreted);
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
          expect(JSON.parse(JSON.stringify(viaJsonata))).toEqual(compiled);
        },
      ),
      { numRuns: 300 },
    );
  });
});
