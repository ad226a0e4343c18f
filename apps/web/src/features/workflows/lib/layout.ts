import { Graph, layout } from '@dagrejs/dagre';
import type { TGraph } from './graph-model.ts';

/** Card sizes on the canvas (flow-nodes.tsx draws them this wide). */
export const NODE_WIDTH = 280;
export const NODE_HEIGHT = 96;

/** Top-to-bottom layered layout (dagre): calls above the calls that read them, the final node last. */
export function autoLayout(g: TGraph): TGraph {
  const d = new Graph();
  d.setGraph({ rankdir: 'TB', nodesep: 48, ranksep: 64 });
  d.setDefaultEdgeLabel(() => ({}));
  for (const n of g.nodes) d.setNode(n.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const e of g.edges) d.setEdge(e.source, e.target);
  layout(d);
  return {
    ...g,
    nodes: g.nodes.map((n) => {
      const p = d.node(n.id);
      return p ? { ...n, position: { x: p.x - NODE_WIDTH / 2, y: p.y - NODE_HEIGHT / 2 } } : n;
    }),
  };
}
