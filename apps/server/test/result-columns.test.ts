import { describe, expect, it } from 'vitest';
import { RowGroupBuilder } from '../src/modules/datasets/parquet-build.ts';
import { appendResultRows, RESULT_COLUMNS } from '../src/modules/pipelines/result-columns.ts';
import { groupCells } from './row-groups.ts';

describe('result rows as an engine thread builds them', () => {
  it('hold the index, validity and the JSON texts results were always stored with', async () => {
    const mapped = [{ a: 1, b: 'x\ty\nz' }, { nested: { list: [1, null, 'é😀'] } }, undefined, {}];
    const messages = ['success', [{ field: 'a', message: 'is required' }], 'success', 'bad "quote"'];
    const drop = {
      field: 'a',
      target: 'a',
      value: '12/x',
      message: '`12/x` is not a date',
      rule: 'is not a date',
    };
    const dropped = [undefined, [drop], undefined, [drop, { ...drop, field: 'b', value: { v: 1 } }]];
    const group = new RowGroupBuilder(RESULT_COLUMNS);
    appendResultRows(group, 40, mapped, messages, dropped);
    const cells = await groupCells(RESULT_COLUMNS, [group.finish(4)]);
    expect(cells).toEqual([
      ['40', 'true', '{"a":1,"b":"x\\ty\\nz"}', '"success"', 'null'],
      [
        '41',
        'false',
        '{"nested":{"list":[1,null,"é😀"]}}',
        '[{"field":"a","message":"is required"}]',
        '[{"field":"a","value":"12/x","message":"`12/x` is not a date"}]',
      ],
      // no mapped record: the JSON text null, as the TSV files before stored it
      ['42', 'true', 'null', '"success"', 'null'],
      [
        '43',
        'false',
        '{}',
        '"bad \\"quote\\""',
        '[{"field":"a","value":"12/x","message":"`12/x` is not a date"},{"field":"b","value":{"v":1},"message":"`12/x` is not a date"}]',
      ],
    ]);
  });
});
