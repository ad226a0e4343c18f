import { describe, expect, it } from 'vitest';
import { type Columns, resolve, resolveIncremental, rng } from '../src/index.ts';

/** Person records with duplicates: each entity 1-3 records, copies with one-letter typos. */
function people(n: number, seed = 1): { columns: Columns; entity: number[] } {
  const rand = rng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)] as T;
  const word = (len: number) =>
    Array.from({ length: len }, () => String.fromCharCode(97 + Math.floor(rand() * 26))).join('');
  const firsts = Array.from({ length: 60 }, () => word(5));
  const lasts = Array.from({ length: 400 }, () => word(7));
  const typo = (s: string) => {
    if (rand() > 0.4) return s;
    const i = Math.floor(rand() * s.length);
    return s.slice(0, i) + String.fromCharCode(97 + Math.floor(rand() * 26)) + s.slice(i + 1);
  };
  const cols = {
    a: [] as string[],
    b: [] as string[],
    c: [] as string[],
    d: [] as string[],
    e: [] as string[],
  };
  const entity: number[] = [];
  for (let e = 0; entity.length < n; e++) {
    const base = {
      a: pick(firsts),
      b: pick(lasts),
      c: `19${10 + Math.floor(rand() * 89)}0${1 + Math.floor(rand() * 9)}1${Math.floor(rand() * 9)}`,
      d: String(1000 + Math.floor(rand() * 8999)),
      e: `${word(6)}@${pick(['example.com', 'mail.org'])}`,
    };
    const copies = rand() < 0.3 ? 2 + Math.floor(rand() * 2) : 1;
    for (let k = 0; k < copies && entity.length < n; k++) {
      for (const key of Object.keys(cols) as (keyof typeof cols)[])
        cols[key].push(k === 0 ? base[key] : key === 'e' ? base[key] : typo(base[key]));
      entity.push(e);
    }
  }
  return { columns: cols, entity };
}

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
