import { describe, expect, it } from 'vitest';
import { connectedComponents, cutChains, oneToOneDecided, passedOver } from '../src/resolve/cluster.ts';

/** Candidate pairs as the engine holds them: a, b, probability; `accepted` = pairs above the threshold. */
function pairs(list: [number, number, number][]) {
  return {
    a: Int32Array.from(list, (p) => p[0]),
    b: Int32Array.from(list, (p) => p[1]),
    probability: Float64Array.from(list, (p) => p[2]),
    length: list.length,
  };
}
const sizesOf = (clusters: Int32Array) => {
  const m = new Map<number, number>();
  for (const c of clusters) m.set(c, (m.get(c) ?? 0) + 1);
  return [...m.values()].sort((x, y) => y - x);
};

describe('connected components guarded against chains', () => {
  // two families of three, each pair within a family a clear match; one near-miss pair (same
  // name and city, another person) accepted between them; the other pairs compared across say no
  const list: [number, number, number][] = [
    [0, 1, 0.99],
    [0, 2, 0.99],
    [1, 2, 0.98],
    [3, 4, 0.99],
    [3, 5, 0.99],
    [4, 5, 0.97],
    [2, 3, 0.9],
    [0, 3, 0.02],
    [1, 3, 0.05],
    [2, 4, 0.01],
  ];
  const accepted = [0, 1, 2, 3, 4, 5, 6];

  it('cuts a single pair joining two groups the other compared pairs keep apart', () => {
    const { a, b, probability, length } = pairs(list);
    expect(sizesOf(connectedComponents(6, a, b, accepted))).toEqual([6]);
    const kept = cutChains(6, a, b, length, probability, accepted);
    expect(kept).not.toContain(6);
    expect(sizesOf(connectedComponents(6, a, b, kept))).toEqual([3, 3]);
  });

  it('keeps the bridge when the pairs across it lean towards "the same"', () => {
    const same = list.map(([x, y, p], i): [number, number, number] => [x, y, i >= 7 ? 0.6 : p]);
    const { a, b, probability, length } = pairs(same);
    expect(cutChains(6, a, b, length, probability, accepted)).toEqual(accepted);
  });

  it('keeps a bridge nothing else was compared across, a lone record, and decided pairs', () => {
    const { a, b, probability, length } = pairs(list.slice(0, 7));
    expect(cutChains(6, a, b, length, probability, accepted)).toEqual(accepted);
    // record 6 hangs on one pair whose neighbours say no: an ordinary match, not a chain
    const leaf = pairs([...list.slice(0, 6), [2, 6, 0.9], [0, 6, 0.01], [1, 6, 0.01]]);
    expect(cutChains(7, leaf.a, leaf.b, leaf.length, leaf.probability, accepted)).toEqual(accepted);
    const all = pairs(list);
    expect(cutChains(6, all.a, all.b, all.length, all.probability, accepted, (p) => p === 6)).toEqual(
      accepted,
    );
  });

  it('cuts each link of a longer chain of families', () => {
    // four families of two, linked in a row by near-miss pairs
    const chain: [number, number, number][] = [];
    for (let f = 0; f < 4; f++) chain.push([2 * f, 2 * f + 1, 0.99]);
    for (let f = 0; f < 3; f++) chain.push([2 * f + 1, 2 * f + 2, 0.8], [2 * f, 2 * f + 2, 0.01]);
    const { a, b, probability, length } = pairs(chain);
    const acceptedChain = chain.map((_, i) => i).filter((i) => (chain[i]?.[2] as number) > 0.5);
    const kept = cutChains(8, a, b, length, probability, acceptedChain);
    expect(sizesOf(connectedComponents(8, a, b, kept))).toEqual([2, 2, 2, 2]);
  });
});

describe('one-to-one links with decisions', () => {
  // left 0, 1; right 2, 3: 0–2 strongest, then 0–3, 1–2, 1–3
  const a = Int32Array.from([0, 0, 1, 1]);
  const b = Int32Array.from([2, 3, 2, 3]);
  const order = [0, 1, 2, 3];

  it('links the strongest pairs without decisions', () => {
    expect(oneToOneDecided(a, b, order)).toEqual([0, 3]);
  });
  it('a "the same" on a second-best pair wins, and its records link to nothing else', () => {
    const links = oneToOneDecided(a, b, order, [[0, 3]]);
    expect(links).toEqual([1, 2]);
    const clusters = connectedComponents(4, a, b, links, [], [[0, 3]]);
    expect(sizesOf(clusters)).toEqual([2, 2]);
  });
  it('a "not the same" pair is never linked', () => {
    expect(oneToOneDecided(a, b, order, [], [[0, 2]])).toEqual([1, 2]);
  });
  it('names the pairs the assignment passed over and the link that took their record', () => {
    // A1 (0) is the best match of both B1 (2) and B2 (3); A2 (1) pairs only with B2, weakly
    const a2 = Int32Array.from([0, 0, 1]);
    const b2 = Int32Array.from([2, 3, 3]);
    const weight = [9, 8, 1];
    const assigned = oneToOneDecided(a2, b2, [0, 1, 2]);
    expect(assigned).toEqual([0, 2]);
    // A1–B2 can never be linked (A1 went to B1); A2–B2 is still an open question
    expect([...passedOver(a2, b2, assigned, weight, [0, 1, 2])]).toEqual([[1, 0]]);
    // deciding A1–B2 "the same" links it, and passes over A1–B1 and A2–B2 instead
    const decided = oneToOneDecided(a2, b2, [0, 1, 2], [[0, 3]]);
    expect([...passedOver(a2, b2, decided, weight, [0, 1, 2])]).toEqual([
      [0, 1],
      [2, 1],
    ]);
    // a pair decided "not the same" whose records are free is no pair passed over
    expect([
      ...passedOver(
        a2,
        b2,
        oneToOneDecided(
          a2,
          b2,
          [0, 1, 2],
          [],
          [
            [0, 2],
            [0, 3],
          ],
        ),
        weight,
        [0],
      ),
    ]).toEqual([]);
  });
});
