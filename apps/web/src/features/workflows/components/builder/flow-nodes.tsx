import { Badge, Group, Text } from '@mantine/core';
import type { TCustomNode, TFinalNode, TNodeRun } from '@mapwright/contracts';
import { IconApi, IconTarget } from '@tabler/icons-react';
import { Handle, type Node, type NodeProps, Position } from '@xyflow/react';
import { createContext, useContext } from 'react';
import { canvasClasses as classes, NodeCard, type TCardTone } from '../../../../components/canvas/index.ts';
import { hasSchemaToCheck } from '../../lib/final-schema.ts';
import { refsIn } from '../../lib/references.ts';
import { formatCount, formatDuration } from '../../lib/run-management.ts';

/** What the shown test run says about each node (the canvas cards colour by it). */
export interface TCanvasRun {
  nodes: Map<string, TNodeRun>;
  outputValid: boolean | null;
  outputErrors: number;
}
type TEndpointFlowNode = Node<TCustomNode['data'], 'custom'>;
type TFinalFlowNode = Node<TFinalNode['data'], 'final'>;

export const CanvasRunContext = createContext<TCanvasRun | null>(null);

function runTone(r: TNodeRun | undefined): TCardTone {
  if (!r) return null;
  if (r.status === 'succeeded' || r.status === 'reused') return 'ok';
  if (r.status === 'failed') return 'failed';
  return null;
}

function RunLine({ r }: { r: TNodeRun | undefined }) {
  if (!r) return null;
  if (r.status === 'failed')
    return (
      <Text size="xs" c="red.8" lineClamp={2} mt={4}>
        {r.error ?? 'Failed'}
      </Text>
    );
  if (r.status !== 'succeeded' && r.status !== 'reused')
    return (
      <Text size="xs" c="dimmed" mt={4}>
        {r.status}
      </Text>
    );
  return (
    <Text size="xs" c="green.9" mt={4}>
      {formatCount(r.records)} {r.records === 1 ? 'record' : 'records'} · {formatCount(r.calls)}{' '}
      {r.calls === 1 ? 'call' : 'calls'} · {formatDuration(r.durationMs)}
    </Text>
  );
}

export function EndpointNode({ id, data, selected }: NodeProps<TEndpointFlowNode>) {
  const run = useContext(CanvasRunContext)?.nodes.get(id);
  const fanOut = Object.values(data.params)
    .flatMap(refsIn)
    .find((r) => r.fanOut);
  return (
    <NodeCard tone={runTone(run)} selected={selected}>
      <Handle type="target" position={Position.Top} className={classes.handle} />
      <Group gap={6} wrap="nowrap">
        <IconApi size={16} aria-hidden />
        <Text fw={600} size="sm" truncate>
          {data.label || id}
        </Text>
      </Group>
      <div className={classes.mono} title={data.endpoint.path}>
        {data.endpoint.method} {data.endpoint.path}
      </div>
      <Group gap={4} mt={4}>
        <Badge size="xs" variant="outline" color="gray">
          {id}
        </Badge>
        {data.isFirstNode && (
          <Badge size="xs" color="blue">
            First
          </Badge>
        )}
        {fanOut && (
          <Badge size="xs" color="grape" variant="light">
            Fan-out: {fanOut.nodeId}
          </Badge>
        )}
        {data.pagination && (
          <Badge size="xs" color="gray" variant="light">
            Paginated
          </Badge>
        )}
      </Group>
      <RunLine r={run} />
      <Handle type="source" position={Position.Bottom} className={classes.handle} />
    </NodeCard>
  );
}

export function FinalNodeCard({ id, data, selected }: NodeProps<TFinalFlowNode>) {
  const ctx = useContext(CanvasRunContext);
  const run = ctx?.nodes.get(id);
  const fields = Object.keys((data.finalSchema.properties as object | undefined) ?? {}).length;
  // an empty schema accepts any output: "valid" would say nothing, so nothing is said
  const valid = run?.status === 'succeeded' && hasSchemaToCheck(data.finalSchema) ? ctx?.outputValid : null;
  return (
    <NodeCard
      accent="var(--mantine-color-violet-6)"
      tone={valid === true ? 'ok' : valid === false ? 'failed' : null}
      selected={selected}
    >
      <Handle type="target" position={Position.Top} className={classes.handle} />
      <Group gap={6} wrap="nowrap">
        <IconTarget size={16} aria-hidden />
        <Text fw={600} size="sm" truncate>
          {data.name || 'Final output'}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {fields === 0 ? 'No schema yet' : `Schema: ${fields} top-level ${fields === 1 ? 'field' : 'fields'}`}
        {data.mapping ? ' · mapping set' : ' · mapping suggested by the engine'}
      </Text>
      {valid === true && (
        <Badge size="xs" color="green" variant="light" mt={6}>
          Output valid
        </Badge>
      )}
      {valid === false && (
        <Badge size="xs" color="red" variant="light" mt={6}>
          {ctx?.outputErrors} validation {ctx?.outputErrors === 1 ? 'error' : 'errors'}
        </Badge>
      )}
      {run?.status === 'failed' && <RunLine r={run} />}
    </NodeCard>
  );
}

export const NODE_TYPES = { custom: EndpointNode, final: FinalNodeCard };
