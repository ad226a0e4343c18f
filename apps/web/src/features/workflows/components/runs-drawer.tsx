import { Alert, Anchor, Badge, Button, Drawer, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TWorkflow, TWorkflowRun } from '@mapwright/contracts';
import {
  IconAlertCircle,
  IconCalendarOff,
  IconPlayerStop,
  IconRefresh,
  IconRotateClockwise,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useCancelRun, useRetryRun, useWorkflowRun } from '../api/runs.ts';
import { finalSchemaOf, hasSchemaToCheck } from '../lib/final-schema.ts';
import {
  canCancel,
  canRetryFromFailed,
  canRetryFromStart,
  formatDateTime,
  formatDuration,
  MISSED_EXPLANATION,
  nodeLabels,
  triggerLabel,
} from '../lib/run-management.ts';
import { notify } from './management-notify.ts';
import { NodesTable, RunOutput } from './runs-drawer-nodes.tsx';
import { RunStatusBadge } from './runs-status-badge.tsx';

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

      {run.outputValid !== null && (
        <RunOutput run={run} checked={!workflow || hasSchemaToCheck(finalSchemaOf(workflow.nodes))} />
      )}
    </Stack>
  );
}
