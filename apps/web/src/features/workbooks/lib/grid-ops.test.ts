import type { TGridColumn } from '@mapwright/contracts';
import { describe, expect, it } from 'vitest';
import { clampRange, fillDownEdits, parseTsv, pasteEdits, toTsv } from './grid-ops.ts';

const col = (name: string): TGridColumn => ({
  name,
  type: 'string',
  nullable: true,
  enum: null,
  editable: true,
});
const columns = [col('a'), col('b'), col('c')];
const rows = [
  { index: 10, cells: ['1', 'x', null] },
  { index: 11, cells: ['2', 'y', 'z'] },
  { index: 12, cells: ['3', null, 'w'] },
];

describe('grid range operations', () => {
  it('copies a range as tab-separated text and parses it back', () => {
    const range = clampRange({ r: 1, c: 2 }, { r: 0, c: 1 });
    expect(range).toEqual({ top: 0, bottom: 1, left: 1, right: 2 });
    const text = toTsv(rows.slice(0, 2), range);
    expect(text).toBe('x\t\ny\tz');
    expect(parseTsv(`${text}\r\n`)).toEqual([
      ['x', ''],
      ['y', 'z'],
    ]);
  });

  it('pastes a block at the active cell onto the rows the grid shows (dataset indexes), clipped to the columns', () => {
    const edits = pasteEdits([['p', 'q', 'extra'], ['r']], { r: 1, c: 1 }, columns, (i) => rows[i]);
    expect(edits).toEqual([
      { row: 11, column: 'b', value: 'p' },
      { row: 11, column: 'c', value: 'q' },
      { row: 12, column: 'b', value: 'r' },
    ]);
  });

  it('fills the top row down the selection, only where a value changes', () => {
    const edits = fillDownEdits(rows, { top: 0, bottom: 2, left: 0, right: 1 }, columns);
    expect(edits).toEqual([
      { row: 11, column: 'a', value: '1' },
      { row: 11, column: 'b', value: 'x' },
      { row: 12, column: 'a', value: '1' },
      { row: 12, column: 'b', value: 'x' },
    ]);
  });
});
