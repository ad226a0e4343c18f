import { describe, expect, it } from 'vitest';
import { CARDS_SAMPLE_DATA } from '../src/modules/workflows/sample-workflow.ts';

describe('the sample cards output (spec §3, §9)', () => {
  it('holds the two cards of monthly limits 10000 and 20000, total 30000', () => {
    expect(CARDS_SAMPLE_DATA.cards.map((c) => c.Card['Monthly Limit'])).toEqual([10000, 20000]);
    expect(CARDS_SAMPLE_DATA['Number of Cards']).toBe(2);
    expect(CARDS_SAMPLE_DATA['Total Monthly Limit']).toBe(30000);
  });
});
