import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Drawer,
  Group,
  List,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TNodeRun, TWorkflow, TWorkflowRun } from '@mapwright/contracts';
import {
  IconAlertCircle,
  IconCalendarOff,
  IconChevronDown,
  IconChevronRight,
  IconPlayerStop,
  IconRefresh,
  IconRotateClockwise,
} from '@tabler/icons-react';
import { Fragment, type ReactNode, useState } from 'react';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useCancelRun, useRetryRun, useWorkflowRun } from '../api/runs.ts';
import {
  canCancel,
  canRetryFromFailed,
  canRetryFromStart,
  formatCount,
  formatDateTime,
  formatDuration,
  MISSED_EXPLANATION,
  nodeLabels,
  triggerLabel,
} from '../lib/run-management.ts';
import { notify } from './management-notify.ts';
import { NodeStatusBadge, RunStatusBadge } from './runs-status-badge.tsx';

type TDrawerWorkflow = Pick<TWorkflow, 'id' | 'name' | 'nodes'>;

/** One run: its nodes (status, attempts, calls, records, duration, error), output, cancel and retry. */
export function RunDrawer({
  runId,
  workflows,
  onClose,
  onOpenRun,
}: {
  runId: string | null;
  workflows: TDrawerWorkflow[];
  onClose: () => void;
  onOpenRun: (runId: string) => void;
}) {
  const run = useWorkflowRun(runId);
  const workflow = workflows.find((w) => w.id === run.data?.workflowId);
  return (
    <Drawer
      opened={runId !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={
        <Text fw={700} size="lg" component="span">
          {workflow ? `Run of “${workflow.name}”` : 'Run'}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Close run' }}
    >
      {run.isPending ? (
        <LoadingBlock label="Loading the run…" />
      ) : run.isError ? (
        <ErrorBlock error={run.error} onRetry={() => void run.refetch()} />
      ) : (
        <RunDetail run={run.data} workflow={workflow} onOpenRun={onOpenRun} />
      )}
    </Drawer>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

function RunDetail({
  run,
  workflow,
  onOpenRun,
}: {
  run: TWorkflowRun;
  workflow: TDrawerWorkflow | undefined;
  onOpenRun: (runId: string) => void;
}) {
  const cancel = useCancelRun();
  const retry = useRetryRun();
  const labels = nodeLabels(workflow);
  const duration =
    run.startedAt && run.finishedAt
      ? new Date(run.finishedAt).getTime() - new Date(run.startedAt).getTime()
      : null;

  const confirmCancel = () =>
    modals.openConfirmModal({
      title: 'Cancel this run?',
      children: (
        <Text size="sm">
          {run.status === 'queued'
            ? 'The run has not started: it is taken off the queue.'
            : 'The run stops at its next step. Nodes that finished keep their output, so you can retry from the node it stopped at.'}
        </Text>
      ),
      labels: { confirm: 'Cancel run', cancel: 'Keep running' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(run.id, {
          onSuccess: (next) =>
            notify({
              color: 'orange',
              message: next.status === 'cancelled' ? 'Run cancelled.' : 'The run stops at its next step.',
            }),
          onError: (err) => notify({ color: 'red', title: 'Not cancelled', message: err.message }),
        }),
    });

  const doRetry = (from: 'failed' | 'start') =>
    retry.mutate(
      { runId: run.id, from },
      {
        onSuccess: (next) => {
          notify({
            color: 'blue',
            message:
              from === 'failed'
                ? `A new run is queued from ${next.fromNodeId ? `node “${labels.get(next.fromNodeId) ?? next.fromNodeId}”` : 'the failed node'}.`
                : 'A new run is queued from the start.',
          });
          onOpenRun(next.id);
        },
        onError: (err) => notify({ color: 'red', title: 'Not retried', message: err.message }),
      },
    );

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <RunStatusBadge status={run.status} size="md" />
        <Badge variant="default" size="md">
          {triggerLabel(run.trigger)}
        </Badge>
        <Text size="sm" c="dimmed">
          Version {run.workflowVersion}
        </Text>
        {run.retryOf && (
          <Text size="sm" c="dimmed">
            · retry{' '}
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => run.retryOf && onOpenRun(run.retryOf)}
            >
              of an earlier run
            </Anchor>
            {run.fromNodeId ? ` from “${labels.get(run.fromNodeId) ?? run.fromNodeId}”` : ''}
          </Text>
        )}
      </Group>

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Fact label={run.status === 'missed' ? 'Due' : 'Queued'}>
          {formatDateTime(run.status === 'missed' ? run.scheduledFor : run.createdAt)}
        </Fact>
        <Fact label="Started">{formatDateTime(run.startedAt)}</Fact>
        <Fact label="Finished">{formatDateTime(run.finishedAt)}</Fact>
        <Fact label="Duration">{formatDuration(duration)}</Fact>
      </SimpleGrid>

      {run.status === 'missed' ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconCalendarOff size={18} />}
          title="Missed schedule tick"
        >
          <Text size="sm">{MISSED_EXPLANATION}</Text>
          {run.error && (
            <Text size="xs" c="dimmed" mt={4}>
              {run.error}
            </Text>
          )}
        </Alert>
      ) : (
        run.error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="The run failed">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {run.error}
            </Text>
          </Alert>
        )
      )}

      {(canCancel(run.status) || canRetryFromFailed(run.status) || canRetryFromStart(run.status)) && (
        <Group gap="sm">
          {canCancel(run.status) && (
            <Button
              variant="light"
              color="red"
              leftSection={<IconPlayerStop size={16} />}
              onClick={confirmCancel}
              loading={cancel.isPending}
            >
              Cancel run
            </Button>
          )}
          {canRetryFromFailed(run.status) && (
            <Button
              variant="light"
              leftSection={<IconRotateClockwise size={16} />}
              onClick={() => doRetry('failed')}
              loading={retry.isPending && retry.variables?.from === 'failed'}
              disabled={retry.isPending}
            >
              Retry from failed node
            </Button>
          )}
          {canRetryFromStart(run.status) && (
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={() => doRetry('start')}
              loading={retry.isPending && retry.variables?.from === 'start'}
              disabled={retry.isPending}
            >
              Retry from start
            </Button>
          )}
        </Group>
      )}

      <div>
        <Title order={3} fz="md" mb={6}>
          Nodes
        </Title>
        {run.nodes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {run.status === 'missed' ? 'No node ran.' : 'No node has run yet.'}
          </Text>
        ) : (
          <NodesTable nodes={run.nodes} labels={labels} />
        )}
      </div>

      {run.outputValid !== null && <RunOutput run={run} />}
    </Stack>
  );
}

function NodesTable({ nodes, labels }: { nodes: TNodeRun[]; labels: Map<string, string> }) {
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

function RunOutput({ run }: { run: TWorkflowRun }) {
  const [shown, setShown] = useState(false);
  return (
    <div>
      <Group justify="space-between" mb={6}>
        <Group gap="sm">
          <Title order={3} fz="md">
            Output
          </Title>
          <Badge color={run.outputValid ? 'green' : 'red'} variant="light" size="sm">
            {run.outputValid ? 'Matches the schema' : 'Does not match the schema'}
          </Badge>
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
