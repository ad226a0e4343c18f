import { BaseEdge, EdgeLabelRenderer, type EdgeProps, getBezierPath } from '@xyflow/react';
import classes from './canvas.module.css';

/**
 * An edge with a small label in its middle (row counts on a flow's run). The label is passed
 * as `data.label`; an edge without one is drawn plain.
 */
export function LabelledEdge(props: EdgeProps) {
  const [path, labelX, labelY] = getBezierPath(props);
  const label = (props.data as { label?: string; tone?: 'red' } | undefined)?.label;
  const red = (props.data as { tone?: 'red' } | undefined)?.tone === 'red';
  return (
    <>
      <BaseEdge
        id={props.id}
        path={path}
        markerEnd={props.markerEnd}
        style={{
          ...props.style,
          ...(red ? { stroke: 'var(--mantine-color-red-6)', strokeDasharray: '5 4' } : {}),
        }}
      />
      {label && (
        <EdgeLabelRenderer>
          <div
            className={`${classes.edgeLabel} nodrag nopan`}
            style={{
              transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)`,
              color: red ? 'var(--mantine-color-red-8)' : undefined,
            }}
          >
            {label}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}
