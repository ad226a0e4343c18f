import { describe, expect, it } from 'vitest';
import { rowEncoder } from '../src/modules/datasets/row-text.ts';
import { encodeResultRows, RESULT_COLUMNS } from '../src/modules/pipelines/result-columns.ts';

describe('result rows as an engine thread encodes them', () => {
  it('are the lines the generic encoder writes for the result columns', () => {
    const mapped = [{ a: 1, b: 'x\ty\nz' }, { nested: { list: [1, null, 'é'] } }, undefined, {}];
    const messages = ['success', [{ field: 'a', message: 'is required' }], 'success', 'bad "quote"'];
    const drop = {
      field: 'a',
      target: 'a',
      value: '12/x',
      message: '`12/x` is not a date',
      rule: 'is not a date',
    };
    const dropped = [undefined, [drop], undefined, [drop, { ...drop, field: 'b', value: { v: 1 } }]];
    const generic = rowEncoder(RESULT_COLUMNS);
    const expected = mapped
      .map((m, i) =>
        generic([
          40 + i,
          messages[i] === 'success',
          m,
          messages[i],
          dropped[i]?.map((d) => ({ field: d.field, value: d.value, message: d.message })) ?? null,
        ]),
      )
      .join('');
    expect(encodeResultRows(40, mapped, messages, dropped)).toBe(expected);
    // a row per record, tabs and newlines inside values escaped by JSON
    expect(expected.split('\n')).toHaveLength(5);
    expect(expected.split('\n')[1]!.split('\t')).toHaveLength(5);
  });
});
