/**
 * Graph risk of a pair in the review queue: how much of the clustering a wrong decision on it
 * would get wrong. An accepted pair that is a bridge of its cluster (removing it splits the
 * cluster: Tarjan, "A note on finding the bridges of a graph", IPL 1974) holds two groups
 * together on its own; a rejected pair between two clusters would, if accepted, merge them.
 * Either way the risk is the smaller group's size less one: a pair joining a lone record risks
 * only itself, a pair joining two groups of three risks a wrong entity of six.
 */

export interface PairRisk {
  /** records wrongly grouped beyond the pair itself if the decision is wrong (0: none) */
  risk: number;
  /** why, for the pair card; null when there is no graph risk */
  reason: string | null;
}

const edgeKey = (x: number, y: number) => (x < y ? `${x},${y}` : `${y},${x}`);

/**
 * Bridges of the graph of `edges` over `n` records, each with the sizes of the two parts its
 * removal leaves (iterative DFS with low-links and subtree sizes).
 */
export function bridges(n: number, edges: [number, number][]): Map<string, [number, number]> {
  const adj = new Map<number, { to: number; id: number }[]>();
  edges.forEach(([x, y], id) => {
    if (x === y) return;
    for (const [p, q] of [
      [x, y],
      [y, x],
    ] as const) {
      const list = adj.get(p);
      if (list) list.push({ to: q, id });
      else adj.set(p, [{ to: q, id }]);
    }
  });
  const order = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const size = new Int32Array(n);
  const found: { child: number; root: number; key: string }[] = [];
  const rootOf = new Int32Array(n);
  let time = 0;
  for (const start of adj.keys()) {
    if ((order[start] as number) >= 0) continue;
    // stack of [node, edge id used to reach it, next neighbour index]
    const stack: [number, number, number][] = [[start, -1, 0]];
    order[start] = low[start] = time++;
    size[start] = 1;
    rootOf[start] = start;
    while (stack.length) {
      const top = stack[stack.length - 1] as [number, number, number];
      const [v, via] = top;
      const list = adj.get(v) ?? [];
      if (top[2] < list.length) {
        const { to, id } = list[top[2]++] as { to: number; id: number };
        if (id === via) continue;
        if ((order[to] as number) < 0) {
          order[to] = low[to] = time++;
          size[to] = 1;
          rootOf[to] = start;
          stack.push([to, id, 0]);
        } else low[v] = Math.min(low[v] as number, order[to] as number);
        continue;
      }
      stack.pop();
      const parent = stack[stack.length - 1];
      if (!parent) continue;
      const p = parent[0];
      low[p] = Math.min(low[p] as number, low[v] as number);
      size[p] = (size[p] as number) + (size[v] as number);
      if ((low[v] as number) > (order[p] as number))
        found.push({ child: v, root: start, key: edgeKey(p, v) });
    }
  }
  const out = new Map<string, [number, number]>();
  for (const f of found) {
    const below = size[f.child] as number;
    out.set(f.key, [below, (size[f.root] as number) - below]);
  }
  return out;
}

/**
 * Risk of each review pair given the clusters (cluster id per record) and the accepted edges
 * that formed them.
 */
export function graphRisk(
  clusters: ArrayLike<number>,
  accepted: [number, number][],
  pairs: [number, number][],
): PairRisk[] {
  const n = clusters.length;
  const inside = accepted.filter(([x, y]) => clusters[x] === clusters[y]);
  const cut = bridges(n, inside);
  const sizes = new Map<number, number>();
  for (let i = 0; i < n; i++) sizes.set(clusters[i] as number, (sizes.get(clusters[i] as number) ?? 0) + 1);
  return pairs.map(([x, y]) => {
    if (clusters[x] === clusters[y]) {
      const parts = cut.get(edgeKey(x, y));
      if (!parts) return { risk: 0, reason: null };
      const risk = Math.min(...parts) - 1;
      return risk > 0
        ? {
            risk,
            reason: `Bridge: the only link holding an entity of ${parts[0] + parts[1]} records together; without it, it splits into ${parts[0]} and ${parts[1]}`,
          }
        : { risk: 0, reason: null };
    }
    const s1 = sizes.get(clusters[x] as number) ?? 1;
    const s2 = sizes.get(clusters[y] as number) ?? 1;
    const risk = Math.min(s1, s2) - 1;
    return risk > 0
      ? { risk, reason: `Would merge two entities of ${s1} and ${s2} records into one` }
      : { risk: 0, reason: null };
  });
}

/**
 * Review order: the most uncertain first, in steps of UNCERTAINTY_STEP of probability (a
 * reviewer cannot tell 0.52 from 0.55 apart; the step is a product choice), and among equally
 * uncertain pairs the riskiest first. Returns indices into the arrays.
 */
export const UNCERTAINTY_STEP = 0.05;
export function reviewOrder(probability: ArrayLike<number>, risk: ArrayLike<number>): number[] {
  const certainty = (i: number) => Math.abs((probability[i] as number) - 0.5);
  const step = (i: number) => Math.floor(certainty(i) / UNCERTAINTY_STEP + 1e-9);
  return Array.from({ length: probability.length }, (_, i) => i).sort(
    (x, y) => step(x) - step(y) || (risk[y] as number) - (risk[x] as number) || certainty(x) - certainty(y),
  );
}
