import type { TFieldMapping } from '@mapwright/contracts';
import { describe, expect, it } from 'vitest';
import {
  buildFieldRows,
  countByFilter,
  failureCounts,
  matchesFilter,
  otherErrors,
  parseTyped,
  type TTargetField,
} from './field-rows.ts';

const field = (path: string, types = ['string']): TTargetField => ({
  path,
  name: path.split('.').pop() as string,
  types,
  required: false,
  inArray: path.includes('[*]'),
  isArray: false,
});
const fields = [field('full_name'), field('email'), field('amount', ['number']), field('lines[*].sku')];
const m = (target: string, confidence: number, status?: string): TFieldMapping => ({
  target,
  sources: ['x'],
  transform: { kind: 'copy' },
  confidence,
  bucket: 'High',
  reason: '',
  ...(status ? { status } : {}),
});
const message = {
  record_errors: {
    email: { error_message: 'email: must be an email address, got string "nope"', error_type: 'Type Error' },
    'lines[1].sku': { error_message: 'lines[1].sku: must be string', error_type: 'Type Error' },
    '(record)': { error_message: 'must have required property x', error_type: 'Schema Error' },
  },
  global_errors: { error_types: {} },
};

describe('field rows', () => {
  const rows = buildFieldRows({
    fields,
    mappings: [m('full_name', 0.95, 'approved'), m('email', 0.6), m('lines[*].sku', 0.9)],
    mapped: { full_name: 'Ada', email: 'nope', lines: [{ sku: 'A' }, { sku: 3 }] },
    message,
    failures: new Map([['email', 12]]),
  });

  it('joins each target field with its mapping, value and error on the record', () => {
    expect(
      rows.map((r) => [r.field.path, r.value, r.error?.type ?? null, r.failures, r.approved, r.low]),
    ).toEqual([
      ['full_name', 'Ada', null, 0, true, false],
      ['email', 'nope', 'Type Error', 12, false, true],
      ['amount', undefined, null, 0, false, true],
      ['lines[*].sku', ['A', 3], 'Type Error', 0, false, false],
    ]);
  });

  it("lowers a suggestion's confidence by the records that failed on it or lost their value to it", () => {
    const run = buildFieldRows({
      fields,
      mappings: [m('full_name', 0.95), m('email', 1), m('amount', 0.9)],
      mapped: {},
      message: 'success',
      failures: new Map(),
      droppedByField: { amount: 10 },
      run: { processed: 200, failuresByField: { email: 193 } },
    });
    const by = Object.fromEntries(run.map((r) => [r.field.path, r.runConfidence]));
    // "Very High · 100%" beside "Fails in 193 records" is what issue 24 found: no longer
    expect(by.email).toEqual({ score: 0.035, bucket: 'Very Low', share: 0.965 });
    expect(by.amount).toEqual({ score: 0.855, bucket: 'High', share: 0.05 });
    expect(by.full_name).toBeNull();
  });

  it('filters to low confidence, failing and unapproved fields, and counts each', () => {
    expect(rows.filter((r) => matchesFilter(r, 'failing')).map((r) => r.field.path)).toEqual([
      'email',
      'lines[*].sku',
    ]);
    expect(countByFilter(rows)).toEqual({ all: 4, low: 2, failing: 2, unapproved: 3 });
  });

  it('counts failing records per field and keeps errors of no field apart', () => {
    const counts = failureCounts([
      { index: 0, source_record: {}, mapped_record: {}, message },
      { index: 3, source_record: {}, mapped_record: {}, message: 'success' },
      { index: 5, source_record: {}, mapped_record: {}, message },
    ]);
    expect(counts.get('email')).toBe(2);
    expect(counts.get('lines[*].sku')).toBe(2);
    expect(otherErrors(fields, message).map(([t]) => t)).toEqual(['(record)']);
  });

  it('reads typed values by the field type', () => {
    expect(parseTyped('1,234.5', ['number'])).toEqual({ value: 1234.5 });
    expect(parseTyped('1.5', ['integer'])).toEqual({ error: 'Enter a whole number' });
    expect(parseTyped('abc', ['number'])).toEqual({ error: 'Enter a number' });
    expect(parseTyped('yes', ['boolean'])).toEqual({ value: true });
    expect(parseTyped('', ['string'])).toEqual({ value: null });
    expect(parseTyped(' CLEARED', ['string', 'null'])).toEqual({ value: ' CLEARED' });
    expect(parseTyped('[1,2]', ['array'])).toEqual({ value: [1, 2] });
  });
});

describe('manual edit request', async () => {
  const { draftFromMapping, manualEditRequest } = await import('./manual-edit.ts');
  it('starts from the current mapping and builds the mapper edit, typed by the target', () => {
    const d = draftFromMapping('status', {
      ...m('status', 0.5),
      sources: ['state'],
      transform: { kind: 'lookup', table: { ok: 'CLEARED' } },
    });
    expect(d).toEqual({
      targetField: 'status',
      extract: 'state',
      transform: 'auto',
      defaultText: '',
      lookup: [{ from: 'ok', to: 'CLEARED' }],
    });
    expect(manualEditRequest({ ...d, transform: 'upper', defaultText: 'PENDING' }, ['string'])).toEqual({
      edit: {
        targetField: 'status',
        transformation: {
          extract: 'state',
          default: 'PENDING',
          lookup: { ok: 'CLEARED' },
          transform: 'upper',
        },
      },
    });
    expect(manualEditRequest({ ...d, extract: '', lookup: [] }, ['string'])).toMatchObject({
      field: 'extract',
    });
    expect(manualEditRequest({ ...d, extract: '', defaultText: 'x' }, ['string'])).toMatchObject({
      field: 'lookup',
    });
    expect(manualEditRequest({ ...d, defaultText: 'abc' }, ['number'])).toEqual({
      error: 'Default: enter a number',
      field: 'default',
    });
  });
});
