import { Badge, Group, Text } from '@mantine/core';
import { Handle, type NodeProps, Position } from '@xyflow/react';
import { canvasClasses as classes, NodeCard } from '../../../components/canvas/index.ts';
import { inputPorts, outputPorts, type TStepNode } from '../lib/graph.ts';
import { configSummary, KIND_INFO } from '../lib/kinds.ts';
import { formatSpan, statusLabel } from '../lib/status.ts';

const spread = (i: number, n: number) => `${((i + 1) / (n + 1)) * 100}%`;
const TONE = {
  succeeded: 'ok',
  reused: 'ok',
  failed: 'failed',
  running: 'running',
  awaiting_approval: 'running',
} as const;

/** A flow step on the canvas: kind, name, ports (labelled when a kind has two), refusal, last run. */
export function StepNode({ data, selected }: NodeProps<TStepNode>) {
  const { step, issues, run } = data;
  const info = KIND_INFO[step.kind];
  const Icon = info.icon;
  const ins = inputPorts(step.kind);
  const outs = outputPorts(step.kind);
  const ms =
    run?.started_at && run.finished_at
      ? new Date(run.finished_at).getTime() - new Date(run.started_at).getTime()
      : null;
  return (
    <NodeCard
      accent={info.color}
      tone={run ? TONE[run.status as keyof typeof TONE] : null}
      selected={selected}
      invalid={issues.length > 0}
    >
      {ins.map((p, i) => (
        <Handle
          key={p}
          id={p}
          type="target"
          position={Position.Top}
          className={classes.handle}
          style={{ left: spread(i, ins.length) }}
          title={`input ${p}`}
        />
      ))}
      {ins.length > 1 && (
        <Group justify="space-around" gap={0} mt={-6} mb={2}>
          {ins.map((p) => (
            <Text key={p} size="10px" c="dimmed">
              {p}
            </Text>
          ))}
        </Group>
      )}
      <Group gap={6} wrap="nowrap">
        <Icon size={16} aria-hidden color={info.color} />
        <Text fw={600} size="sm" truncate>
          {step.name || step.id}
        </Text>
      </Group>
      <Group gap={4} mt={4}>
        <Badge size="xs" variant="light" color="gray">
          {info.label}
        </Badge>
        {step.id !== step.kind && (
          <Badge size="xs" variant="outline" color="gray" tt="none">
            {step.id}
          </Badge>
        )}
      </Group>
      {!run && (
        <Text size="xs" c="dimmed" mt={4} lineClamp={2}>
          {configSummary(step)}
        </Text>
      )}
      {issues.map((m) => (
        <Text key={m} size="xs" c="red.8" mt={4} lineClamp={3}>
          {m}
        </Text>
      ))}
      {run && (
        <Text size="xs" mt={4} c={run.status === 'failed' ? 'red.8' : 'dimmed'} lineClamp={2}>
          {statusLabel(run.status)}
          {run.rows_in != null && ` · in ${run.rows_in.toLocaleString()}`}
          {run.rows_out != null && ` · out ${run.rows_out.toLocaleString()}`}
          {run.rows_rejected ? ` · rejected ${run.rows_rejected.toLocaleString()}` : ''}
          {ms != null && ` · ${formatSpan(ms)}`}
          {run.status === 'failed' && run.error ? ` · ${run.error}` : ''}
        </Text>
      )}
      {outs.length > 1 && (
        <Group justify="space-around" gap={0} mt={4} mb={-6}>
          {outs.map((p) => (
            <Text key={p} size="10px" c={p === 'rejected' ? 'red.8' : 'dimmed'}>
              {p}
            </Text>
          ))}
        </Group>
      )}
      {outs.map((p, i) => (
        <Handle
          key={p}
          id={p}
          type="source"
          position={Position.Bottom}
          className={classes.handle}
          style={{
            left: spread(i, outs.length),
            ...(p === 'rejected' ? { background: 'var(--mantine-color-red-6)' } : {}),
          }}
          title={`output ${p}`}
        />
      ))}
    </NodeCard>
  );
}

export const STEP_NODE_TYPES = { step: StepNode };
