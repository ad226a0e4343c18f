/**
 * The lineage graph of a mapper: source fields → transforms → target fields, in three columns
 * laid out by dagre (left to right, crossings reduced). One transform node per target field
 * whose transform is more than a plain copy; a plain copy links its source to its target.
 * Kept apart from the canvas so the graph can be tested without a browser.
 */
import { Graph, layout } from '@dagrejs/dagre';
import type { Edge, Node } from '@xyflow/react';
import { isLowConfidence, readsWholeRecord, type TLineageField } from './spec.ts';
import { isPlainCopy, transformWords } from './transform-words.ts';

/** What the pipeline's profile (source_schema) says about a source field. */
export interface TSourceProfile {
  path: string;
  type?: string;
  format?: string;
}

export type TSourceData = {
  path: string;
  /** "string", "number · currency"; undefined when the profile does not know the field */
  type?: string;
  /** false for profiled fields no target reads */
  used: boolean;
  /** the whole record, read by JSONata fields that name no source */
  wholeRecord?: boolean;
  /** target fields fed */
  targets: string[];
};
export type TTransformData = { target: string; kind: string; label: string; low: boolean; targets: string[] };
export type TTargetData = { field: TLineageField; targets: string[] };

export type TSourceNode = Node<TSourceData, 'source'>;
export type TTransformNode = Node<TTransformData, 'transform'>;
export type TTargetNode = Node<TTargetData, 'target'>;
export type TLineageNode = TSourceNode | TTransformNode | TTargetNode;
export type TLineageEdge = Edge<{ field: string; low: boolean }>;

export const NODE_SIZE = {
  source: { width: 200, height: 52 },
  transform: { width: 210, height: 48 },
  target: { width: 230, height: 60 },
} as const;
const COLUMN_GAP = 64;
export const COLUMN_X = {
  source: 0,
  transform: NODE_SIZE.source.width + COLUMN_GAP,
  target: NODE_SIZE.source.width + NODE_SIZE.transform.width + 2 * COLUMN_GAP,
};

export const sourceId = (path: string) => `source:${path}`;
export const transformId = (target: string) => `transform:${target}`;
export const targetId = (target: string) => `target:${target}`;
const WHOLE_RECORD = sourceId('*record');
/** Lays sourceless transforms and targets out in their own columns; never drawn. */
const GHOST = '__ghost';

export function sourceTypeLabel(p: TSourceProfile | undefined): string | undefined {
  if (!p?.type) return undefined;
  return p.format ? `${p.type} · ${p.format}` : p.type;
}

export function buildLineageGraph(
  fields: TLineageField[],
  profile: readonly TSourceProfile[] = [],
): { nodes: TLineageNode[]; edges: TLineageEdge[] } {
  const profiles = new Map(profile.map((p) => [p.path, p]));
  const sources = new Map<string, TSourceNode>();
  const source = (path: string, wholeRecord = false): TSourceNode => {
    const id = wholeRecord ? WHOLE_RECORD : sourceId(path);
    let n = sources.get(id);
    if (!n) {
      n = {
        id,
        type: 'source',
        position: { x: 0, y: 0 },
        data: {
          path,
          type: sourceTypeLabel(profiles.get(path)),
          used: true,
          targets: [],
          ...(wholeRecord ? { wholeRecord } : {}),
        },
      };
      sources.set(id, n);
    }
    return n;
  };
  const middle: TTransformNode[] = [];
  const targets: TTargetNode[] = [];
  const edges = new Map<string, TLineageEdge & { minlen: number }>();
  const ghostEdges: { to: string; minlen: number }[] = [];
  const link = (from: string, to: string, f: TLineageField, minlen = 1) => {
    const id = `${from}->${to}`;
    if (edges.has(id)) return;
    const low = isLowConfidence(f.confidence);
    edges.set(id, { id, source: from, target: to, animated: low, data: { field: f.target, low }, minlen });
  };

  for (const f of fields) {
    const inputs = readsWholeRecord(f) ? [source('Whole record', true)] : f.sources.map((s) => source(s));
    for (const s of inputs) s.data.targets.push(f.target);
    targets.push({
      id: targetId(f.target),
      type: 'target',
      position: { x: 0, y: 0 },
      data: { field: f, targets: [f.target] },
    });
    if (isPlainCopy(f.transform, f.sources)) {
      for (const s of inputs) link(s.id, targetId(f.target), f, 2);
      if (inputs.length === 0) ghostEdges.push({ to: targetId(f.target), minlen: 2 });
      continue;
    }
    middle.push({
      id: transformId(f.target),
      type: 'transform',
      position: { x: 0, y: 0 },
      data: {
        target: f.target,
        kind: f.transform.kind,
        label: transformWords(f.transform, f.sources),
        low: isLowConfidence(f.confidence),
        targets: [f.target],
      },
    });
    for (const s of inputs) link(s.id, transformId(f.target), f);
    if (inputs.length === 0) ghostEdges.push({ to: transformId(f.target), minlen: 1 });
    link(transformId(f.target), targetId(f.target), f);
  }
  // profiled fields no target reads: shown dimmed, so gaps in the mapping are visible
  for (const p of profile) if (!sources.has(sourceId(p.path))) source(p.path).data.used = false;

  const nodes: TLineageNode[] = [...sources.values(), ...middle, ...targets];
  layOut(nodes, [...edges.values()], ghostEdges);
  return { nodes, edges: [...edges.values()].map(({ minlen: _, ...e }) => e) };
}

function layOut(
  nodes: TLineageNode[],
  edges: { source: string; target: string; minlen: number }[],
  ghostEdges: { to: string; minlen: number }[],
) {
  const g = new Graph();
  g.setGraph({ rankdir: 'LR', nodesep: 14, ranksep: COLUMN_GAP, marginx: 0, marginy: 0 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of nodes) g.setNode(n.id, { ...NODE_SIZE[n.type] });
  if (ghostEdges.length) g.setNode(GHOST, { width: 1, height: 1 });
  for (const e of edges) g.setEdge(e.source, e.target, { minlen: e.minlen });
  for (const e of ghostEdges) g.setEdge(GHOST, e.to, { minlen: e.minlen });
  layout(g);
  for (const n of nodes) {
    const p = g.node(n.id);
    const size = NODE_SIZE[n.type];
    // dagre places by rank; the column is fixed by kind so the three columns always line up
    n.position = { x: COLUMN_X[n.type], y: Math.round((p?.y ?? 0) - size.height / 2) };
  }
}

/** The height the nodes take, top of the first to bottom of the last (graph units). */
export function graphHeight(nodes: readonly TLineageNode[]): number {
  if (nodes.length === 0) return 0;
  const top = Math.min(...nodes.map((n) => n.position.y));
  const bottom = Math.max(...nodes.map((n) => n.position.y + NODE_SIZE[n.type].height));
  return bottom - top;
}

/** The nodes and edges on the path of the selected target fields (a source selects all it feeds). */
export function pathOf(
  selected: ReadonlySet<string>,
  nodes: readonly TLineageNode[],
  edges: readonly TLineageEdge[],
): { nodeIds: Set<string>; edgeIds: Set<string> } {
  const nodeIds = new Set<string>();
  for (const n of nodes) if (n.data.targets.some((t) => selected.has(t))) nodeIds.add(n.id);
  const edgeIds = new Set<string>();
  for (const e of edges) if (e.data && selected.has(e.data.field)) edgeIds.add(e.id);
  return { nodeIds, edgeIds };
}
