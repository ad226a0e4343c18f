import { Alert, Anchor, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import type { TWorkflow, TWorkflowRunListItem } from '@mapwright/contracts';
import { IconCalendarOff, IconFilterOff, IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { isOpenRun, workflowRunsQueryOptions } from '../api/runs.ts';
import {
  ACTIVE_POLL_MS,
  formatAgo,
  formatDateTime,
  formatDuration,
  MISSED_EXPLANATION,
  RUN_STATUS_FILTERS,
  runFilterOf,
  triggerLabel,
} from '../lib/run-management.ts';
import { RunStatusBadge } from './runs-status-badge.tsx';

const PAGE_SIZE = 20;

/** When a run happened, as people would say it: started, else due (missed), else queued. */
export const runMoment = (r: Pick<TWorkflowRunListItem, 'startedAt' | 'scheduledFor' | 'createdAt'>) =>
  r.startedAt ?? r.scheduledFor ?? r.createdAt;

/** "Recent runs": every workflow's runs, newest first, filterable by status and workflow. */
export function RecentRuns({
  workflows,
  anyActive,
  now,
  onOpenRun,
}: {
  workflows: Pick<TWorkflow, 'id' | 'name'>[];
  anyActive: boolean;
  now: number;
  onOpenRun: (runId: string) => void;
}) {
  const [statusFilter, setStatusFilter] = useState('all');
  const [workflowId, setWorkflowId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const filter = runFilterOf(statusFilter);
  const filters = {
    page,
    size: PAGE_SIZE,
    statuses: filter.statuses,
    workflowId: workflowId ?? undefined,
  };
  const runs = useQuery({
    ...workflowRunsQueryOptions(filters),
    refetchInterval: (q) =>
      q.state.data?.items.some((r) => isOpenRun(r.status)) ? 2000 : anyActive ? ACTIVE_POLL_MS : false,
  });
  const filtered = filter.value !== 'all' || workflowId !== null;
  const items = runs.data?.items ?? [];
  const showMissedNote = filter.value === 'missed' || items.some((r) => r.status === 'missed');

  const clear = () => {
    setStatusFilter('all');
    setWorkflowId(null);
    setPage(1);
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="recent-runs-title">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <div>
          <Title order={2} fz="lg" id="recent-runs-title">
            Recent runs
          </Title>
          <Text size="sm" c="dimmed">
            Manual, scheduled and test runs of every workflow, newest first. Open one for its nodes.
          </Text>
        </div>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Workflow"
            placeholder="All workflows"
            data={workflows.map((w) => ({ value: w.id, label: w.name }))}
            value={workflowId}
            onChange={(v) => {
              setWorkflowId(v);
              setPage(1);
            }}
            clearable
            searchable
            w={220}
          />
          <Select
            label="Status"
            data={RUN_STATUS_FILTERS.map((f) => ({ value: f.value, label: f.label }))}
            value={filter.value}
            onChange={(v) => {
              setStatusFilter(v ?? 'all');
              setPage(1);
            }}
            allowDeselect={false}
            w={200}
          />
        </Group>
      </Group>
      {showMissedNote && (
        <Alert color="yellow" variant="light" icon={<IconCalendarOff size={18} />} title="About missed runs">
          <Text size="sm">{MISSED_EXPLANATION}</Text>
        </Alert>
      )}
      <Paper withBorder radius="md">
        {runs.isPending ? (
          <LoadingBlock label="Loading runs…" />
        ) : runs.isError ? (
          <ErrorBlock error={runs.error} onRetry={() => void runs.refetch()} />
        ) : items.length === 0 ? (
          filtered ? (
            <EmptyBlock icon={<IconFilterOff size={22} />} title="No run matches these filters">
              <Group justify="center" mt="sm">
                <Button variant="light" onClick={clear}>
                  Show every run
                </Button>
              </Group>
            </EmptyBlock>
          ) : (
            <EmptyBlock icon={<IconHistory size={22} />} title="No runs yet">
              Runs appear here when a workflow is run now, runs on its schedule or is tested in the builder.
            </EmptyBlock>
          )
        ) : (
          <RunsTable runs={items} now={now} onOpenRun={onOpenRun} />
        )}
      </Paper>
      {runs.data && runs.data.pages > 1 && (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {runs.data.total.toLocaleString()} runs · page {page} of {runs.data.pages}
          </Text>
          <Pager total={runs.data.pages} value={page} onChange={setPage} aria-label="Run pages" />
        </Group>
      )}
    </Stack>
  );
}

function RunsTable({
  runs,
  now,
  onOpenRun,
}: {
  runs: TWorkflowRunListItem[];
  now: number;
  onOpenRun: (runId: string) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="xs" fz="sm" highlightOnHover aria-label="Recent runs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Started</Table.Th>
            <Table.Th>Workflow</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Trigger</Table.Th>
            <Table.Th ta="right">Duration</Table.Th>
            <Table.Th>Error</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((r) => {
            const at = runMoment(r);
            const when = r.startedAt ? '' : r.status === 'missed' ? 'due ' : 'queued ';
            return (
              <Table.Tr key={r.id} onClick={() => onOpenRun(r.id)} style={{ cursor: 'pointer' }}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    fw={500}
                    onClick={(e) => {
                      e.stopPropagation();
                      onOpenRun(r.id);
                    }}
                    title={formatDateTime(at)}
                    aria-label={`Open run of ${r.workflowName}, ${when}${formatAgo(at, now)}`}
                  >
                    {when}
                    {formatAgo(at, now)}
                  </Anchor>
                </Table.Td>
                <Table.Td maw={260}>
                  <Text size="sm" truncate="end" title={r.workflowName}>
                    {r.workflowName}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <RunStatusBadge status={r.status} />
                </Table.Td>
                <Table.Td>{triggerLabel(r.trigger)}</Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatDuration(r.durationMs)}
                </Table.Td>
                <Table.Td maw={320}>
                  {r.error ? (
                    <Text
                      size="xs"
                      c={r.status === 'missed' ? 'dimmed' : 'red.8'}
                      lineClamp={2}
                      title={r.error}
                    >
                      {r.error}
                    </Text>
                  ) : (
                    <Text size="xs" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
