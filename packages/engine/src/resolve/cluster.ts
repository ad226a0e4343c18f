/** Pairs to entities: connected components for a dedupe, a one-to-one assignment for a linkage. */

/** Union-find with path halving and union by size. */
export class DisjointSets {
  parent: Int32Array;
  size: Int32Array;
  constructor(n: number) {
    this.parent = Int32Array.from({ length: n }, (_, i) => i);
    this.size = new Int32Array(n).fill(1);
  }
  find(x: number): number {
    const p = this.parent;
    while (p[x] !== x) {
      p[x] = p[p[x] as number] as number;
      x = p[x] as number;
    }
    return x;
  }
  union(a: number, b: number) {
    let x = this.find(a);
    let y = this.find(b);
    if (x === y) return;
    if ((this.size[x] as number) < (this.size[y] as number)) [x, y] = [y, x];
    this.parent[y] = x;
    this.size[x] = (this.size[x] as number) + (this.size[y] as number);
  }
}

/**
 * Cluster id per record (the smallest record index of its cluster): connected components of
 * the pairs in `keep`. `cannotLink` pairs (a "not the same" decision) are never joined, even
 * through other records: edges are added strongest first and an edge that would put two
 * separated records in one cluster is skipped.
 */
export function connectedComponents(
  n: number,
  a: Int32Array,
  b: Int32Array,
  keep: ArrayLike<number>,
  cannotLink: [number, number][] = [],
  /** pairs decided "the same": joined first, whether blocking paired them or not */
  mustLink: [number, number][] = [],
): Int32Array {
  const sets = new DisjointSets(n);
  const apart = new Map<number, Set<number>>();
  for (const [x, y] of cannotLink) {
    for (const [p, q] of [
      [x, y],
      [y, x],
    ] as const) {
      const s = apart.get(p);
      if (s) s.add(q);
      else apart.set(p, new Set([q]));
    }
  }
  // members per root, only needed when there are cannot-links
  const members = apart.size ? new Map<number, number[]>() : null;
  const membersOf = (r: number) => members?.get(r) ?? [r];
  const edges = mustLink.length + keep.length;
  for (let i = 0; i < edges; i++) {
    const must = mustLink[i];
    const p = keep[i - mustLink.length] as number;
    const x = sets.find(must ? must[0] : (a[p] as number));
    const y = sets.find(must ? must[1] : (b[p] as number));
    if (x === y) continue;
    if (members) {
      const mx = membersOf(x);
      const my = membersOf(y);
      if (mx.some((i) => my.some((j) => apart.get(i)?.has(j)))) continue;
      sets.union(x, y);
      const r = sets.find(x);
      members.set(r, [...mx, ...my]);
    } else sets.union(x, y);
  }
  const out = new Int32Array(n);
  const smallest = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const r = sets.find(i);
    if (!smallest.has(r)) smallest.set(r, i);
    out[i] = smallest.get(r) as number;
  }
  return out;
}

/** Greedy one-to-one assignment: strongest pairs first, each record used at most once. */
export function oneToOne(a: Int32Array, b: Int32Array, order: ArrayLike<number>): number[] {
  const used = new Set<number>();
  const out: number[] = [];
  for (let i = 0; i < order.length; i++) {
    const p = order[i] as number;
    const x = a[p] as number;
    const y = b[p] as number;
    if (used.has(x) || used.has(y)) continue;
    used.add(x);
    used.add(y);
    out.push(p);
  }
  return out;
}
