import {
  ActionIcon,
  Badge,
  Button,
  Code,
  Group,
  List,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { TNodeRun, TWorkflowRun } from '@mapwright/contracts';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { formatCount, formatDuration } from '../lib/run-management.ts';
import { NodeStatusBadge } from './runs-status-badge.tsx';

/* The run drawer's node table (with each node's calls) and the run's output. */

export function NodesTable({ nodes, labels }: { nodes: TNodeRun[]; labels: Map<string, string> }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table fz="sm" verticalSpacing={6} aria-label="Run nodes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={32}>
              <VisuallyHidden>Details</VisuallyHidden>
            </Table.Th>
            <Table.Th>Node</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Attempts</Table.Th>
            <Table.Th ta="right">Calls</Table.Th>
            <Table.Th ta="right">Records</Table.Th>
            <Table.Th ta="right">Duration</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {nodes.map((n) => {
            const label = labels.get(n.nodeId);
            const expanded = open === n.nodeId;
            const detailsId = `node-details-${n.nodeId}`;
            const hasDetails = Boolean(n.requestSample || n.responseSample || n.log.length);
            return (
              <Fragment key={n.nodeId}>
                <Table.Tr
                  data-node={n.nodeId}
                  style={{ borderBottom: n.error || expanded ? 'none' : undefined }}
                >
                  <Table.Td>
                    {hasDetails && (
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="sm"
                        onClick={() => setOpen(expanded ? null : n.nodeId)}
                        aria-expanded={expanded}
                        aria-controls={expanded ? detailsId : undefined}
                        aria-label={`${expanded ? 'Hide' : 'Show'} calls of ${label ?? n.nodeId}`}
                      >
                        {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                      </ActionIcon>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {label ?? n.nodeId}
                    </Text>
                    {label && (
                      <Code fz="xs" c="dimmed">
                        {n.nodeId}
                      </Code>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <NodeStatusBadge status={n.status} />
                  </Table.Td>
                  <Table.Td ta="right">{formatCount(n.attempts)}</Table.Td>
                  <Table.Td ta="right">{formatCount(n.calls)}</Table.Td>
                  <Table.Td ta="right">{formatCount(n.records)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatDuration(n.durationMs)}
                  </Table.Td>
                </Table.Tr>
                {n.error && (
                  <Table.Tr style={{ borderBottom: expanded ? 'none' : undefined }}>
                    <Table.Td />
                    <Table.Td colSpan={6} pt={0}>
                      <Text size="xs" c="red.8" style={{ overflowWrap: 'anywhere' }}>
                        {n.error}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {hasDetails && expanded && (
                  <Table.Tr id={detailsId}>
                    <Table.Td />
                    <Table.Td colSpan={6} pt={0}>
                      <NodeCalls node={n} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function NodeCalls({ node }: { node: TNodeRun }) {
  // one clean call says no more than the request and response above it
  const showLog =
    node.log.length > 1 || node.log.some((c) => c.error || c.waitMs > 0 || (c.status ?? 0) >= 300);
  return (
    <Stack gap={6} py={4}>
      {node.requestSample && (
        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
          <Text span inherit fw={600}>
            Request:
          </Text>{' '}
          <Code fz="xs">
            {node.requestSample.method} {node.requestSample.url}
          </Code>
        </Text>
      )}
      {node.responseSample && (
        <Text size="xs">
          <Text span inherit fw={600}>
            Response:
          </Text>{' '}
          HTTP {node.responseSample.status}
        </Text>
      )}
      {showLog && (
        <List size="xs" spacing={2} listStyleType="disc">
          {node.log.map((c, i) => (
            // a call log has no id: its place in the log is its identity
            // biome-ignore lint/suspicious/noArrayIndexKey: the log never reorders
            <List.Item key={i} style={{ overflowWrap: 'anywhere' }}>
              Attempt {c.attempt}: {c.method} {c.url} → {c.status ?? 'no answer'} in{' '}
              {formatDuration(c.durationMs)}
              {c.waitMs > 0 ? ` (after waiting ${formatDuration(c.waitMs)})` : ''}
              {c.error ? ` — ${c.error}` : ''}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** `checked`: the workflow's final schema checks something (an empty one says nothing about validity). */
export function RunOutput({ run, checked = true }: { run: TWorkflowRun; checked?: boolean }) {
  const [shown, setShown] = useState(false);
  return (
    <div>
      <Group justify="space-between" mb={6}>
        <Group gap="sm">
          <Title order={3} fz="md">
            Output
          </Title>
          {checked && (
            <Badge color={run.outputValid ? 'green' : 'red'} variant="light" size="sm">
              {run.outputValid ? 'Matches the schema' : 'Does not match the schema'}
            </Badge>
          )}
        </Group>
        <Button variant="subtle" size="compact-sm" onClick={() => setShown((s) => !s)} aria-expanded={shown}>
          {shown ? 'Hide output' : 'Show output'}
        </Button>
      </Group>
      {run.outputErrors.length > 0 && (
        <List size="xs" spacing={2} mb={6}>
          {run.outputErrors.slice(0, 20).map((e) => (
            <List.Item key={`${e.path}:${e.message}`}>
              <Code fz="xs">{e.path || '/'}</Code> {e.message}
            </List.Item>
          ))}
        </List>
      )}
      {shown && (
        <ScrollArea.Autosize mah={360} type="auto">
          <Code block fz="xs">
            {JSON.stringify(run.output, null, 2)}
          </Code>
        </ScrollArea.Autosize>
      )}
    </div>
  );
}
