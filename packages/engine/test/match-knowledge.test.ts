import { describe, expect, it } from 'vitest';
import {
  acceptedCount,
  createKnowledge,
  knowledgeKey,
  learnedLookup,
  recordAcceptedLookup,
  recordAcceptedMapping,
  targetFromExamples,
  targetInfos,
} from '../src/match/index.ts';

describe('knowledge', () => {
  it('compares names without case, separators or camelCase', () => {
    expect(knowledgeKey('First_Name')).toBe(knowledgeKey('firstName'));
    expect(knowledgeKey('items[*].unit-price')).toBe(knowledgeKey('items.unitPrice'));
  });

  it('never mutates its input and survives a JSON round trip', () => {
    const empty = createKnowledge();
    const k1 = recordAcceptedMapping(empty, {
      sourceName: 'cust_email',
      targetName: 'email',
      transform: { kind: 'copy' },
    });
    expect(empty.mappings).toEqual([]);
    const k2 = recordAcceptedMapping(k1, { sourceName: 'CUST_EMAIL', targetName: 'Email' });
    expect(k1.mappings[0]!.count).toBe(1);
    expect(k2.mappings).toHaveLength(1);
    expect(k2.mappings[0]).toMatchObject({ count: 2, transform: { kind: 'copy' } });
    const round = JSON.parse(JSON.stringify(k2));
    expect(acceptedCount(round, 'custEmail', 'email')).toBe(2);
    expect(acceptedCount(round, 'other', 'email')).toBe(0);
    expect(acceptedCount(undefined, 'custEmail', 'email')).toBe(0);
  });

  it('keeps accepted value pairs, __proto__ included, as data', () => {
    let k = recordAcceptedLookup(createKnowledge(), {
      targetName: 'status',
      table: JSON.parse('{"A": "active", "__proto__": "x"}'),
    });
    k = recordAcceptedLookup(k, { targetName: 'status', table: { A: 'active' } });
    const table = learnedLookup(k, 'Status')!;
    expect(Object.keys(table).sort()).toEqual(['A', '__proto__']);
    expect(Object.getOwnPropertyDescriptor(table, '__proto__')?.value).toBe('x');
    expect(k.lookups.find((l) => l.from === 'A')!.count).toBe(2);
    expect(learnedLookup(k, 'other')).toBeUndefined();
  });
});

describe('targetFromExamples', () => {
  it('turns example columns into a schema with examples, types and formats', () => {
    const schema = targetFromExamples([
      ['age', ['42', '7', '', '42']],
      ['email', ['a@b.io']],
      ['empty', ['', '']],
      ['__proto__', ['x']],
    ]);
    const infos = targetInfos(schema);
    // the schema keeps `__proto__` as an own property (normalizeTargetSchema, not owned here, drops it later)
    expect(Object.keys(schema.properties!)).toEqual(['age', 'email', 'empty', '__proto__']);
    expect(infos.map((i) => i.path).slice(0, 3)).toEqual(['age', 'email', 'empty']);
    expect(infos[0]).toMatchObject({ types: ['integer'], examples: ['42', '7'] });
    expect(infos[1]).toMatchObject({ format: 'email' });
    expect(infos[2]!.examples).toBeUndefined();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('reads examples of nested and array targets from a JSON Schema', () => {
    const infos = targetInfos({
      type: 'object',
      properties: {
        lines: {
          type: 'array',
          items: { type: 'object', properties: { sku: { type: 'string', examples: ['A-1'] } } },
        },
        kind: { const: 'invoice' },
      },
    });
    expect(infos.find((i) => i.path === 'lines[*].sku')).toMatchObject({ inArray: true, examples: ['A-1'] });
    expect(infos.find((i) => i.path === 'kind')!.examples).toEqual(['invoice']);
  });
});
