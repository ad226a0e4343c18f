import { describe, expect, it } from 'vitest';
import { profileRecords } from '../src/profile/index.ts';
import { schemaFromProfile } from '../src/schema/infer-schema.ts';
import { listTargetFields, normalizeTargetSchema } from '../src/schema/target-schema.ts';

describe('schemaFromProfile', () => {
  it('builds nested objects and arrays with types, formats and required fields from records', () => {
    const records = [
      {
        id: '7',
        email: 'a@b.co',
        total: '$1,200.50',
        when: '2024-03-04',
        customer: { name: 'Ada', vip: 'yes' },
        items: [{ sku: 'X1', qty: 2 }],
      },
      {
        id: '8',
        email: 'c@d.co',
        total: '$3.00',
        when: '2024-03-05',
        customer: { name: 'Grace', vip: 'no' },
        items: [],
        note: null,
      },
    ];
    const schema = schemaFromProfile(profileRecords(records).fields);
    expect(schema.properties!.id).toEqual({ type: 'integer' });
    expect(schema.properties!.email).toEqual({ type: 'string', format: 'email' });
    expect(schema.properties!.total).toEqual({ type: 'number' });
    expect(schema.properties!.when).toEqual({ type: 'string', format: 'date' });
    expect(schema.properties!.customer).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string' } },
    });
    expect(schema.properties!.items).toMatchObject({
      type: 'array',
      items: { type: 'object', properties: { sku: { type: 'string' }, qty: { type: 'integer' } } },
    });
    expect(schema.required).toEqual(expect.arrayContaining(['id', 'email', 'total', 'when']));
    expect(schema.required).not.toContain('note');
    expect(listTargetFields(schema).map((f) => f.path)).toEqual(
      expect.arrayContaining(['customer.name', 'items[*].sku']),
    );
  });

  it('keeps a __proto__ field as a property, not a prototype', () => {
    const schema = schemaFromProfile(profileRecords([JSON.parse('{"__proto__": "x", "a": 1}')]).fields);
    expect(Object.keys(schema.properties!)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>).type).toBeUndefined();
  });
});

describe('normalizeTargetSchema (spec rule)', () => {
  it('reduces required to the names that exist among the properties, at every level', () => {
    const s = normalizeTargetSchema({
      type: 'object',
      properties: {
        a: { type: 'string' },
        o: { type: 'object', properties: { x: { type: 'number' } }, required: ['x', 'ghost'] },
      },
      required: ['a', 'missing', 'o'],
    });
    expect(s.required).toEqual(['a', 'o']);
    expect(s.properties!.o!.required).toEqual(['x']);
  });
});
