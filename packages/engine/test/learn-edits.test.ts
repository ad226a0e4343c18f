import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMapperEdits,
  compileSpec,
  inferSampleEdit,
  type JsonSchema,
  type MappingSpec,
  mapperEditProblems,
} from '../src/index.ts';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    full_name: { type: 'string' },
    amount: { type: 'number' },
    paid_on: { type: 'string', format: 'date' },
    status: { type: 'string', enum: ['CLEARED', 'PENDING'] },
    country: { type: 'string' },
    item_count: { type: 'integer' },
    lines: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' } } } },
  },
};
const records = [
  {
    first: 'Ada',
    last: 'Lovelace',
    total: '$1,234.50',
    date: '03/04/2024',
    state: 'ok',
    items: [{ p: 2 }, { p: 3 }],
    cc: 'uk',
  },
  { first: 'Grace', last: 'Hopper', total: '$10.00', date: '12/31/2023', state: 'wait', items: [], cc: 'us' },
];
const f = (target: string, sources: string[], transform: MappingSpec['fields'][number]['transform']) => ({
  target,
  sources,
  transform,
  confidence: 0.4,
  bucket: 'Low' as const,
  reason: 'suggested',
});
const spec: MappingSpec = {
  version: 1,
  fields: [
    f('full_name', ['first'], { kind: 'copy' }),
    f('amount', ['total'], { kind: 'copy' }),
    f('status', ['state'], { kind: 'lookup', table: { ok: 'CLEARED' }, fallback: 'null' }),
  ],
};

describe('mapper edit', () => {
  it('sets a source path with the transform that fits the target type', () => {
    const next = applyMapperEdits(
      spec,
      [{ targetField: 'paid_on', transformation: { extract: 'date' } }],
      schema,
      records,
    );
    const paid = next.fields.find((x) => x.target === 'paid_on');
    expect(paid).toMatchObject({ sources: ['date'], status: 'edited', confidence: 1 });
    expect(compileSpec(next).map(records[0]).paid_on).toBe('2024-03-04');
    // the spec it was given is left alone
    expect(spec.fields.some((x) => x.target === 'paid_on')).toBe(false);
  });

  it('replaces an existing mapping, keeps its default, and a default alone makes a constant', () => {
    const withDefault: MappingSpec = {
      ...spec,
      fields: [{ ...f('amount', ['x'], { kind: 'copy' }), default: 0 }],
    };
    const next = applyMapperEdits(
      withDefault,
      [
        { targetField: 'amount', transformation: { extract: 'total' } },
        { targetField: 'country', transformation: { default: 'GB' } },
      ],
      schema,
      records,
    );
    expect(next.fields.find((x) => x.target === 'amount')).toMatchObject({ sources: ['total'], default: 0 });
    expect(compileSpec(next).map(records[1])).toMatchObject({ amount: 10, country: 'GB' });
  });

  it('names every edit that cannot apply', () => {
    expect(
      mapperEditProblems(
        [
          { targetField: 'nope', transformation: { extract: 'a' } },
          { targetField: 'amount', transformation: { extract: 'a.__proto__' } },
          { targetField: 'amount', transformation: {} },
        ],
        schema,
      ),
    ).toEqual([
      { index: 0, field: 'targetField', message: '"nope" is not a field of the target schema' },
      { index: 1, field: 'extract', message: '"a.__proto__" uses the reserved name "__proto__"' },
      { index: 2, field: 'extract', message: 'give a source path (extract) or a default' },
    ]);
  });
});

