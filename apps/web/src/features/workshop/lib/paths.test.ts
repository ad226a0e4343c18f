import { describe, expect, it } from 'vitest';
import { errorTarget, schemaLeafPaths, valueAtPath, withoutPath, withPathValue } from './paths.ts';
import { recordContains, recordLabel, sourceTree } from './source-tree.ts';

describe('paths', () => {
  const rec = { a: { b: 1 }, items: [{ p: 2 }, { p: 3 }, {}] };
  it('reads nested and list paths', () => {
    expect(valueAtPath(rec, 'a.b')).toBe(1);
    expect(valueAtPath(rec, 'items[*].p')).toEqual([2, 3, undefined]);
    expect(valueAtPath(rec, 'a.__proto__')).toBeUndefined();
    expect(valueAtPath(null, 'a')).toBeUndefined();
  });

  it('writes and removes nested values without touching the original', () => {
    const o = { a: { b: 1 } };
    expect(withPathValue(o, 'a.c', 2)).toEqual({ a: { b: 1, c: 2 } });
    expect(o).toEqual({ a: { b: 1 } });
    const proto = withPathValue({}, '__proto__', 1);
    expect(Object.keys(proto)).toEqual(['__proto__']);
    expect(withoutPath({ a: { b: 1 }, c: 1 }, 'a.b')).toEqual({ c: 1 });
  });

  it('maps error fields to target paths and lists schema leaves', () => {
    expect(errorTarget('lines[12].sku')).toBe('lines[*].sku');
    expect(
      schemaLeafPaths({
        type: 'object',
        properties: {
          id: { type: 'string' },
          who: { type: 'object', properties: { name: {} } },
          lines: { type: 'array', items: { type: 'object', properties: { sku: {} } } },
          tags: { type: 'array', items: { type: 'string' } },
        },
      }),
    ).toEqual(['id', 'who.name', 'lines[*].sku', 'tags']);
  });
});

describe('source tree', () => {
  it('gives every leaf the path a mapping would extract', () => {
    const tree = sourceTree({ name: 'Ada', items: [{ price: 2 }] });
    expect(tree.map((n) => [n.label, n.path, n.kind])).toEqual([
      ['name', 'name', 'value'],
      ['items', 'items', 'array'],
    ]);
    const leaf = tree[1]?.children?.[0]?.children?.[0];
    expect(leaf).toMatchObject({ id: 'items[0].price', path: 'items[*].price', value: 2 });
  });

  it('names a record by its first short texts and finds text anywhere in it', () => {
    expect(recordLabel({ id: 7, first: 'Ada', last: 'Lovelace', city: 'London' })).toBe('Ada · Lovelace');
    expect(recordContains({ a: { b: ['Lovelace'] } }, 'love')).toBe(true);
    expect(recordContains({ a: 1 }, 'x')).toBe(false);
  });
});

describe('json lines', async () => {
  const { jsonLines } = await import('./json-lines.ts');
  it('prints JSON with the path each line shows', () => {
    const lines = jsonLines({ a: 1, b: { c: 'x' }, l: [{ s: 2 }], e: [] });
    expect(lines.map((l) => l.text).join('\n')).toBe(
      JSON.stringify({ a: 1, b: { c: 'x' }, l: [{ s: 2 }], e: [] }, null, 2),
    );
    expect(lines.filter((l) => l.path).map((l) => l.path)).toEqual([
      'a',
      'b',
      'b.c',
      'l',
      'l[0]',
      'l[0].s',
      'e',
    ]);
  });
});
