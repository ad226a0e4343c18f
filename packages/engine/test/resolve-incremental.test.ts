import { describe, expect, it } from 'vitest';
import { type Columns, resolve, resolveIncremental, rng } from '../src/index.ts';
import { people } from './resolve-people.ts';

/** The first `n` values of every column. */
const head = (c: Columns, n: number): Columns =>
  Object.fromEntries(Object.entries(c).map(([k, v]) => [k, v.slice(0, n)]));
/** A partition as a canonical string: clusters as sorted member lists. */
const partition = (clusters: ArrayLike<number>) => {
  const by = new Map<number, number[]>();
  Array.from(clusters).forEach((c, i) => {
    by.set(c, [...(by.get(c) ?? []), i]);
  });
  return [...by.values()].map((m) => m.join(',')).sort();
};

describe('incremental scoring of new records', { timeout: 60_000 }, () => {
  // shuffled, so that new records have copies among the old ones
  const generated = people(1500, 7).columns;
  const rand = rng(11);
  const perm = Array.from({ length: 1500 }, (_, i) => i)
    .map((i) => [rand(), i] as const)
    .sort((x, y) => x[0] - y[0])
    .map(([, i]) => i);
  const columns: Columns = Object.fromEntries(
    Object.entries(generated).map(([k, v]) => [k, perm.map((i) => v[i] ?? null)]),
  );
  const old = 1350;

  it('gives the clusters of a full re-run, scoring only pairs with a new record', () => {
    const before = resolve({ left: head(columns, old) });
    const full = resolve({ left: columns }, { threshold: before.threshold });
    const inc = resolveIncremental(
      { left: columns },
      {
        records: old,
        clusters: before.clusters,
        model: before.model,
        threshold: before.threshold,
        rules: before.rules,
      },
    );
    expect(inc.scored).toBeLessThan(full.candidates.pairs.length / 3);
    expect(inc.attached).toBeGreaterThan(0);
    expect(partition(inc.clusters)).toEqual(partition(full.clusters));
  });

  it('a split cluster stays split when new records are added, even one matching both sides', () => {
    const before0 = resolve({ left: head(columns, old) });
    // a cluster of two, split by a person
    const x = before0.clusters.findIndex((c, i) => c !== i);
    const y = before0.clusters[x] as number;
    const cannotLink: [number, number][] = [[x, y]];
    const before = resolve({ left: head(columns, old) }, { cannotLink });
    expect(before.clusters[x]).not.toBe(before.clusters[y]);
    // a new record: an exact copy of x (which also matches y as x did)
    const more = Object.fromEntries(
      Object.entries(head(columns, old)).map(([k, v]) => [k, [...v, v[x] ?? null]]),
    );
    const inc = resolveIncremental(
      { left: more },
      {
        records: old,
        clusters: before.clusters,
        model: before.model,
        threshold: before.threshold,
        rules: before.rules,
      },
      { cannotLink },
    );
    expect(inc.clusters[old]).toBe(inc.clusters[x]);
    expect(inc.clusters[x]).not.toBe(inc.clusters[y]);
  });
});
