import {
  DEFAULT_ERROR_HANDLING,
  type TCatalogueEndpoint,
  type TCustomNode,
  type TFinalNode,
  type TWorkflowEdge,
  type TWorkflowNode,
} from '@mapwright/contracts';

/*
 * The builder's graph edits as pure functions over the stored workflow shape (nodes with
 * id/type/position/data, edges with id/source/target/animated), which is also React Flow's.
 */

export interface TGraph {
  nodes: TWorkflowNode[];
  edges: TWorkflowEdge[];
}

export const FINAL_NODE_ID = 'final';

export function newFinalNode(): TFinalNode {
  return {
    id: FINAL_NODE_ID,
    type: 'final',
    position: { x: 0, y: 0 },
    data: {
      name: 'Final output',
      initialUrl: '',
      isSubmitted: false,
      errorHandling: { ...DEFAULT_ERROR_HANDLING },
      finalSchema: { type: 'object', properties: {} },
      finalSampleData: null,
      mapping: null,
    },
  };
}

/** A blank workflow: just the final node, which every graph ends in. */
export const emptyGraph = (): TGraph => ({ nodes: [newFinalNode()], edges: [] });

/** listCards → cards, getTransaction → transaction; unique among the ids already used. */
export function nodeIdFor(ep: Pick<TCatalogueEndpoint, 'operationId' | 'path'>, used: Set<string>): string {
  const fromOp = ep.operationId.replace(/^(list|get|fetch|search|create|update|delete)(?=[A-Z])/, '');
  const fromPath =
    ep.path
      .split('/')
      .filter((s) => s && !s.startsWith('{'))
      .pop() ?? 'node';
  const raw = /^[A-Za-z]/.test(fromOp) ? fromOp : fromPath;
  const base =
    (raw.charAt(0).toLowerCase() + raw.slice(1)).replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 56) || 'node';
  const safe = /^[A-Za-z]/.test(base) ? base : `n_${base}`;
  if (!used.has(safe)) return safe;
  for (let i = 2; ; i++) if (!used.has(`${safe}_${i}`)) return `${safe}_${i}`;
}

export const edgeId = (source: string, target: string) => `${source}-${target}`;
const edge = (source: string, target: string): TWorkflowEdge => ({
  id: edgeId(source, target),
  source,
  target,
  animated: true,
});

export const finalNodeOf = (g: TGraph) => g.nodes.find((n): n is TFinalNode => n.type === 'final');
export const customNodes = (g: TGraph) => g.nodes.filter((n): n is TCustomNode => n.type === 'custom');

/**
 * Adds an endpoint node. It goes just before the final node: whatever led into the final node
 * now leads into the new node, so a chain grows one call at a time. The first node added is the
 * first node of the workflow.
 */
export function addEndpointNode(
  g: TGraph,
  ep: TCatalogueEndpoint,
  appId: string,
  position?: { x: number; y: number },
): { graph: TGraph; id: string } {
  const id = nodeIdFor(ep, new Set(g.nodes.map((n) => n.id)));
  const isFirst = customNodes(g).length === 0;
  const params: Record<string, string | number | boolean | null> = {};
  for (const p of ep.parameters) if (p.required) params[p.name] = '';
  const node: TCustomNode = {
    id,
    type: 'custom',
    position: position ?? { x: 0, y: 0 },
    data: {
      label: ep.summary || ep.operationId,
      endpoint: { app: appId, method: ep.method, path: ep.path, operationId: ep.operationId },
      params,
      errorHandling: { ...DEFAULT_ERROR_HANDLING },
      isFirstNode: isFirst,
      pagination: ep.pagination ? { follow: 'page.next' } : null,
    },
  };
  const final = finalNodeOf(g);
  if (!final) return { graph: { nodes: [...g.nodes, node], edges: g.edges }, id };
  const intoFinal = g.edges.filter((e) => e.target === final.id);
  const edges = g.edges.filter((e) => e.target !== final.id);
  for (const e of intoFinal) edges.push(edge(e.source, id));
  edges.push(edge(id, final.id));
  const nodes = [...g.nodes.filter((n) => n.id !== final.id), node, final];
  return { graph: { nodes, edges }, id };
}

/** Removes a node; its predecessors are joined to its successors so the chain stays whole. */
export function removeNode(g: TGraph, id: string): TGraph {
  const node = g.nodes.find((n) => n.id === id);
  if (!node || node.type === 'final') return g;
  const before = g.edges.filter((e) => e.target === id).map((e) => e.source);
  const after = g.edges.filter((e) => e.source === id).map((e) => e.target);
  const edges = g.edges.filter((e) => e.source !== id && e.target !== id);
  const have = new Set(edges.map((e) => e.id));
  for (const s of before) for (const t of after) if (!have.has(edgeId(s, t))) edges.push(edge(s, t));
  let nodes = g.nodes.filter((n) => n.id !== id);
  if (node.data.isFirstNode) {
    // the node it led to takes over as first, or the first custom node left
    const heir = after.find((t) => nodes.some((n) => n.id === t && n.type === 'custom'));
    const next = heir ?? nodes.find((n) => n.type === 'custom')?.id;
    nodes = nodes.map((n) => (n.type === 'custom' && n.id === next ? setFirst(n, true) : n));
  }
  return { nodes, edges };
}

const setFirst = (n: TCustomNode, isFirstNode: boolean): TCustomNode => ({
  ...n,
  data: { ...n.data, isFirstNode },
});

/** Exactly one first node: marking one unmarks the rest. */
export function makeFirstNode(g: TGraph, id: string): TGraph {
  return {
    ...g,
    nodes: g.nodes.map((n) => (n.type === 'custom' ? setFirst(n, n.id === id) : n)),
  };
}

export function connect(g: TGraph, source: string, target: string): TGraph {
  if (source === target || g.edges.some((e) => e.source === source && e.target === target)) return g;
  return { ...g, edges: [...g.edges, edge(source, target)] };
}

export function updateNodeData<N extends TWorkflowNode>(
  g: TGraph,
  id: string,
  patch: Partial<N['data']>,
): TGraph {
  return {
    ...g,
    nodes: g.nodes.map((n) => (n.id === id ? ({ ...n, data: { ...n.data, ...patch } } as TWorkflowNode) : n)),
  };
}

/** Nodes that run before `id` (every ancestor), in graph order: the ones its params may read. */
export function upstreamOf(g: TGraph, id: string): TCustomNode[] {
  const seen = new Set<string>();
  const stack = [id];
  while (stack.length) {
    const cur = stack.pop()!;
    for (const e of g.edges)
      if (e.target === cur && !seen.has(e.source)) {
        seen.add(e.source);
        stack.push(e.source);
      }
  }
  return customNodes(g).filter((n) => seen.has(n.id));
}

/** The stored shape only: React Flow adds selection, measurements and drag state to nodes. */
export function toStored(g: TGraph): TGraph {
  return {
    nodes: g.nodes.map(
      (n) => ({ id: n.id, type: n.type, position: n.position, data: n.data }) as TWorkflowNode,
    ),
    edges: g.edges.map((e) => ({ id: e.id, source: e.source, target: e.target, animated: e.animated })),
  };
}
