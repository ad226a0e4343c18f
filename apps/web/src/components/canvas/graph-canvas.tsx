import {
  Background,
  type Connection,
  Controls,
  type Edge,
  type EdgeChange,
  type EdgeTypes,
  MiniMap,
  type Node,
  type NodeChange,
  type NodeTypes,
  Panel,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { type DragEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import classes from './canvas.module.css';

const ARIA = {
  'node.a11yDescription.default': 'Press Enter or Space to open this node in the side panel.',
  'controls.ariaLabel': 'Canvas zoom controls',
};

/** Puts a palette item's payload on a drag, under the editor's own type. */
export function startPaletteDrag(e: DragEvent, type: string, payload: unknown) {
  e.dataTransfer.setData(type, JSON.stringify(payload));
  e.dataTransfer.effectAllowed = 'copy';
}

export interface TGraphCanvasProps<N extends Node, E extends Edge> {
  nodes: N[];
  edges: E[];
  nodeTypes: NodeTypes;
  edgeTypes?: EdgeTypes;
  onNodesChange?: (changes: NodeChange<N>[]) => void;
  onEdgesChange?: (changes: EdgeChange<E>[]) => void;
  onConnect?: (c: Connection) => void;
  isValidConnection?: (c: Connection | E) => boolean;
  onPaneClick?: () => void;
  onNodeClick?: (id: string) => void;
  /** the drag type palette items of this editor carry; a drop of it calls `onDropItem` */
  dragType?: string;
  onDropItem?: (payload: unknown, position: { x: number; y: number }) => void;
  /** bumps when the layout changed, so the view fits the graph again */
  fitKey?: number;
  /** shown over an empty (or nearly empty) canvas */
  hint?: ReactNode;
  /** a read-only canvas (a run's graph): no moving, connecting or deleting */
  readOnly?: boolean;
  minimap?: boolean;
  testId?: string;
}

function Inner<N extends Node, E extends Edge>(p: TGraphCanvasProps<N, E>) {
  const rf = useReactFlow();
  // sizes React Flow measured, kept for callers that do not store them on their nodes (a node
  // without `measured` is laid out and fitted as if it had no size)
  const [sizes, setSizes] = useState<Record<string, { width: number; height: number }>>({});
  const nodes = useMemo(
    () => p.nodes.map((n) => (n.measured || !sizes[n.id] ? n : { ...n, measured: sizes[n.id] })),
    [p.nodes, sizes],
  );
  function onNodesChange(changes: NodeChange<N>[]) {
    const dims = changes.flatMap((c) =>
      c.type === 'dimensions' && c.dimensions ? [[c.id, c.dimensions] as const] : [],
    );
    if (dims.length) setSizes((s) => ({ ...s, ...Object.fromEntries(dims) }));
    p.onNodesChange?.(changes);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: fit again only when asked
  useEffect(() => {
    const t = setTimeout(() => void rf.fitView({ padding: 0.2, maxZoom: 1, duration: 200 }), 50);
    return () => clearTimeout(t);
  }, [p.fitKey]);

  function onDrop(e: DragEvent) {
    if (!p.dragType) return;
    const raw = e.dataTransfer.getData(p.dragType);
    if (!raw) return;
    e.preventDefault();
    p.onDropItem?.(JSON.parse(raw), rf.screenToFlowPosition({ x: e.clientX, y: e.clientY }));
  }

  return (
    <ReactFlow<N, E>
      nodes={nodes}
      edges={p.edges}
      nodeTypes={p.nodeTypes}
      edgeTypes={p.edgeTypes}
      onNodesChange={onNodesChange}
      onEdgesChange={p.onEdgesChange}
      onConnect={p.onConnect}
      isValidConnection={p.isValidConnection}
      onPaneClick={p.onPaneClick}
      onNodeClick={p.onNodeClick ? (_, n) => p.onNodeClick?.(n.id) : undefined}
      onDragOver={
        p.dragType
          ? (e) => {
              e.preventDefault();
              e.dataTransfer.dropEffect = 'copy';
            }
          : undefined
      }
      onDrop={p.dragType ? onDrop : undefined}
      ariaLabelConfig={ARIA}
      fitView
      fitViewOptions={{ padding: 0.2, maxZoom: 1 }}
      nodesDraggable={!p.readOnly}
      nodesConnectable={!p.readOnly}
      elementsSelectable
      deleteKeyCode={p.readOnly ? null : ['Backspace', 'Delete']}
      proOptions={{ hideAttribution: true }}
    >
      <Background gap={20} />
      {p.hint && <Panel position="top-center">{p.hint}</Panel>}
      <Controls showInteractive={false} />
      {p.minimap && <MiniMap pannable zoomable ariaLabel="Minimap of the canvas" />}
    </ReactFlow>
  );
}

/** A React Flow canvas in the editors' frame: background grid, zoom controls, palette drops. */
export function GraphCanvas<N extends Node, E extends Edge>(props: TGraphCanvasProps<N, E>) {
  return (
    <div className={classes.canvas} data-testid={props.testId}>
      <ReactFlowProvider>
        <Inner {...props} />
      </ReactFlowProvider>
    </div>
  );
}
