import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffSpecs, fromApiSpec, toApiSpec, validateMappingSpec } from '../src/spec/index.ts';
import { bucketOf, type FieldMapping, type MappingSpec, type Transform } from '../src/spec/types.ts';

const leaf: fc.Arbitrary<Transform> = fc.oneof(
  fc.constant<Transform>({ kind: 'copy' }),
  fc
    .constantFrom('string', 'number', 'integer', 'boolean')
    .map((to): Transform => ({ kind: 'cast', to: to as 'number' })),
  fc
    .constantFrom('MM/DD/YYYY', 'D MMM YYYY', 'iso')
    .map((from): Transform => ({ kind: 'date', from, to: 'date' })),
  fc
    .dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }))
    .map((table): Transform => ({ kind: 'lookup', table, fallback: 'keep' })),
  fc
    .record({ separator: fc.string({ minLength: 1, maxLength: 2 }), index: fc.integer({ min: -3, max: 3 }) })
    .map((x): Transform => ({ kind: 'split', ...x })),
  fc.constant<Transform>({ kind: 'jsonata', expression: '$sum(items.price)' }),
);
const transformArb = fc.oneof(
  leaf,
  fc.array(leaf, { minLength: 1, maxLength: 3 }).map((steps): Transform => ({ kind: 'chain', steps })),
);
const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/);
const fieldArb: fc.Arbitrary<FieldMapping> = fc
  .record({
    target: fc.array(name, { minLength: 1, maxLength: 3 }).map((p) => p.join('.')),
    sources: fc.array(
      fc.array(name, { minLength: 1, maxLength: 2 }).map((p) => p.join('.')),
      { maxLength: 3 },
    ),
    transform: transformArb,
    confidence: fc.double({ min: 0, max: 1, noNaN: true }),
    reason: fc.string(),
    default: fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }),
    status: fc.option(fc.constantFrom('suggested', 'edited', 'approved') as fc.Arbitrary<'edited'>, {
      nil: undefined,
    }),
    omitNull: fc.boolean(),
  })
  .map(({ default: d, status, omitNull, ...f }) => {
    const out: FieldMapping = { ...f, bucket: bucketOf(f.confidence) };
    if (d !== undefined && d !== null) out.default = JSON.parse(JSON.stringify(d));
    if (omitNull) out.omitNull = true;
    if (status) out.status = status;
    return out;
  });
const specArb: fc.Arbitrary<MappingSpec> = fc
  .uniqueArray(fieldArb, { selector: (f) => f.target, maxLength: 8 })
  .map((fields) => ({ version: 1 as const, fields }));

const base = (over: Record<string, unknown> = {}) => ({
  target: 'amount',
  sources: ['amt'],
  transform: { kind: 'cast', to: 'number' },
  confidence: 0.8,
  bucket: 'High',
  reason: 'name match',
  ...over,
});

describe('toApiSpec / fromApiSpec', () => {
  it('writes the api-pipelines.md shape', () => {
    const api = toApiSpec({
      version: 1,
      fields: [
        {
          ...(base() as FieldMapping),
          target: 'status',
          transform: { kind: 'lookup', table: { A: 'active' } },
          default: 'unknown',
        },
      ],
    });
    expect(api.status).toMatchObject({
      '@sources': ['amt'],
      '@default_values': ['unknown'],
      '@lookup': { A: 'active' },
      confidence: { score: 0.8, bucket: 'High' },
      reason: 'name match',
      '@transform': { kind: 'lookup', table: { A: 'active' } },
    });
  });
  it('round-trips any spec losslessly', () => {
    fc.assert(
      fc.property(specArb, (spec) => {
        expect(fromApiSpec(toApiSpec(spec))).toEqual(spec);
        // through JSON text -0 is written 0: compare as JSON there
        const viaJson = fromApiSpec(JSON.parse(JSON.stringify(toApiSpec(spec))));
        expect(JSON.parse(JSON.stringify(viaJson))).toEqual(JSON.parse(JSON.stringify(spec)));
      }),
      { numRuns: 200 },
    );
  });
  it('reads entries written without @transform', () => {
    const spec = fromApiSpec({
      a: { '@sources': ['x'], '@default_values': [] },
      b: { '@sources': [], '@default_values': [5] },
      c: {
        '@sources': ['s'],
        '@default_values': [],
        '@lookup': { '1': 'one' },
        confidence_score: { score: 0.3 },
      },
    });
    expect(spec.fields.map((f) => f.transform.kind)).toEqual(['copy', 'constant', 'lookup']);
    expect(spec.fields[1]?.default).toBe(5);
    expect(spec.fields[2]).toMatchObject({ confidence: 0.3, bucket: 'Low' });
  });
});

