import { describe, expect, it } from 'vitest';
import { compileSpec, interpretSpec } from '../src/mapper/index.ts';
import type { FieldMapping, MappingSpec, Transform } from '../src/spec/types.ts';

const f = (
  target: string,
  sources: string[],
  transform: Transform,
  extra: Partial<FieldMapping> = {},
): FieldMapping => ({
  target,
  sources,
  transform,
  confidence: 0.9,
  bucket: 'Very High',
  reason: 'test',
  ...extra,
});
const spec = (...fields: FieldMapping[]): MappingSpec => ({ version: 1, fields });

const both = async (s: MappingSpec, record: unknown) => {
  const compiled = compileSpec(s);
  const out = compiled.isAsync ? await compiled.mapAsync(record) : compiled.map(record);
  expect(await interpretSpec(s, record)).toEqual(out);
  return out;
};

describe('compileSpec / interpretSpec', () => {
  it('maps nested targets, casts, dates, concat, lookups and defaults', async () => {
    const s = spec(
      f('id', ['ID'], { kind: 'cast', to: 'integer' }),
      f('customer.name', ['first', 'last'], { kind: 'concat', separator: ' ' }),
      f('customer.email', ['mail'], { kind: 'text', op: 'lower' }),
      f('amount', ['amt'], { kind: 'cast', to: 'number' }),
      f('date', ['when'], { kind: 'date', from: 'MM/DD/YYYY', to: 'date' }),
      f(
        'status',
        ['st'],
        { kind: 'lookup', table: { A: 'active' }, fallback: 'default' },
        { default: 'unknown' },
      ),
      f('currency', [], { kind: 'constant' }, { default: 'USD' }),
      f('note', ['missing'], { kind: 'copy' }),
    );
    const out = await both(s, {
      ID: '42',
      first: 'Jane',
      last: 'Doe',
      mail: 'JANE@X.COM',
      amt: '$1,234.50',
      when: '03/04/2024',
      st: 'Z',
    });
    expect(out).toEqual({
      id: 42,
      customer: { name: 'Jane Doe', email: 'jane@x.com' },
      amount: 1234.5,
      date: '2024-03-04',
      status: 'unknown',
      currency: 'USD',
    });
  });

  it('maps array targets element by element, reading outer fields from the record', async () => {
    const s = spec(
      f('transactions[*].amount', ['entries[*].value'], { kind: 'cast', to: 'number' }),
      f('transactions[*].account', ['account'], { kind: 'copy' }),
      f('transactions[*].tags', ['entries[*].tags[*]'], { kind: 'text', op: 'upper' }),
      f('total', ['entries[*].value'], { kind: 'aggregate', fn: 'sum' }),
      f('count', ['entries[*].value'], { kind: 'aggregate', fn: 'count' }),
    );
    const out = await both(s, {
      account: 'A1',
      entries: [{ value: '1.5', tags: ['x', 'y'] }, { value: '(2)' }, {}],
    });
    expect(out).toEqual({
      transactions: [
        { amount: 1.5, account: 'A1', tags: ['X', 'Y'] },
        { amount: -2, account: 'A1' },
        { account: 'A1' },
      ],
      total: -0.5,
      count: 2,
    });
    expect(await both(s, { account: 'A1' })).toEqual({ count: 0, total: 0 });
  });

  it('builds one element when an array target has no source array', async () => {
    const s = spec(f('lines[*].sku', ['sku'], { kind: 'copy' }));
    expect(await both(s, { sku: 'S1' })).toEqual({ lines: [{ sku: 'S1' }] });
    expect(await both(s, {})).toEqual({});
  });

  it('chains steps and coalesces several sources', async () => {
    const s = spec(
      f('code', ['c'], {
        kind: 'chain',
        steps: [
          { kind: 'text', op: 'trim' },
          { kind: 'lookup', table: { a: 'Alpha' }, caseInsensitive: true },
        ],
      }),
      f('email', ['work_email', 'home_email'], { kind: 'copy' }),
    );
    expect(await both(s, { c: '  A ', home_email: 'h@x' })).toEqual({ code: 'Alpha', email: 'h@x' });
  });

  it('runs JSONata fields asynchronously and refuses them in the sync path', async () => {
    const s = spec(
      f('n', [], { kind: 'jsonata', expression: '$count(items)' }),
      f('lines[*].p2', ['items[*].p'], { kind: 'chain', steps: [{ kind: 'jsonata', expression: '$ * 2' }] }),
      f('root', [], { kind: 'jsonata', expression: '$record.name' }),
    );
    const compiled = compileSpec(s);
    expect(compiled.isAsync).toBe(true);
    expect(() => compiled.map({ items: [] })).toThrow(/mapAsync/);
    expect(await both(s, { name: 'r', items: [{ p: 1 }, { p: 2 }] })).toEqual({
      n: 2,
      root: 'r',
      lines: [{ p2: 2 }, { p2: 4 }],
    });
  });

  it('never reads or writes through the prototype', async () => {
    const s = spec(
      f('a', ['toString'], { kind: 'copy' }),
      f('c', ['x.hasOwnProperty'], { kind: 'copy' }),
      f('d', ['p'], { kind: 'copy' }),
    );
    const record = JSON.parse('{"__proto__": {"polluted": 1}, "p": {"__proto__": {"z": 1}}, "x": {}}');
    const out = await both(s, record);
    expect(Object.keys(out)).toEqual(['d']);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(() => compileSpec(spec(f('__proto__.x', ['p'], { kind: 'copy' })))).toThrow(/reserved/);
    expect(() => compileSpec(spec(f('y', ['constructor.prototype'], { kind: 'copy' })))).toThrow(/reserved/);
  });

  it('gives every record its own copy of an object default', () => {
    const m = compileSpec(spec(f('meta', ['m'], { kind: 'copy' }, { default: { k: 1 } })));
    const [a, b] = m.mapMany([{}, {}]);
    (a?.meta as { k: number }).k = 2;
    expect(b?.meta).toEqual({ k: 1 });
  });
});
