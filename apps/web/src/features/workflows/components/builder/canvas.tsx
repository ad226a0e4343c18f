import { Text } from '@mantine/core';
import type { TCatalogueEndpoint, TWorkflowRun } from '@mapwright/contracts';
import { applyNodeChanges, type Connection, type EdgeChange, type NodeChange } from '@xyflow/react';
import { useMemo } from 'react';
import { GraphCanvas } from '../../../../components/canvas/index.ts';
import { connect, removeNode, type TGraph } from '../../lib/graph-model.ts';
import { CanvasRunContext, NODE_TYPES } from './flow-nodes.tsx';

/** The palette drags an endpoint as `{appId, operationId}` under this type. */
export const DRAG_TYPE = 'application/x-mapwright-endpoint';

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

export function WorkflowCanvas({
  graph,
  onGraph,
  selectedId,
  onSelect,
  run,
  findEndpoint,
  onDropEndpoint,
  fitKey,
}: TCanvasProps) {
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
  return (
    <CanvasRunContext.Provider value={runInfo}>
      <GraphCanvas
        testId="workflow-canvas"
        nodes={nodes}
        edges={graph.edges}
        nodeTypes={NODE_TYPES}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={(c: Connection) => onGraph((g) => connect(g, c.source, c.target))}
        onPaneClick={() => onSelect(null)}
        dragType={DRAG_TYPE}
        onDropItem={(payload, position) => {
          const { appId, operationId } = payload as { appId: string; operationId: string };
          const ep = findEndpoint(appId, operationId);
          if (ep) onDropEndpoint(appId, ep, position);
        }}
        fitKey={fitKey}
        hint={
          !graph.nodes.some((n) => n.type === 'custom') && (
            <Text size="sm" c="dimmed" ta="center" maw={300} mt="xl">
              Start with an endpoint from the palette: each one you add runs before the final node, which maps
              everything gathered onto your schema.
            </Text>
          )
        }
      />
    </CanvasRunContext.Provider>
  );
}
