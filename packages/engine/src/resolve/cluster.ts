/** Pairs to entities: connected components for a dedupe, a one-to-one assignment for a linkage. */
import { bridges } from './graph-risk.ts';

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
export function oneToOne(
  a: Int32Array,
  b: Int32Array,
  order: ArrayLike<number>,
  /** records already linked elsewhere */
  used = new Set<number>(),
): number[] {
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

/**
 * The one-to-one assignment of a linkage with people's decisions: the pairs decided "the same"
 * first, whatever their score (a record decided "the same" as another is linked to nothing
 * else), then the other pairs strongest first, never one decided "not the same". Without this
 * a "the same" on a record's second-best pair would link it to two records.
 */
export function oneToOneDecided(
  a: Int32Array,
  b: Int32Array,
  order: ArrayLike<number>,
  mustLink: [number, number][] = [],
  cannotLink: [number, number][] = [],
): number[] {
  if (!mustLink.length && !cannotLink.length) return oneToOne(a, b, order);
  const key = (x: number, y: number) => (x < y ? `${x},${y}` : `${y},${x}`);
  const must = new Set(mustLink.map(([x, y]) => key(x, y)));
  const cannot = new Set(cannotLink.map(([x, y]) => key(x, y)));
  const decided: number[] = [];
  const rest: number[] = [];
  for (let i = 0; i < order.length; i++) {
    const p = order[i] as number;
    const k = key(a[p] as number, b[p] as number);
    if (must.has(k)) decided.push(p);
    else if (!cannot.has(k)) rest.push(p);
  }
  return [...decided, ...oneToOne(a, b, rest, new Set(mustLink.flat()))];
}

/**
 * A linkage's candidate pairs the one-to-one assignment passed over: a record of theirs is
 * assigned to another partner first (a stronger pair, or one decided "the same"), so no
 * threshold links them and asking a reviewer about them as an open question wastes a decision.
 * Maps each such pair of `pairs` to the assigned pair that took its record (the stronger one
 * when both records are taken). Pairs whose records are both free (decided "not the same")
 * are not in the map.
 */
export function passedOver(
  a: Int32Array,
  b: Int32Array,
  assigned: ArrayLike<number>,
  weight: ArrayLike<number>,
  pairs: Iterable<number>,
): Map<number, number> {
  const partner = new Map<number, number>();
  for (let i = 0; i < assigned.length; i++) {
    const p = assigned[i] as number;
    partner.set(a[p] as number, p);
    partner.set(b[p] as number, p);
  }
  const out = new Map<number, number>();
  for (const p of pairs) {
    const x = partner.get(a[p] as number);
    const y = partner.get(b[p] as number);
    if (x === p || y === p || (x === undefined && y === undefined)) continue;
    const by =
      x === undefined ? y : y === undefined ? x : (weight[x] as number) >= (weight[y] as number) ? x : y;
    out.set(p, by as number);
  }
  return out;
}

/**
 * Clusters larger than this are not examined for chains (a bridge costs a walk of its cluster;
 * a cluster this large is a blocking or threshold problem, not a chain of a few entities).
 */
const CHAIN_MAX_CLUSTER = 2000;

/**
 * Guards connected components against chains: two groups of records joined by a single
 * accepted pair (a bridge, graph-risk.ts) become one entity, however clearly the other pairs
 * between the two groups say "not the same" (a near-miss pair — same name and city, another
 * person — merges two families). A bridge joining two groups of at least two records each is
 * cut when the pairs compared across it are, on average, more likely different than the same
 * (mean match probability < 0.5, the Bayes decision for merging the two groups pairwise);
 * pairs blocking never compared are no evidence either way. A lone record hanging on one pair
 * is never cut: that is an ordinary match. Returns the matches that stay (`keep`'s pairs,
 * e.g. people's "the same" decisions, are never cut).
 */
export function cutChains(
  n: number,
  a: Int32Array,
  b: Int32Array,
  length: number,
  probability: ArrayLike<number>,
  matches: number[],
  keep: (p: number) => boolean = () => false,
): number[] {
  const clusters = connectedComponents(n, a, b, matches);
  const sizes = new Map<number, number>();
  for (const c of clusters) sizes.set(c, (sizes.get(c) ?? 0) + 1);
  const big = (c: number) => {
    const s = sizes.get(c) ?? 0;
    return s >= 4 && s <= CHAIN_MAX_CLUSTER;
  };
  if (![...sizes.keys()].some(big)) return matches;
  // the records of those clusters, numbered 0..m-1, and the pairs compared among them: the
  // rounds below touch only these (on a million records, a few hundred)
  const local = new Map<number, number>();
  for (let i = 0; i < n; i++) if (big(clusters[i] as number)) local.set(i, local.size);
  const la: number[] = [];
  const lb: number[] = [];
  const lp: number[] = [];
  const at = new Map<number, number>();
  for (let p = 0; p < length; p++) {
    const x = local.get(a[p] as number);
    if (x === undefined || clusters[a[p] as number] !== clusters[b[p] as number]) continue;
    at.set(p, la.length);
    la.push(x);
    lb.push(local.get(b[p] as number) as number);
    lp.push(probability[p] as number);
  }
  const inner = matches.filter((p) => at.has(p));
  const cut = chainBridges(
    local.size,
    Int32Array.from(la),
    Int32Array.from(lb),
    lp,
    inner.map((p) => at.get(p) as number),
    new Set(inner.filter(keep).map((p) => at.get(p) as number)),
  );
  if (!cut.size) return matches;
  return matches.filter((p) => !cut.has(at.get(p) ?? -1));
}

/** cutChains on the records of the suspect clusters: the accepted pairs (indices) to cut. */
function chainBridges(
  n: number,
  a: Int32Array,
  b: Int32Array,
  probability: number[],
  accepted: number[],
  keep: Set<number>,
): Set<number> {
  const cut = new Set<number>();
  // one bridge per cluster per round (the weakest), then the clusters again: cutting one may
  // leave another that no longer joins two groups
  for (let round = 0; round < 20; round++) {
    const kept = accepted.filter((p) => !cut.has(p));
    const clusters = connectedComponents(n, a, b, kept);
    const sizes = new Map<number, number>();
    for (const c of clusters) sizes.set(c, (sizes.get(c) ?? 0) + 1);
    const edges = kept.map((p) => [a[p] as number, b[p] as number] as [number, number]);
    const found = bridges(n, edges);
    const adjacency = new Map<number, number[]>();
    for (const [x, y] of edges) {
      adjacency.set(x, [...(adjacency.get(x) ?? []), y]);
      adjacency.set(y, [...(adjacency.get(y) ?? []), x]);
    }
    /** per cluster: the weakest bridge and the mean probability across it */
    const weakest = new Map<number, [number, number]>();
    for (const p of kept) {
      const x = a[p] as number;
      const y = b[p] as number;
      const c = clusters[x] as number;
      if (keep.has(p) || (sizes.get(c) ?? 0) < 4) continue;
      const parts = found.get(x < y ? `${x},${y}` : `${y},${x}`);
      if (!parts || parts[0] < 2 || parts[1] < 2) continue;
      // x's side of the bridge: a walk from x that does not cross it
      const side = new Set([x]);
      const todo = [x];
      while (todo.length) {
        const v = todo.pop() as number;
        for (const w of adjacency.get(v) ?? [])
          if (!side.has(w) && !(v === x && w === y)) {
            side.add(w);
            todo.push(w);
          }
      }
      let sum = 0;
      let count = 0;
      for (let q = 0; q < a.length; q++) {
        const qa = a[q] as number;
        if (clusters[qa] === c && side.has(qa) !== side.has(b[q] as number)) {
          sum += probability[q] as number;
          count++;
        }
      }
      const mean = sum / count;
      if (mean < 0.5 && mean < (weakest.get(c)?.[1] ?? 1)) weakest.set(c, [p, mean]);
    }
    if (!weakest.size) break;
    for (const [p] of weakest.values()) cut.add(p);
  }
  return cut;
}
