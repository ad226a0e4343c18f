import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../src/schema/target-schema.ts';
import { createValidator, fieldOf, uniquePaths } from '../src/validate/index.ts';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', 'x-unique': true },
    amount: { type: 'number' },
    date: { type: 'string', format: 'date' },
    status: { type: 'string', enum: ['active', 'inactive'] },
    customer: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    lines: { type: 'array', items: { type: 'object', properties: { qty: { type: 'integer' } } } },
  },
  // "ghost" is not a property: the spec rule drops it from required
  required: ['id', 'amount', 'ghost'],
};

describe('createValidator', () => {
  const v = createValidator(schema);

  it('says success for good records and ignores required names that are not properties', () => {
    const r = v.validateRecords([{ id: 'a', amount: 1, date: '2024-03-04', customer: { name: 'x' } }]);
    expect(r).toEqual({
      messages: ['success'],
      global_errors: { error_types: {} },
      valid: 1,
      invalid: 0,
      dropped: 0,
      droppedByField: {},
    });
  });

  it('names the field, the rule and the value', () => {
    const r = v.validateRecords([
      {
        id: 'a',
        amount: 'abc',
        date: '03/04/2024',
        status: 'gone',
        customer: {},
        lines: [{ qty: 1 }, { qty: 1.5 }],
      },
    ]);
    const m = r.messages[0];
    expect(m).not.toBe('success');
    if (m === 'success' || m === undefined) return;
    expect(m.record_errors).toEqual({
      amount: { error_message: 'amount: must be number, got string "abc"', error_type: 'Type Error' },
      date: {
        error_message: 'date: must be a date (YYYY-MM-DD), got string "03/04/2024"',
        error_type: 'Type Error',
      },
      status: {
        error_message: 'status: must be one of "active", "inactive", got string "gone"',
        error_type: 'Type Error',
      },
      'customer.name': { error_message: 'customer.name: is required', error_type: 'Missing' },
      'lines[1].qty': {
        error_message: 'lines[1].qty: must be integer, got number 1.5',
        error_type: 'Type Error',
      },
    });
    expect(m.global_errors.error_types.Missing).toEqual([
      { error_message: 'customer.name: is required', error_indices: [0], error_fields: ['customer.name'] },
    ]);
  });

  it('groups the batch errors by rule with the record indices, and flags duplicates of x-unique fields', () => {
    const r = v.validateRecords([
      { id: 'a', amount: 'x' },
      { id: 'b', amount: 1 },
      { id: 'a', amount: 'y' },
      { amount: 2 },
    ]);
    expect(r.valid).toBe(1);
    expect(r.invalid).toBe(3);
    expect(r.global_errors.error_types['Type Error']).toEqual([
      { error_message: 'amount: must be number', error_indices: [0, 2], error_fields: ['amount'] },
    ]);
    expect(r.global_errors.error_types['Unique Error']).toEqual([
      { error_message: 'id: value "a" is not unique', error_indices: [0, 2], error_fields: ['id'] },
    ]);
    expect(r.global_errors.error_types.Missing).toEqual([
      { error_message: 'id: is required', error_indices: [3], error_fields: ['id'] },
    ]);
    const third = r.messages[2];
    if (third === 'success' || third === undefined) throw new Error('expected errors');
    expect(third.record_errors.id).toEqual({
      error_message: 'id: value "a" is not unique (records 0, 2)',
      error_type: 'Unique Error',
    });
    // each record carries the global entries it takes part in
    expect(Object.keys(third.global_errors.error_types).sort()).toEqual(['Type Error', 'Unique Error']);
    expect(r.messages[1]).toBe('success');
  });

  it('compares unique values by type and skips missing ones', () => {
    const u = createValidator({
      type: 'object',
      properties: { k: { 'x-unique': true }, tags: { type: 'array', items: { 'x-unique': true } } },
    });
    expect(u.validateRecords([{ k: 1 }, { k: '1' }, { k: null }, { k: null }]).invalid).toBe(0);
    expect(u.validateRecords([{ tags: ['a', 'b'] }, { tags: ['b'] }]).invalid).toBe(2);
    expect(uniquePaths({ properties: { a: { properties: { b: { 'x-unique': true } } } } })).toEqual(['a.b']);
  });

  it('supports draft 2020-12 schemas and additionalProperties, keeping "__proto__" a plain key', () => {
    const strict = createValidator({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { a: { type: 'string' } },
      additionalProperties: false,
    });
    const r = strict.validateRecords([JSON.parse('{"a": "x", "__proto__": {"polluted": true}}')]);
    const m = r.messages[0];
    if (m === 'success' || m === undefined) throw new Error('expected errors');
    expect(Object.keys(m.record_errors)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(m.record_errors)).toBe(Object.prototype);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('validates one record without the batch', () => {
    expect(v.validateRecord({ id: 'a', amount: 1 })).toEqual([]);
    expect(v.validateRecord({ id: 1, amount: 1 }).map((e) => e.error_message)).toEqual([
      'id: must be string, got number 1',
    ]);
    expect(fieldOf('/a~1b/0/c')).toBe('a/b[0].c');
  });

  it('says "Missing" for a required value that is absent, null or blank, not a wrong type', () => {
    const contacts = createValidator({
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email' },
        phone: { type: ['string', 'null'], format: 'email' },
      },
      required: ['email'],
    });
    const r = contacts.validateRecords([
      { email: '' },
      { email: null },
      {},
      { email: '  ' },
      { email: 'x', phone: '' },
    ]);
    for (const m of r.messages.slice(0, 4)) {
      if (m === 'success' || m === undefined) throw new Error('expected errors');
      expect(m.record_errors.email?.error_type).toBe('Missing');
      expect(m.record_errors.email?.error_message).toMatch(/^email: is required/);
    }
    // a wrong value is still a Type Error, and an optional blank value is not Missing
    const last = r.messages[4];
    if (last === 'success' || last === undefined) throw new Error('expected errors');
    expect(last.record_errors.email?.error_type).toBe('Type Error');
    expect(last.record_errors.phone?.error_type).toBe('Type Error');
    expect(r.global_errors.error_types.Missing?.[0]?.error_indices).toEqual([0, 1, 2, 3]);
  });

  it('turns values dropped from required fields into Format Errors and counts every drop', () => {
    const s: JsonSchema = {
      type: 'object',
      properties: {
        signup: { type: 'string', format: 'date' },
        seen: { type: 'string', format: 'date' },
        lines: {
          type: 'array',
          items: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
        },
      },
      required: ['signup'],
    };
    const drop = (field: string, target: string, value: string) => ({
      field,
      target,
      value,
      message: `\`${value}\` is not a date this transform reads`,
      rule: 'is not a date this transform reads',
    });
    const records = [{ seen: '2023-01-02' }, { signup: '2023-01-02' }, { signup: '2023-01-02', lines: [{}] }];
    const dropped = [
      [drop('signup', 'signup', 'Sep 7 2023')],
      [drop('seen', 'seen', 'soon')],
      [drop('lines[0].amount', 'lines[*].amount', 'n/a')],
    ];
    // the old call: no drops, no counts; the missing signup is only "Missing"
    const before = createValidator(s).validateRecords(records);
    expect(before.dropped).toBe(0);
    const m0 = before.messages[0];
    if (m0 === 'success' || m0 === undefined) throw new Error('expected errors');
    expect(m0.record_errors.signup?.error_type).toBe('Missing');

    const r = createValidator(s).validateRecords(records, dropped);
    const first = r.messages[0];
    if (first === 'success' || first === undefined) throw new Error('expected errors');
    // the drop says why the value is missing, and replaces "is required"
    expect(first.record_errors).toEqual({
      signup: {
        error_type: 'Format Error',
        error_message: 'signup: `Sep 7 2023` is not a date this transform reads',
      },
    });
    expect(r.global_errors.error_types.Missing).toBeUndefined();
    expect(r.global_errors.error_types['Format Error']).toEqual([
      {
        error_message: 'signup: is not a date this transform reads',
        error_indices: [0],
        error_fields: ['signup'],
      },
      {
        error_message: 'lines[0].amount: is not a date this transform reads',
        error_indices: [2],
        error_fields: ['lines[0].amount'],
      },
    ]);
    // an optional field's drop leaves the record valid, and is counted
    expect(r.messages[1]).toBe('success');
    expect(r.valid).toBe(1);
    expect(r.dropped).toBe(3);
    expect(r.droppedByField).toEqual({ signup: 1, seen: 1, 'lines[*].amount': 1 });
  });
});
