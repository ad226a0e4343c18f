import { describe, expect, it } from 'vitest';
import { fieldsOf, parseRecords, parseTargetSchema } from './parse-json.ts';
import { describeSource, inferInputOf, jobInputOf, type TSource } from './source.ts';

describe('pasted source records', () => {
  it('reads an array, a single object and JSON Lines', () => {
    expect(parseRecords('[{"a":1},{"b":2}]')).toEqual({ ok: true, records: [{ a: 1 }, { b: 2 }] });
    expect(parseRecords('{"a":1}')).toEqual({ ok: true, records: [{ a: 1 }] });
    expect(parseRecords('{"a":1}\n{"a":2}\n')).toEqual({ ok: true, records: [{ a: 1 }, { a: 2 }] });
  });

  it('says what is wrong and where', () => {
    expect(parseRecords('')).toMatchObject({ ok: false, error: 'The JSON is empty' });
    expect(parseRecords('[]')).toMatchObject({ ok: false, error: 'Give at least one record' });
    expect(parseRecords('[{"a":1}, 3]')).toMatchObject({ ok: false, error: 'Record 2 is not a JSON object' });
    const broken = parseRecords('[{"a":1},\n {"b": }]');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.error).toMatch(/line 2/);
    expect(parseRecords('{"a":\n1,}')).toMatchObject({ ok: false, error: expect.stringMatching(/line 2/) });
    const lines = parseRecords('{"a":1}\n{"a":}');
    expect(!lines.ok && lines.error).toMatch(/^Line 2 of the JSON Lines/);
  });

  it('lists the fields in first-seen order', () => {
    expect(
      fieldsOf([
        { id: 1, name: 'x' },
        { id: 2, email: 'y' },
      ]),
    ).toEqual(['id', 'name', 'email']);
  });
});

describe('pasted target schema', () => {
  it('needs an object schema with properties whose names hold no dot', () => {
    expect(parseTargetSchema('{"type":"object","properties":{"id":{"type":"string"}}}').ok).toBe(true);
    expect(parseTargetSchema('[1]')).toMatchObject({ error: 'A target schema is a JSON object' });
    expect(parseTargetSchema('{"type":"array"}')).toMatchObject({ ok: false });
    expect(parseTargetSchema('{"type":"object"}')).toMatchObject({
      error: expect.stringMatching(/properties/),
    });
    expect(parseTargetSchema('{"properties":{"a.b":{}}}')).toMatchObject({
      error: `Property names may not contain '.': "a.b"`,
    });
  });
});

describe('sources', () => {
  const records: TSource = { kind: 'records', records: [{ a: 1 }, { a: 2 }], fields: ['a'] };
  const file: TSource = {
    kind: 'file',
    fileVersionId: 'v1',
    importId: 'i1',
    name: 'orders.csv',
    rows: 1204,
    fields: [],
  };
  const dataset: TSource = {
    kind: 'dataset',
    importId: 'i2',
    name: 'Orders',
    rows: 1,
    projectId: 'p',
    fields: [],
  };

  it('become the job body the API takes', () => {
    expect(jobInputOf(records)).toEqual({ data: [{ a: 1 }, { a: 2 }] });
    expect(jobInputOf(file)).toEqual({ file_version_id: 'v1' });
    expect(jobInputOf(dataset)).toEqual({ import_id: 'i2' });
    // the job reads the workbook's sheet that was picked, not its first
    expect(jobInputOf({ ...file, sheet: 'Orders' })).toEqual({ file_version_id: 'v1', sheet: 'Orders' });
  });

  it('infer a schema from records or from the imported rows', () => {
    expect(inferInputOf(records, 'S')).toEqual({ name: 'S', records: [{ a: 1 }, { a: 2 }] });
    expect(inferInputOf(file, 'S')).toEqual({ name: 'S', import_id: 'i1' });
  });

  it('are described with formatted counts', () => {
    expect(describeSource(records)).toBe('2 pasted records');
    expect(describeSource(file)).toBe(`uploaded file “orders.csv” · ${(1204).toLocaleString()} rows`);
    expect(describeSource(dataset)).toBe('dataset “Orders” · 1 row');
    expect(describeSource({ ...file, name: 'orders.xlsx', sheet: 'Orders', rows: 12 })).toBe(
      'uploaded file “orders.xlsx”, sheet “Orders” · 12 rows',
    );
  });
});
