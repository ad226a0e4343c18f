import { Badge, Code, Group, Paper, Stack, Text } from '@mantine/core';
import type { TWorkflowEdge, TWorkflowNode } from '@mapwright/contracts';
import { IconArrowDown, IconFlag, IconPlugConnected } from '@tabler/icons-react';
import { outputFieldsOf, paramsOf } from '../lib/plan-view.ts';

/** A compact read-only picture of a proposed graph: one card per node in run order, arrows between. */
export function PlanDiagram({ nodes, edges }: { nodes: TWorkflowNode[]; edges: TWorkflowEdge[] }) {
  return (
    <Stack component="ol" gap={0} m={0} p={0} aria-label="Proposed steps" style={{ listStyle: 'none' }}>
      {nodes.map((node, i) => {
        const from = edges.filter((e) => e.target === node.id).map((e) => e.source);
        // the arrow says it when a node does not simply follow the one above it
        const previous = nodes[i - 1]?.id;
        const note =
          from.length && (from.length > 1 || from[0] !== previous) ? `after ${from.join(', ')}` : null;
        return (
          <li key={node.id}>
            {i > 0 && (
              <Group gap={6} justify="center" py={4} c="dimmed" aria-hidden>
                <IconArrowDown size={18} />
                {note && <Text size="xs">{note}</Text>}
              </Group>
            )}
            {node.type === 'custom' ? <EndpointCard node={node} /> : <FinalCard node={node} />}
          </li>
        );
      })}
    </Stack>
  );
}

function EndpointCard({ node }: { node: Extract<TWorkflowNode, { type: 'custom' }> }) {
  const { endpoint, isFirstNode, pagination, label } = node.data;
  const params = paramsOf(node);
  return (
    <Paper withBorder radius="md" p="sm" aria-label={`Node ${node.id}`}>
      <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconPlugConnected size={18} aria-hidden style={{ flexShrink: 0 }} />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} size="sm">
              {node.id}
            </Text>
            {label && (
              <Text size="xs" c="dimmed">
                {label}
              </Text>
            )}
          </div>
        </Group>
        <Group gap={4} wrap="wrap" justify="flex-end">
          {isFirstNode && (
            <Badge size="sm" variant="light" color="blue">
              First node
            </Badge>
          )}
          {params.some((p) => p.fanOut) && (
            <Badge size="sm" variant="light" color="grape">
              Fan-out
            </Badge>
          )}
          {pagination && (
            <Badge size="sm" variant="light" color="gray">
              Paginated
            </Badge>
          )}
        </Group>
      </Group>
      <Text size="sm" mt={6} style={{ overflowWrap: 'anywhere' }}>
        <Code>{endpoint.method}</Code> <Code>{endpoint.path}</Code>
      </Text>
      {params.length > 0 && (
        <Stack gap={2} mt={6}>
          {params.map((p) => (
            <Text key={p.name} size="xs" style={{ overflowWrap: 'anywhere' }}>
              <Text span ff="monospace" size="xs">
                {p.name}
              </Text>{' '}
              ={' '}
              {p.fanOut ? (
                <strong>{p.text}</strong>
              ) : (
                <Text span ff="monospace" size="xs">
                  {p.text}
                </Text>
              )}
              {p.fanOut && (
                <Text span c="dimmed" size="xs">
                  {' '}
                  (one call per value)
                </Text>
              )}
            </Text>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function FinalCard({ node }: { node: Extract<TWorkflowNode, { type: 'final' }> }) {
  const fields = outputFieldsOf(node.data.finalSchema);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      aria-label={`Final node ${node.id}`}
      bg="var(--mantine-color-blue-light)"
    >
      <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
        <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <IconFlag size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {node.data.name}
          </Text>
        </Group>
        <Badge size="sm" variant="light" style={{ flexShrink: 0 }}>
          Final
        </Badge>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        Maps everything gathered onto{' '}
        {fields.length === 1 ? 'one output field' : `${fields.length} output fields`}:{' '}
        {fields.map((f) => f.name).join(', ')}
      </Text>
    </Paper>
  );
}
