import { Text } from '@mantine/core';
import type { TCatalogueEndpoint, TWorkflowRun } from '@mapwright/contracts';
import {
  applyNodeChanges,
  Background,
  type Connection,
  Controls,
  type EdgeChange,
  type NodeChange,
  Panel,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
} from '@xyflow/react';
import { type DragEvent, useEffect, useMemo } from 'react';
import { connect, removeNode, type TGraph } from '../../lib/graph-model.ts';
import classes from './builder.module.css';
import { CanvasRunContext, NODE_TYPES } from './flow-nodes.tsx';

/** The palette drags an endpoint as `{appId, operationId}` under this type. */
export const DRAG_TYPE = 'application/x-mapwright-endpoint';

const ARIA = {
  'node.a11yDescription.default': 'Press Enter or Space to open this node in the side panel.',
  'controls.ariaLabel': 'Canvas zoom controls',
};

export interface TCanvasProps {
  graph: TGraph;
  onGraph: (update: (g: TGraph) => TGraph) => void;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  run: TWorkflowRun | null;
  findEndpoint: (appId: string, operationId: string) => TCatalogueEndpoint | undefined;
  onDropEndpoint: (appId: string, ep: TCatalogueEndpoint, position: { x: number; y: number }) => void;
  /** bumps when the layout changed, so the view fits the graph again */
  fitKey: number;
}

function Flow({
  graph,
  onGraph,
  selectedId,
  onSelect,
  run,
  findEndpoint,
  onDropEndpoint,
  fitKey,
}: TCanvasProps) {
  const rf = useReactFlow();
  const nodes = useMemo(
    () =>
      graph.nodes.map((n) => ({
        ...n,
        selected: n.id === selectedId,
        deletable: n.type !== 'final',
        ariaLabel: n.type === 'final' ? `Final node ${n.data.name}` : `Endpoint node ${n.data.label || n.id}`,
      })),
    [graph.nodes, selectedId],
  );
  const runInfo = useMemo(
    () =>
      run
        ? {
            nodes: new Map(run.nodes.map((r) => [r.nodeId, r])),
            outputValid: run.outputValid,
            outputErrors: run.outputErrors.length,
          }
        : null,
    [run],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: fit again only when asked
  useEffect(() => {
    const t = setTimeout(() => void rf.fitView({ padding: 0.2, maxZoom: 1, duration: 200 }), 50);
    return () => clearTimeout(t);
  }, [fitKey]);

  function onNodesChange(changes: NodeChange[]) {
    for (const c of changes) {
      if (c.type === 'select' && c.selected) onSelect(c.id);
      if (c.type === 'remove') {
        onGraph((g) => removeNode(g, c.id));
        if (c.id === selectedId) onSelect(null);
      }
    }
    const moves = changes.filter((c) => c.type === 'position' || c.type === 'dimensions');
    if (moves.length) onGraph((g) => ({ ...g, nodes: applyNodeChanges(moves, g.nodes) as TGraph['nodes'] }));
  }
  function onEdgesChange(changes: EdgeChange[]) {
    const removed = new Set(changes.filter((c) => c.type === 'remove').map((c) => c.id));
    if (removed.size) onGraph((g) => ({ ...g, edges: g.edges.filter((e) => !removed.has(e.id)) }));
  }
  function onDrop(e: DragEvent) {
    const raw = e.dataTransfer.getData(DRAG_TYPE);
    if (!raw) return;
    e.preventDefault();
    const { appId, operationId } = JSON.parse(raw) as { appId: string; operationId: string };
    const ep = findEndpoint(appId, operationId);
    if (ep) onDropEndpoint(appId, ep, rf.screenToFlowPosition({ x: e.clientX, y: e.clientY }));
  }

  return (
    <CanvasRunContext.Provider value={runInfo}>
      <ReactFlow
        nodes={nodes}
        edges={graph.edges}
        nodeTypes={NODE_TYPES}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={(c: Connection) => onGraph((g) => connect(g, c.source, c.target))}
        onPaneClick={() => onSelect(null)}
        onDragOver={(e) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
        }}
        onDrop={onDrop}
        ariaLabelConfig={ARIA}
        fitView
        fitViewOptions={{ padding: 0.2, maxZoom: 1 }}
        deleteKeyCode={['Backspace', 'Delete']}
        proOptions={{ hideAttribution: true }}
      >
        <Background gap={20} />
        {!graph.nodes.some((n) => n.type === 'custom') && (
          <Panel position="top-center">
            <Text size="sm" c="dimmed" ta="center" maw={300} mt="xl">
              Start with an endpoint from the palette: each one you add runs before the final node, which maps
              everything gathered onto your schema.
            </Text>
          </Panel>
        )}
        <Controls showInteractive={false} />
      </ReactFlow>
    </CanvasRunContext.Provider>
  );
}

export function WorkflowCanvas(props: TCanvasProps) {
  return (
    <div className={classes.canvas} data-testid="workflow-canvas">
      <ReactFlowProvider>
        <Flow {...props} />
      </ReactFlowProvider>
    </div>
  );
}
