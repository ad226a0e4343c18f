import { Graph, layout } from '@dagrejs/dagre';

/** Card sizes on the canvas (NodeCard draws them this wide). */
export const NODE_WIDTH = 280;
export const NODE_HEIGHT = 96;

interface TPlaced {
  id: string;
  position: { x: number; y: number };
}

/**
 * Layered layout (dagre): every node below (or right of) the nodes it reads from. Returns the
 * nodes with new positions; a node dagre did not place keeps its own.
 */
export function layeredLayout<N extends TPlaced>(
  nodes: N[],
  edges: { source: string; target: string }[],
  direction: 'TB' | 'LR' = 'TB',
): N[] {
  const d = new Graph();
  d.setGraph({ rankdir: direction, nodesep: 48, ranksep: 64 });
  d.setDefaultEdgeLabel(() => ({}));
  for (const n of nodes) d.setNode(n.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const e of edges) d.setEdge(e.source, e.target);
  layout(d);
  return nodes.map((n) => {
    const p = d.node(n.id);
    return p ? { ...n, position: { x: p.x - NODE_WIDTH / 2, y: p.y - NODE_HEIGHT / 2 } } : n;
  });
}
