import {
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFlowRun, TFlowStepRun } from '@mapwright/contracts';
import { IconPlayerPlay, IconPlayerStop, IconRefresh, IconReload } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { GraphCanvas, LabelledEdge } from '../../../components/canvas/index.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ErrorBlock, LoadingBlock, NotFoundBlock } from '../../../components/ui/query-state.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { ApiError } from '../../../lib/http.ts';
import { useFlow, useFlowRun, useRunAction, useStepSample } from '../api.ts';
import { reconciles, toCanvas } from '../lib/graph.ts';
import { isOpen } from '../lib/status.ts';
import { RunGantt } from './run-gantt.tsx';
import { DriftPanel, RowsTable, WritePreviewPanel } from './run-panels.tsx';
import { RunStatusBadge, StepStatusBadge } from './status-badge.tsx';
import { StepNode } from './step-node.tsx';

const NODE_TYPES = { step: StepNode };
const EDGE_TYPES = { labelled: LabelledEdge };

/** `/flows/{id}/run/{runId}`: a run's Gantt, its graph with row counts, a step's logs and sample, replay. */
export function FlowRunScreen({ flowId, runId }: { flowId: string; runId: string }) {
  const flow = useFlow(flowId);
  const run = useFlowRun(flowId, runId);
  if (run.isPending) return <LoadingBlock label="Loading the run…" />;
  // 422: an address whose id is malformed (not a UUID) is as missing as an unknown one
  if (run.isError)
    return run.error instanceof ApiError && (run.error.status === 404 || run.error.status === 422) ? (
      <NotFoundBlock />
    ) : (
      <ErrorBlock error={run.error} onRetry={() => void run.refetch()} />
    );
  return <RunView flowName={flow.data?.name ?? 'Flow'} run={run.data} />;
}

function useNow(live: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!live) return;
    const t = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(t);
  }, [live]);
  return live ? now : Date.now();
}

