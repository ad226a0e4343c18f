import { layeredLayout } from '../../../components/canvas/index.ts';
import type { TGraph } from './graph-model.ts';

/** Top-to-bottom layered layout: calls above the calls that read them, the final node last. */
export function autoLayout(g: TGraph): TGraph {
  return { ...g, nodes: layeredLayout(g.nodes, g.edges, 'TB') };
}
