import { describe, expect, it } from 'vitest';
import { finalSchemaOf, hasSchemaToCheck } from './final-schema.ts';

describe('hasSchemaToCheck', () => {
  it('says an empty schema checks nothing', () => {
    expect(hasSchemaToCheck(undefined)).toBe(false);
    expect(hasSchemaToCheck({})).toBe(false);
    expect(hasSchemaToCheck({ type: 'object', properties: {} })).toBe(false);
    expect(hasSchemaToCheck({ type: 'object', properties: {}, title: 'Out', description: 'x' })).toBe(false);
  });

  it('says a schema with a field or a constraint checks something', () => {
    expect(hasSchemaToCheck({ type: 'object', properties: { id: { type: 'string' } } })).toBe(true);
    expect(hasSchemaToCheck({ type: 'object', properties: {}, required: ['id'] })).toBe(true);
    expect(hasSchemaToCheck({ type: 'object', additionalProperties: false })).toBe(true);
  });

  it("finds a workflow's final schema", () => {
    const schema = { type: 'object', properties: { a: {} } };
    expect(
      finalSchemaOf([
        { type: 'custom', data: {} },
        { type: 'final', data: { finalSchema: schema } },
      ]),
    ).toBe(schema);
    expect(finalSchemaOf(undefined)).toBeUndefined();
  });
});