function RunView({ flowName, run }: { flowName: string; run: TFlowRun }) {
  const navigate = useNavigate();
  const action = useRunAction(run.flow_id, run.id);
  const live = isOpen(run.status);
  const now = useNow(live);
  const def = run.definition;
  const names = useMemo(() => new Map(def.steps.map((s) => [s.id, s.name])), [def.steps]);
  const [selected, setSelected] = useState<string | null>(
    () => run.steps.find((s) => s.status === 'failed')?.step_id ?? null,
  );
  const canvas = useMemo(() => {
    const c = toCanvas(def.steps, def.edges, new Map(), run);
    return {
      nodes: c.nodes.map((n) => ({ ...n, selected: n.id === selected, draggable: false })),
      edges: c.edges,
    };
  }, [def, run, selected]);
  const stepRun = run.steps.find((s) => s.step_id === selected) ?? null;
  const pausedStep = run.pause ? (names.get(run.pause.step_id) ?? run.pause.step_id) : '';

  async function act(a: Parameters<typeof action.mutateAsync>[0], done: string) {
    try {
      const r = await action.mutateAsync(a);
      notifications.show({ color: 'green', message: done });
      if (r.id !== run.id) navigate(`/flows/${run.flow_id}/run/${r.id}`);
    } catch (e) {
      notifications.show({ color: 'red', title: 'That did not work', message: (e as Error).message });
    }
  }
  const failed = run.steps.some((s) => s.status === 'failed');

  return (
    <Stack gap="md">
      <PageHeader
        crumbs={[
          { label: 'Flows', to: '/flows' },
          { label: flowName, to: `/flows/${run.flow_id}` },
          { label: 'Run' },
        ]}
        title={`Run of ${flowName}`}
        badge={
          <Group gap={6}>
            <RunStatusBadge status={run.status} />
            <Badge variant="outline" color="gray">
              v{run.version} · {run.trigger}
              {run.preview ? ' · preview' : ''}
            </Badge>
          </Group>
        }
        description={
          <>
            Started {formatDateTime(run.started_at ?? run.created_at)}
            {run.finished_at ? ` · finished ${formatDateTime(run.finished_at)}` : ''}
            {run.parent_run_id && (
              <>
                {' · replays '}
                <Anchor component={Link} to={`/flows/${run.flow_id}/run/${run.parent_run_id}`}>
                  an earlier run
                </Anchor>
              </>
            )}
          </>
        }
        actions={
          <Group gap="xs">
            {failed && !live && (
              <Button
                leftSection={<IconRefresh size={16} />}
                loading={action.isPending && action.variables?.kind === 'retry'}
                onClick={() => void act({ kind: 'retry' }, 'Retrying the failed steps')}
              >
                Retry failed steps
              </Button>
            )}
            {(live || run.status === 'paused') && (
              <Button
                variant="default"
                color="red"
                leftSection={<IconPlayerStop size={16} />}
                loading={action.isPending && action.variables?.kind === 'cancel'}
                onClick={() => void act({ kind: 'cancel' }, 'Run cancelled')}
              >
                Cancel run
              </Button>
            )}
          </Group>
        }
      />
      {run.pause?.kind === 'preview' && (
        <WritePreviewPanel
          stepName={pausedStep}
          preview={run.pause.preview}
          approving={action.isPending && action.variables?.kind === 'approve'}
          onApprove={() => void act({ kind: 'approve' }, 'Approved: writing to the destination')}
        />
      )}
      {run.pause?.kind === 'drift' && <DriftPanel stepName={pausedStep} diff={run.pause.diff} />}
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h5" mb="xs">
          Steps over time
        </Title>
        <RunGantt run={run} now={now} names={names} selected={selected} onSelect={setSelected} />
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <div style={{ height: 480, display: 'grid' }}>
          <GraphCanvas
            testId="run-canvas"
            nodes={canvas.nodes}
            edges={canvas.edges}
            nodeTypes={NODE_TYPES}
            edgeTypes={EDGE_TYPES}
            readOnly
            onNodeClick={setSelected}
            onPaneClick={() => setSelected(null)}
          />
        </div>
        <Paper withBorder radius="md" p="md" style={{ minHeight: 480, overflow: 'auto' }}>
          {stepRun ? (
            <StepDetails
              run={run}
              step={stepRun}
              name={names.get(stepRun.step_id) ?? stepRun.step_id}
              busy={action.isPending || live}
              onRerun={() =>
                void act({ kind: 'rerun', fromStep: stepRun.step_id }, `Re-running from ${stepRun.step_id}`)
              }
              onRunStep={() =>
                void act({ kind: 'step', stepId: stepRun.step_id }, `Running ${stepRun.step_id} alone`)
              }
            />
          ) : (
            <Text size="sm" c="dimmed">
              Select a step (on the chart or the graph) to see its logs, a sample of its output and replay
              from it.
            </Text>
          )}
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}

function StepDetails({
  run,
  step,
  name,
  busy,
  onRerun,
  onRunStep,
}: {
  run: TFlowRun;
  step: TFlowStepRun;
  name: string;
  busy: boolean;
  onRerun: () => void;
  onRunStep: () => void;
}) {
  const [port, setPort] = useState<'out' | 'rejected'>('out');
  const hasOutput = Boolean(port === 'out' ? step.output_dataset_id : step.rejected_dataset_id);
  const sample = useStepSample(run.flow_id, run.id, step.step_id, port, hasOutput);
  const def = run.definition.steps.find((s) => s.id === step.step_id);
  const ok = def ? reconciles(def, run, run.definition.edges) : null;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap={6}>
          <Title order={2} size="h5">
            {name}
          </Title>
          <StepStatusBadge status={step.status} />
        </Group>
        <Group gap={6}>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconReload size={14} />}
            disabled={busy}
            onClick={onRerun}
          >
            Re-run from this step
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlayerPlay size={14} />}
            disabled={busy}
            onClick={onRunStep}
          >
            Run this step
          </Button>
        </Group>
      </Group>
      <Table fz="xs" withTableBorder aria-label={`Counts of ${name}`}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th>Rows in</Table.Th>
            <Table.Td>{step.rows_in?.toLocaleString() ?? '—'}</Table.Td>
            <Table.Th>Rows out</Table.Th>
            <Table.Td>{step.rows_out?.toLocaleString() ?? '—'}</Table.Td>
            <Table.Th>Rejected</Table.Th>
            <Table.Td>{step.rows_rejected?.toLocaleString() ?? '—'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Attempts</Table.Th>
            <Table.Td>{step.attempts}</Table.Td>
            <Table.Th>Reconciled</Table.Th>
            <Table.Td c={ok === false ? 'red.8' : undefined}>
              {ok == null ? '—' : ok ? 'yes: in = out + rejected' : 'no'}
            </Table.Td>
            <Table.Th>Reused</Table.Th>
            <Table.Td>
              {step.reused_from_run_id ? (
                <Anchor
                  component={Link}
                  to={`/flows/${run.flow_id}/run/${step.reused_from_run_id}`}
                  size="xs"
                >
                  from an earlier run
                </Anchor>
              ) : (
                'no'
              )}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {step.error && (
        <Text size="sm" c="red.8" role="alert">
          {step.error_class ? `${step.error_class} error: ` : ''}
          {step.error}
        </Text>
      )}
      <Text fw={600} size="sm">
        Logs
      </Text>
      {step.logs.length ? (
        <Code
          block
          style={{ maxHeight: 160, overflow: 'auto' }}
          // it scrolls: keyboard users reach it too
          tabIndex={0}
          aria-label={`Logs of ${name}`}
        >
          {step.logs
            .map((l) => `${new Date(l.at).toLocaleTimeString()} ${l.level.padEnd(5)} ${l.message}`)
            .join('\n')}
        </Code>
      ) : (
        <Text size="xs" c="dimmed">
          No log lines.
        </Text>
      )}
      <Group justify="space-between">
        <Text fw={600} size="sm">
          Sample of its output
        </Text>
        {step.rejected_dataset_id && (
          <SegmentedControl
            size="xs"
            aria-label="Output port"
            value={port}
            onChange={(v) => setPort(v as 'out' | 'rejected')}
            data={[
              { value: 'out', label: 'out' },
              { value: 'rejected', label: 'rejected' },
            ]}
          />
        )}
      </Group>
      {!hasOutput ? (
        <Text size="xs" c="dimmed">
          {step.status === 'succeeded' || step.status === 'reused'
            ? 'This step keeps no rows.'
            : 'No output yet.'}
        </Text>
      ) : sample.isPending ? (
        <LoadingBlock label="Loading rows…" />
      ) : sample.isError ? (
        <ErrorBlock error={sample.error} onRetry={() => void sample.refetch()} />
      ) : (
        <>
          <Text size="xs" c="dimmed">
            First {sample.data.rows.length} of {sample.data.total.toLocaleString()} rows
          </Text>
          <RowsTable rows={sample.data.rows} label={`Sample of ${name} (${port})`} />
        </>
      )}
    </Stack>
  );
}
