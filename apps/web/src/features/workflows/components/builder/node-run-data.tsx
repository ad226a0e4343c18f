import { Alert, Code, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { TNodeRun } from '@mapwright/contracts';
import { formatCount, formatDuration } from '../../lib/run-management.ts';
import { NodeStatusBadge } from '../runs-status-badge.tsx';

const plural = (n: number, word: string) => `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;
const pretty = (v: unknown) => JSON.stringify(v, null, 2);

function Block({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="xs" fw={600} tt="uppercase" c="dimmed">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/** What one node did in the shown run: counts, the first request and response, records, attempts. */
export function NodeRunData({ run }: { run: TNodeRun | undefined }) {
  if (!run)
    return (
      <Text size="sm" c="dimmed">
        No data yet: test-run this node or the whole workflow to see what it returns.
      </Text>
    );
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <NodeStatusBadge status={run.status} />
        <Text size="xs" c="dimmed">
          {plural(run.records, 'record')} · {plural(run.calls, 'call')} · {plural(run.attempts, 'attempt')} ·{' '}
          {formatDuration(run.durationMs)}
        </Text>
      </Group>
      {run.error && (
        <Alert color="red" title="This node failed" p="xs">
          <Text size="sm">{run.error}</Text>
        </Alert>
      )}
      {run.requestSample && (
        <Block title="First request">
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {run.requestSample.method} {run.requestSample.url}
          </Code>
        </Block>
      )}
      {run.responseSample && (
        <Block title={`First response (HTTP ${run.responseSample.status})`}>
          <ScrollArea.Autosize mah={160} type="auto" viewportProps={{ tabIndex: 0 }}>
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {run.responseSample.body}
            </Code>
          </ScrollArea.Autosize>
        </Block>
      )}
      {run.outputSample.length > 0 && (
        <Block title={`Records (first ${run.outputSample.length} of ${formatCount(run.records)})`}>
          <ScrollArea.Autosize mah={260} type="auto" viewportProps={{ tabIndex: 0 }}>
            <Code block aria-label="Records of this node">
              {pretty(run.outputSample)}
            </Code>
          </ScrollArea.Autosize>
        </Block>
      )}
      {run.log.length > 0 && (
        <Block title="Calls">
          <Table fz="xs" withTableBorder verticalSpacing={2}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Waited</Table.Th>
                <Table.Th>Took</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {run.log.map((c) => (
                <Table.Tr key={`${c.startedAt}-${c.url}-${c.attempt}`} title={c.error ?? c.url}>
                  <Table.Td>{c.attempt}</Table.Td>
                  <Table.Td c={c.error ? 'red.8' : undefined}>{c.status ?? c.error ?? '—'}</Table.Td>
                  <Table.Td>{c.waitMs ? formatDuration(c.waitMs) : '—'}</Table.Td>
                  <Table.Td>{formatDuration(c.durationMs)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Block>
      )}
    </Stack>
  );
}
