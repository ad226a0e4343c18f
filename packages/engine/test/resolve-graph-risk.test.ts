import { describe, expect, it } from 'vitest';
import { bridges, graphRisk, reviewOrder } from '../src/index.ts';

describe('review queue graph risk', () => {
  // records 0-2 a triangle, 3-5 a triangle, joined by the single edge 2-3; 6-7 a pair; 8, 9, 10 alone
  const accepted: [number, number][] = [
    [0, 1],
    [1, 2],
    [0, 2],
    [2, 3],
    [3, 4],
    [4, 5],
    [3, 5],
    [6, 7],
  ];
  const clusters = [0, 0, 0, 0, 0, 0, 6, 6, 8, 9, 10];

  it('finds the bridges of the accepted pairs and the sizes they separate', () => {
    const b = bridges(11, accepted);
    expect([...b.keys()].sort()).toEqual(['2,3', '6,7']);
    expect(b.get('2,3')?.slice().sort()).toEqual([3, 3]);
  });

  it('a bridge between groups and a pair merging two groups are risky; lone records are not', () => {
    const pairs: [number, number][] = [
      [0, 1], // inside a triangle: redundant
      [2, 3], // the bridge
      [6, 7], // a pair of two: splitting risks only itself
      [8, 9], // two lone records
      [5, 6], // would merge the group of 6 with the pair
      [7, 8], // would merge the pair with a lone record
    ];
    const r = graphRisk(clusters, accepted, pairs);
    expect(r.map((x) => x.risk)).toEqual([0, 2, 0, 0, 1, 0]);
    expect(r[1]?.reason).toMatch(/splits into 3 and 3/);
    expect(r[4]?.reason).toMatch(/merge two entities of 6 and 2 records/);
    expect(r[0]?.reason).toBeNull();
  });

  it('orders by uncertainty, and among equally uncertain pairs the riskiest first', () => {
    const probability = [0.5, 0.51, 0.52, 0.9, 0.15, 0.53];
    const risk = [0, 0, 3, 5, 0, 1];
    // 0, 1, 2, 5 are equally uncertain (within 0.05 of 0.5): risk 3, then 1, then the rest by certainty
    expect(reviewOrder(probability, risk)).toEqual([2, 5, 0, 1, 4, 3]);
    // without risk the order is by certainty alone
    expect(reviewOrder(probability, [0, 0, 0, 0, 0, 0])).toEqual([0, 1, 2, 5, 4, 3]);
  });
});
