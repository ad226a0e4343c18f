import { describe, expect, it } from 'vitest';
import { cellProblem, type GridColumn } from '../src/modules/datasets/grid.ts';

const col = (type: GridColumn['type'], extra: Partial<GridColumn> = {}): GridColumn => ({
  name: 'c',
  type,
  nullable: true,
  enum: null,
  from: { column: 'c' },
  ...extra,
});

describe('a cell edit against its column type', () => {
  it('accepts values of the type and refuses others with the reason', () => {
    expect(cellProblem(col('integer'), '-42')).toBeNull();
    expect(cellProblem(col('integer'), '4.2')).toBe('"c" holds whole numbers: "4.2" is not one');
    expect(cellProblem(col('number'), '1e3')).toBeNull();
    expect(cellProblem(col('number'), 'NaN')).toBe('"c" holds numbers: "NaN" is not one');
    expect(cellProblem(col('boolean'), 'true')).toBeNull();
    expect(cellProblem(col('boolean'), 'yes')).toBe('"c" holds true or false, not "yes"');
    expect(cellProblem(col('date'), '2024-02-29')).toBeNull();
    expect(cellProblem(col('date'), '2023-02-29')).toBe(
      '"c" holds dates as YYYY-MM-DD: "2023-02-29" is not a valid date',
    );
    expect(cellProblem(col('json'), '{"a":1}')).toBeNull();
    expect(cellProblem(col('json'), '{a')).toBe('"c" holds JSON: "{a" does not parse');
  });

  it('an empty cell only where the column may be empty; enums only their values', () => {
    expect(cellProblem(col('string'), null)).toBeNull();
    expect(cellProblem(col('string', { nullable: false }), '')).toBe('"c" may not be empty');
    expect(cellProblem(col('string', { enum: ['open', 'closed'] }), 'open')).toBeNull();
    expect(cellProblem(col('string', { enum: ['open', 'closed'] }), 'shut')).toBe(
      '"c" is one of "open", "closed": "shut" is not',
    );
  });
});
