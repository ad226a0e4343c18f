import { useComputedColorScheme } from '@mantine/core';
import {
  applyNodeChanges,
  Background,
  Controls,
  type FitViewOptions,
  MiniMap,
  type NodeChange,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
} from '@xyflow/react';
import { useEffect, useMemo, useState } from 'react';
import {
  COLUMN_X,
  graphHeight,
  NODE_SIZE,
  pathOf,
  type TLineageEdge,
  type TLineageNode,
} from '../lib/lineage-graph.ts';
import { percent } from '../lib/spec.ts';
import classes from './lineage.module.css';
import { NODE_TYPES } from './lineage-nodes.tsx';
import './styles.ts';

const ARIA = {
  'node.a11yDescription.default':
    'Press Enter or Space to trace this field back to its sources. Tab moves to the next field.',
  'controls.ariaLabel': 'Graph zoom controls',
  'minimap.ariaLabel': 'Overview of the lineage graph',
};

function ariaLabelOf(n: TLineageNode): string {
  if (n.type === 'source')
    return n.data.wholeRecord
      ? 'Source: the whole record'
      : `Source field ${n.data.path}${n.data.used ? '' : ', not mapped'}`;
  if (n.type === 'transform') return `Transform for ${n.data.target}: ${n.data.label}`;
  return `Target field ${n.data.field.target}, ${percent(n.data.field.confidence)} confidence`;
}

const COLUMNS = [
  { kind: 'source', label: 'Source fields' },
  { kind: 'transform', label: 'Transforms' },
  { kind: 'target', label: 'Target fields' },
] as const;

/** Headings above the three columns (the transforms one only when there are transforms). */
function columnHeadings(nodes: readonly TLineageNode[]) {
  if (nodes.length === 0) return [];
  const top = Math.min(...nodes.map((n) => n.position.y));
  return COLUMNS.filter((c) => nodes.some((n) => n.type === c.kind)).map((c) => ({
    id: `column:${c.kind}`,
    type: 'column' as const,
    position: { x: COLUMN_X[c.kind], y: top - 36 },
    data: { label: c.label, width: NODE_SIZE[c.kind].width },
    selectable: false,
    focusable: false,
    draggable: false,
    connectable: false,
  }));
}

/** Tall enough for the graph at a readable zoom, without a screen of empty canvas for small mappers. */
const canvasHeight = (nodes: readonly TLineageNode[]) =>
  Math.round(Math.min(680, Math.max(380, graphHeight(nodes) * 0.85 + 110)));

/** Room on the left for the zoom controls, which sit over the canvas. */
const FIT: FitViewOptions = {
  padding: { top: '16px', bottom: '16px', left: '52px', right: '16px' },
  maxZoom: 1,
};

const MINIMAP_COLORS = { source: '#339af0', transform: '#b191ec', target: '#6f40c8' };

export interface TCanvasProps {
  nodes: TLineageNode[];
  edges: TLineageEdge[];
  /** target fields whose paths are highlighted */
  highlighted: ReadonlySet<string>;
  /** the node the person chose (drawn strongest) */
  chosenId: string | null;
  onChoose: (node: TLineageNode | null) => void;
  /** bumped when a field is chosen outside the canvas: the view then moves to its path */
  focusKey: number;
}

export function LineageCanvas(props: TCanvasProps) {
  return (
    <ReactFlowProvider>
      <Canvas {...props} />
    </ReactFlowProvider>
  );
}

function Canvas({ nodes, edges, highlighted, chosenId, onChoose, focusKey }: TCanvasProps) {
  const scheme = useComputedColorScheme('light');
  // React Flow reports measured sizes and selection as changes; keep them so it can lay edges out
  const [base, setBase] = useState(nodes);
  useEffect(() => setBase(nodes), [nodes]);
  const path = useMemo(
    () => (highlighted.size ? pathOf(highlighted, nodes, edges) : undefined),
    [highlighted, nodes, edges],
  );

  const headings = useMemo(() => columnHeadings(nodes), [nodes]);
  // a small graph fits the canvas at a readable size: an overview would only cover some of it
  const large = useMemo(
    () =>
      Math.max(...(['source', 'target'] as const).map((t) => nodes.filter((n) => n.type === t).length)) > 10,
    [nodes],
  );
  const shownNodes = useMemo(
    () => [
      ...headings,
      ...base.map((n) => ({
        ...n,
        draggable: false,
        connectable: false,
        ariaLabel: ariaLabelOf(n as TLineageNode),
        className:
          n.id === chosenId
            ? `${classes.onPath} ${classes.chosen}`
            : path
              ? path.nodeIds.has(n.id)
                ? classes.onPath
                : classes.dimmed
              : undefined,
      })),
    ],
    [base, chosenId, path, headings],
  );
  const shownEdges = useMemo(
    () =>
      edges.map((e) => {
        const on = path?.edgeIds.has(e.id);
        const cls = [path && !on ? classes.dimmed : on ? classes.onPath : '', e.data?.low ? classes.low : '']
          .filter(Boolean)
          .join(' ');
        return { ...e, className: cls || undefined, focusable: false, zIndex: on ? 1 : 0 };
      }),
    [edges, path],
  );

  const onNodesChange = (changes: NodeChange<TLineageNode>[]) => {
    setBase((b) => applyNodeChanges(changes, b) as TLineageNode[]);
    // a click or Enter on a node selects it: that is the person choosing it
    const chosen = changes.find((c) => c.type === 'select' && c.selected);
    if (chosen && 'id' in chosen) onChoose(nodes.find((n) => n.id === chosen.id) ?? null);
  };

  return (
    <div
      className={classes.canvas}
      style={{ '--canvas-height': `${canvasHeight(nodes)}px` } as React.CSSProperties}
    >
      <ReactFlow<TLineageNode, TLineageEdge>
        nodes={shownNodes as TLineageNode[]}
        edges={shownEdges}
        nodeTypes={NODE_TYPES}
        onNodesChange={onNodesChange}
        onPaneClick={() => onChoose(null)}
        nodesDraggable={false}
        nodesConnectable={false}
        edgesFocusable={false}
        fitView
        fitViewOptions={FIT}
        minZoom={0.1}
        maxZoom={1.6}
        colorMode={scheme}
        ariaLabelConfig={ARIA}
        aria-label="Lineage graph: source fields, transforms and target fields"
      >
        <Background gap={22} />
        {large && (
          <MiniMap
            pannable
            zoomable
            ariaLabel="Overview of the lineage graph"
            nodeColor={(n) => MINIMAP_COLORS[n.type as TLineageNode['type']] ?? 'transparent'}
            nodeStrokeWidth={2}
            style={{ width: 150, height: 100 }}
          />
        )}
        <Controls showInteractive={false} />
        <FocusOnPath nodeIds={path?.nodeIds} focusKey={focusKey} />
      </ReactFlow>
    </div>
  );
}

/** Moves the view to a path when a field is chosen from the panel (never on a click in the graph). */
function FocusOnPath({ nodeIds, focusKey }: { nodeIds: Set<string> | undefined; focusKey: number }) {
  const flow = useReactFlow();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new focus request moves the view
  useEffect(() => {
    if (!focusKey) return;
    const ids = nodeIds ? [...nodeIds] : [];
    void flow.fitView(
      ids.length
        ? { nodes: ids.map((id) => ({ id })), padding: 0.35, maxZoom: 1.1, duration: 350 }
        : { ...FIT, duration: 350 },
    );
  }, [focusKey]);
  return null;
}