describe('sample edit inference', () => {
  const infer = (corrected: Record<string, unknown>, index = 0) =>
    inferSampleEdit({ spec, targetSchema: schema, record: records[index], corrected });

  it('finds the source and transform behind each corrected value and applies it to every record', async () => {
    const out = await infer({
      full_name: 'Ada Lovelace',
      amount: 1234.5,
      paid_on: '2024-03-04',
      country: 'UK',
      item_count: 2,
    });
    expect(out.changes.map((c) => [c.target, c.how])).toEqual([
      ['full_name', 'source'],
      ['amount', 'source'],
      ['paid_on', 'source'],
      ['country', 'source'],
      ['item_count', 'source'],
    ]);
    expect(out.unresolved).toEqual([]);
    // the other record follows the same rules
    expect(compileSpec(out.spec).map(records[1])).toMatchObject({
      full_name: 'Grace Hopper',
      amount: 10,
      paid_on: '2023-12-31',
      country: 'US',
      item_count: 0,
    });
    expect(out.changes[0]?.after.reason).toMatch(/first \+ last/);
  });

  it('leaves fields that were already right, or left out, alone', async () => {
    const out = await infer({ full_name: 'Ada', status: 'CLEARED' });
    expect(out.changes).toEqual([]);
    expect(out.spec.fields).toEqual(spec.fields);
  });

  it('adds a lookup entry when no transform of a source gives the value, keeping earlier entries', async () => {
    const out = await infer({ status: 'PENDING' }, 1);
    expect(out.changes).toHaveLength(1);
    expect(out.changes[0]).toMatchObject({ how: 'lookup', target: 'status' });
    expect(out.changes[0]?.after.transform).toEqual({
      kind: 'lookup',
      table: { ok: 'CLEARED', wait: 'PENDING' },
      fallback: 'null',
    });
  });

  it('falls back to a constant only when nothing explains the value, and says so', async () => {
    const out = await infer({ country: 'Atlantis' });
    expect(out.changes[0]).toMatchObject({
      how: 'constant',
      after: { default: 'Atlantis', bucket: 'Medium' },
    });
    expect(out.changes[0]?.after.reason).toMatch(/same for every record/);
  });

  it('reports list fields it cannot infer from one sample', async () => {
    const out = await infer({ lines: [{ sku: 'X' }] });
    expect(out.unresolved).toEqual([
      { target: 'lines[*].sku', message: expect.stringMatching(/mapper edit/) },
    ]);
  });

  it('reproduces any value produced by a simple transform of a source (property)', async () => {
    const target: JsonSchema = { type: 'object', properties: { out: {} } };
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          a: fc.string({ maxLength: 8 }),
          b: fc.integer({ min: -1000, max: 1000 }),
          c: fc.constantFrom('x y', 'p-q'),
        }),
        fc.constantFrom<MappingSpec['fields'][number]['transform']>(
          { kind: 'copy' },
          { kind: 'text', op: 'upper' },
          { kind: 'cast', to: 'string' },
          { kind: 'split', separator: ' ', index: 0 },
          { kind: 'arithmetic', op: '*', operand: 100 },
        ),
        fc.constantFrom('a', 'b', 'c'),
        async (record, transform, source) => {
          const truth: MappingSpec = { version: 1, fields: [f('out', [source], transform)] };
          const wanted = compileSpec(truth).map(record).out;
          fc.pre(wanted !== undefined && wanted !== null && wanted !== '');
          const out = await inferSampleEdit({
            spec: { version: 1, fields: [] },
            targetSchema: target,
            record,
            corrected: { out: wanted },
          });
          expect(compileSpec(out.spec).map(record).out).toEqual(wanted);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('mapper edit with a picked transform or a lookup table', () => {
  it('uses the picked transform instead of the fitting one', () => {
    const next = applyMapperEdits(
      spec,
      [{ targetField: 'country', transformation: { extract: 'cc', transform: 'upper' } }],
      schema,
      records,
    );
    expect(next.fields.find((x) => x.target === 'country')?.transform).toEqual({ kind: 'text', op: 'upper' });
    expect(compileSpec(next).map(records[1]).country).toBe('US');
  });

  it('maps values through a lookup table, keeping unmatched ones, after a picked transform', () => {
    const next = applyMapperEdits(
      spec,
      [
        {
          targetField: 'status',
          transformation: { extract: 'state', transform: 'upper', lookup: { OK: 'CLEARED' } },
        },
        // as parsed from a request body: "__proto__" is an own key there
        {
          targetField: 'country',
          transformation: { extract: 'cc', lookup: JSON.parse('{"uk":"GB","__proto__":"x"}') },
        },
      ],
      schema,
      records,
    );
    const status = next.fields.find((x) => x.target === 'status');
    expect(status?.transform).toEqual({
      kind: 'chain',
      steps: [
        { kind: 'text', op: 'upper' },
        { kind: 'lookup', table: { OK: 'CLEARED' }, fallback: 'keep' },
      ],
    });
    expect(status?.reason).toBe('Set by hand: taken from state as upper through a lookup table of 1 values.');
    const country = next.fields.find((x) => x.target === 'country')?.transform;
    expect(country?.kind === 'lookup' && Object.keys(country.table)).toEqual(['uk', '__proto__']);
    expect(Object.getPrototypeOf(country?.kind === 'lookup' ? country.table : null)).toBe(Object.prototype);
    const mapper = compileSpec(next);
    expect(mapper.map(records[0])).toMatchObject({ status: 'CLEARED', country: 'GB' });
    // unmatched: kept as the (transformed) source value
    expect(mapper.map(records[1])).toMatchObject({ status: 'WAIT', country: 'us' });
  });

  it('needs a source path for a lookup or a transform, and a known transform name', () => {
    expect(
      mapperEditProblems(
        [
          { targetField: 'country', transformation: { default: 'GB', lookup: { a: 'b' } } },
          { targetField: 'country', transformation: { default: 'GB', transform: 'trim' } },
          {
            targetField: 'country',
            transformation: { extract: 'cc', transform: 'shout' as unknown as 'trim' },
          },
        ],
        schema,
      ),
    ).toEqual([
      { index: 0, field: 'lookup', message: 'a lookup table needs a source path (extract)' },
      { index: 1, field: 'transform', message: 'a transform needs a source path (extract)' },
      { index: 2, field: 'transform', message: expect.stringMatching(/^"shout" is not a transform/) },
    ]);
  });
});
