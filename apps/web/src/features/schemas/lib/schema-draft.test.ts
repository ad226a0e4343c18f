import { describe, expect, it } from 'vitest';
import { addField, newField, updateField } from './field-tree.ts';
import {
  canonicalSchema,
  countFields,
  describeLoc,
  draftFromSchema,
  draftFromText,
  draftFromTree,
  exportFileName,
  fieldPath,
  isDirty,
  placeIssues,
  sameSchema,
  schemaForSave,
} from './schema-draft.ts';

const saved = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Customer',
  type: 'object',
  properties: {
    id: { type: 'integer' },
    address: { type: 'object', properties: { zip: { type: 'string' } }, required: ['zip'] },
    items: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' } } } },
  },
  required: ['id'],
};

describe('the schema draft', () => {
  it('starts as the saved schema, not dirty, with its text and tree', () => {
    const d = draftFromSchema(saved);
    expect(d.textError).toBeNull();
    expect(JSON.parse(d.text)).toEqual(saved);
    expect(d.tree.fields.map((f) => f.name)).toEqual(['id', 'address', 'items']);
    expect(isDirty(d, saved)).toBe(false);
  });

  it('rewrites the text on a tree edit, and is dirty until the edit is undone', () => {
    const start = draftFromSchema(saved);
    const id = start.tree.fields[0]!.id;
    const edited = draftFromTree(updateField(start.tree, id, { name: 'customer_id' }));
    expect(JSON.parse(edited.text).properties).toHaveProperty('customer_id');
    expect(isDirty(edited, saved)).toBe(true);
    const undone = draftFromTree(updateField(edited.tree, id, { name: 'id' }));
    expect(isDirty(undone, saved)).toBe(false);
  });

  it('rebuilds the tree from text that parses, and keeps the last tree when it does not', () => {
    const start = draftFromSchema(saved);
    const next = draftFromText(start, '{"type":"object","properties":{"a":{"type":"boolean"}}}');
    expect(next.textError).toBeNull();
    expect(next.tree.fields.map((f) => [f.name, f.type])).toEqual([['a', 'boolean']]);

    const broken = draftFromText(next, '{\n  "type": "object",\n  "properties": {,}\n}');
    expect(broken.schema).toBeNull();
    expect(broken.textError?.line).toBe(3);
    expect(broken.textError?.error).toMatch(/line 3, column/);
    expect(broken.tree).toBe(next.tree);
    expect(isDirty(broken, saved)).toBe(true);
    expect(schemaForSave(broken)).toBeNull();
  });

  it('refuses JSON that is not an object', () => {
    const d = draftFromText(draftFromSchema(saved), '[1, 2]');
    expect(d.textError?.error).toBe('A schema is a JSON object ({ … }), not an array');
    expect(draftFromText(d, 'null').textError?.error).toMatch(/not null$/);
  });

  it('whitespace-only text changes are not unsaved changes', () => {
    const d = draftFromText(draftFromSchema(saved), JSON.stringify(saved));
    expect(isDirty(d, saved)).toBe(false);
  });

  it('applies the required-reduction rule on save, at every level', () => {
    const d = draftFromText(
      draftFromSchema(saved),
      JSON.stringify({
        type: 'object',
        properties: { a: { type: 'object', properties: { b: {} }, required: ['b', 'gone'] } },
        required: ['a', 'missing'],
      }),
    );
    const out = schemaForSave(d)!;
    expect(out.required).toEqual(['a']);
    expect((out.properties as Record<string, { required: string[] }>).a?.required).toEqual(['b']);
  });
});

describe('comparing schemas', () => {
  it('ignores keyword order and empty required lists, but not field order', () => {
    expect(
      sameSchema({ type: 'object', properties: {} }, { properties: {}, type: 'object', required: [] }),
    ).toBe(true);
    const ab = { type: 'object', properties: { a: {}, b: {} } };
    const ba = { type: 'object', properties: { b: {}, a: {} } };
    expect(sameSchema(ab, ba)).toBe(false);
    expect(canonicalSchema({ b: 1, a: [{ d: 1, c: 2 }] })).toBe('{"a":[{"c":2,"d":1}],"b":1}');
  });
});

describe('issues', () => {
  const tree = draftFromSchema(saved).tree;
  const zip = tree.fields[1]!.children[0]!;
  const sku = tree.fields[2]!.children[0]!;

  it('finds a field path, array items as [*]', () => {
    expect(fieldPath(tree.fields, zip.id)).toBe('address.zip');
    expect(fieldPath(tree.fields, sku.id)).toBe('items[*].sku');
    expect(fieldPath(tree.fields, 'nope')).toBeNull();
  });

  it('reads a server loc as a path', () => {
    expect(describeLoc(['body', 'schema', 'properties', 'items', 'items', 'properties', 'sku'])).toBe(
      'items[*].sku',
    );
    expect(describeLoc(['body', 'schema'])).toBe('');
    expect(describeLoc(['body', 'schema', 'properties'])).toBe('properties');
  });

  it('places local and server issues on their fields, and lists them all', () => {
    const placed = placeIssues(tree, new Map([[zip.id, 'A field needs a name']]), [
      { loc: ['body', 'schema', 'properties', 'items', 'items', 'properties', 'sku'], msg: 'bad name' },
      { loc: ['body', 'schema'], msg: 'must be an object schema' },
    ]);
    expect(placed.byField.get(zip.id)).toEqual(['A field needs a name']);
    expect(placed.byField.get(sku.id)).toEqual(['bad name']);
    expect(placed.lines).toEqual([
      'address.zip: A field needs a name',
      'items[*].sku: bad name',
      'The schema must be an object schema',
    ]);
  });

  it('counts nested fields too', () => {
    expect(countFields(tree.fields)).toBe(5);
    const more = addField(tree, tree.fields[1]!.id, newField('city'));
    expect(countFields(more.fields)).toBe(6);
  });
});

describe('exportFileName', () => {
  it('names the file after the schema, safely', () => {
    expect(exportFileName('Customers')).toBe('Customers.schema.json');
    expect(exportFileName('a/b: "c"?')).toBe('a-b- -c.schema.json');
    expect(exportFileName('  ')).toBe('schema.schema.json');
    expect(exportFileName('..hidden')).toBe('hidden.schema.json');
  });
});