describe('validateMappingSpec', () => {
  it('accepts generated specs and returns a clean copy', () => {
    fc.assert(
      fc.property(specArb, (spec) => {
        const prefixFree = spec.fields.every(
          (f) => !spec.fields.some((g) => g.target.startsWith(`${f.target}.`)),
        );
        const needsSource = spec.fields.some(
          (f) =>
            f.sources.length === 0 &&
            f.transform.kind !== 'jsonata' &&
            !(f.transform.kind === 'chain' && f.transform.steps[0]?.kind === 'jsonata'),
        );
        const r = validateMappingSpec({ ...spec, extra: 1 });
        if (prefixFree && !needsSource) expect(r).toEqual({ ok: true, spec });
        else expect(r.ok).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
  it('fills bucket and reason when absent', () => {
    const r = validateMappingSpec({
      version: 1,
      fields: [{ ...base(), bucket: undefined, reason: undefined }],
    });
    expect(r.ok && r.spec.fields[0]).toMatchObject({ bucket: 'High', reason: '' });
  });
  it.each([
    [base({ target: '__proto__.x' }), 'fields[0]', /reserved name "__proto__"/],
    [base({ sources: ['a.constructor'] }), 'amount', /reserved name "constructor"/],
    [base({ target: 'a.prototype' }), 'fields[0]', /reserved/],
    [base({ transform: { kind: 'explode' } }), 'amount', /"explode" is not a known transform/],
    [base({ transform: { kind: 'jsonata', expression: '$sum(' } }), 'amount', /not valid JSONata/],
    [base({ transform: { kind: 'cast', to: 'money' } }), 'amount', /to must be/],
    [base({ transform: { kind: 'date', from: 'xx', to: 'date' } }), 'amount', /no date tokens/],
    [base({ transform: { kind: 'arithmetic', op: '/', operand: 0 } }), 'amount', /division by zero/],
    [
      base({ transform: { kind: 'chain', steps: [{ kind: 'copy' }, { kind: 'nope' }] } }),
      'amount',
      /steps\[1\]\.kind/,
    ],
    [base({ confidence: 2 }), 'amount', /confidence/],
    [base({ sources: [] }), 'amount', /needs at least one source/],
    [base({ sources: [], transform: { kind: 'constant' } }), 'amount', /needs a default/],
    [base({ target: 'a[*].b[*].c' }), 'fields[0]', /at most one array/],
    [base({ target: 'a..b' }), 'fields[0]', /not a valid path/],
  ])('rejects %j', (field, where, reason) => {
    const r = validateMappingSpec({ version: 1, fields: [field] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toContainEqual({ field: where, reason: expect.stringMatching(reason) });
  });
  it('rejects duplicate and overlapping targets and non-specs', () => {
    const r = validateMappingSpec({ version: 1, fields: [base(), base(), base({ target: 'amount.x' })] });
    expect(r.ok ? [] : r.errors.map((e) => e.reason)).toEqual([
      'target is mapped twice',
      'conflicts with target "amount"',
    ]);
    expect(validateMappingSpec(null).ok).toBe(false);
    expect(validateMappingSpec({ version: 2, fields: [] }).ok).toBe(false);
    expect(validateMappingSpec(JSON.parse('{"version":1,"fields":[{"__proto__":{"x":1}}]}')).ok).toBe(false);
  });
});

describe('diffSpecs', () => {
  it('reports added, removed and changed fields with what changed', () => {
    const a = {
      version: 1 as const,
      fields: [base(), base({ target: 'gone' }), base({ target: 'same' })] as FieldMapping[],
    };
    const b = {
      version: 1 as const,
      fields: [
        base({ sources: ['amount_usd'], transform: { kind: 'cast', to: 'integer' }, status: 'edited' }),
        base({ target: 'new' }),
        base({ target: 'same' }),
      ] as FieldMapping[],
    };
    const d = diffSpecs(a, b);
    expect(d.added.map((f) => f.target)).toEqual(['new']);
    expect(d.removed.map((f) => f.target)).toEqual(['gone']);
    expect(d.changed).toEqual([
      expect.objectContaining({ target: 'amount', changed: ['sources', 'transform', 'status'] }),
    ]);
    expect(d.unchanged).toEqual(['same']);
    expect(diffSpecs(b, b).changed).toEqual([]);
  });
});
