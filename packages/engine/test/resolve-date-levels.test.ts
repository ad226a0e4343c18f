import { describe, expect, it } from 'vitest';
import { levelOf, planColumn } from '../src/resolve/kernel.ts';
import { comparisonOf } from '../src/resolve/levels.ts';
import { prepareColumn } from '../src/resolve/prepare.ts';

describe('date comparison levels', () => {
  const values = [
    '1950-03-10', // 0
    '1950-03-10', // 1 exact
    '1950-03-19', // 2 one typo
    '1950-10-03', // 3 day and month swapped
    '1950-03-01', // 4 two digits differ: Levenshtein 2
    '1950-11-22', // 5 within a year
    '1962-07-30', // 6 else
    '', //           7 empty
  ];
  const col = prepareColumn('dob', 'date', values);
  const plan = planColumn(col);
  const cmp = comparisonOf(col, plan);
  const label = (i: number) => {
    const l = levelOf(plan, 0, i);
    return l === 255 ? 'empty' : cmp.levels[l];
  };

  it('grades a pair of dates from exact to else', () => {
    expect(cmp.levels).toEqual([
      'exact',
      'Levenshtein ≤ 1',
      'day and month swapped',
      'Levenshtein ≤ 2',
      'within a year',
      'else',
    ]);
    expect([1, 2, 3, 4, 5, 6, 7].map(label)).toEqual([
      'exact',
      'Levenshtein ≤ 1',
      'day and month swapped',
      'Levenshtein ≤ 2',
      'within a year',
      'else',
      'empty',
    ]);
  });
});
