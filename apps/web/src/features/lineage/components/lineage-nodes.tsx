import { Badge, Group } from '@mantine/core';
import {
  IconAbc,
  IconBraces,
  IconCalculator,
  IconCalendar,
  IconCode,
  IconDatabase,
  IconFileDatabase,
  IconLink,
  IconListNumbers,
  IconPin,
  IconTable,
  IconTarget,
  IconTransform,
  IconWand,
} from '@tabler/icons-react';
import { Handle, type Node, type NodeProps, Position } from '@xyflow/react';
import type { ComponentType } from 'react';
import { NODE_SIZE, type TSourceNode, type TTargetNode, type TTransformNode } from '../lib/lineage-graph.ts';
import { confidenceColor, percent } from '../lib/spec.ts';
import classes from './lineage.module.css';

const KIND_ICONS: Record<string, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
  cast: IconTransform,
  date: IconCalendar,
  text: IconAbc,
  concat: IconLink,
  split: IconLink,
  lookup: IconTable,
  arithmetic: IconCalculator,
  aggregate: IconListNumbers,
  constant: IconPin,
  jsonata: IconCode,
  chain: IconWand,
  copy: IconBraces,
};

export function SourceNode({ data }: NodeProps<TSourceNode>) {
  const Icon = data.wholeRecord ? IconFileDatabase : IconDatabase;
  const fed = data.targets.length;
  const sub = data.wholeRecord
    ? 'read by JSONata'
    : !data.used
      ? `${data.type ? `${data.type} · ` : ''}not mapped`
      : `${data.type ?? 'source field'} · feeds ${fed.toLocaleString()}`;
  return (
    <div
      className={`${classes.node} ${classes.source} ${data.used ? '' : classes.sourceUnused}`}
      style={NODE_SIZE.source}
      title={data.path}
    >
      <Icon size={16} aria-hidden />
      <div className={classes.label}>
        <div className={classes.mono}>{data.path}</div>
        <div className={classes.sub}>{sub}</div>
      </div>
      <Handle type="source" position={Position.Right} className={classes.handle} isConnectable={false} />
    </div>
  );
}

export function TransformNode({ data }: NodeProps<TTransformNode>) {
  const Icon = KIND_ICONS[data.kind] ?? IconWand;
  return (
    <div className={`${classes.node} ${classes.transform}`} style={NODE_SIZE.transform} title={data.label}>
      <Handle type="target" position={Position.Left} className={classes.handle} isConnectable={false} />
      <Icon size={16} aria-hidden />
      <div className={`${classes.label} ${classes.transformLabel}`}>{data.label}</div>
      <Handle type="source" position={Position.Right} className={classes.handle} isConnectable={false} />
    </div>
  );
}

export function TargetNode({ data }: NodeProps<TTargetNode>) {
  const f = data.field;
  return (
    <div className={`${classes.node} ${classes.target}`} style={NODE_SIZE.target} title={f.target}>
      <Handle type="target" position={Position.Left} className={classes.handle} isConnectable={false} />
      <IconTarget size={16} aria-hidden />
      <div className={classes.label}>
        <div className={classes.mono}>{f.target}</div>
        <Group gap={4} wrap="nowrap" mt={3}>
          <Badge size="xs" variant="outline" color="gray" tt="none" style={{ maxWidth: 120 }}>
            {f.type ?? 'any type'}
          </Badge>
          <Badge size="xs" variant="light" color={confidenceColor(f.bucket)} tt="none">
            {percent(f.confidence)} · {f.bucket}
          </Badge>
        </Group>
      </div>
    </div>
  );
}

/** A column's heading, drawn inside the graph so it pans and zooms with its column. */
export function ColumnNode({ data }: NodeProps<Node<{ label: string; width: number }, 'column'>>) {
  return (
    <div className={classes.column} style={{ width: data.width }}>
      {data.label}
    </div>
  );
}

export const NODE_TYPES = {
  source: SourceNode,
  transform: TransformNode,
  target: TargetNode,
  column: ColumnNode,
};
