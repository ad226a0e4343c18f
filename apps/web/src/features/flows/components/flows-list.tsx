import { Anchor, Button, Group, Paper, Stack, Switch, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFlow } from '@mapwright/contracts';
import { IconPlus, IconTopologyStar3 } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { formatDateTime, formatRelative } from '../../../lib/format.ts';
import { scheduleInWords } from '../../../lib/schedule-words.ts';
import { useCreateFlow, useFlows, usePatchFlow } from '../api.ts';
import { RunStatusBadge } from './status-badge.tsx';

/** "At 06:00 (Europe/Berlin)", or "Manual only" when a flow has no schedule. */
export function scheduleText(f: Pick<TFlow, 'schedule' | 'timezone'>): string {
  if (!f.schedule) return 'Manual only';
  const w = scheduleInWords(f.schedule);
  return w.text ? `${w.text} (${f.timezone})` : f.schedule;
}

/** `/flows`: every flow with its last run, schedule in words and active switch; "New flow". */
export function FlowsList() {
  const [page, setPage] = useState(1);
  const flows = useFlows(page);
  const create = useCreateFlow();
  const navigate = useNavigate();
  const newFlow = () =>
    create.mutate(
      {
        name: `Flow ${new Date().toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`,
        steps: [],
        edges: [],
      },
      {
        onSuccess: (f) => navigate(`/flows/${f.id}`),
        onError: (e) =>
          notifications.show({ color: 'red', title: 'Could not create the flow', message: e.message }),
      },
    );
  const newButton = (variant?: 'light') => (
    <Button
      variant={variant}
      leftSection={<IconPlus size={16} />}
      onClick={newFlow}
      loading={create.isPending}
    >
      New flow
    </Button>
  );
  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[{ label: 'Home', to: '/dashboard' }, { label: 'Flows' }]}
        title="Flows"
        description="Chain data steps — a source, a pipeline's mapper, validation, filters, joins — into a destination, on a schedule, with replay from any step."
        actions={newButton()}
      />
      <Paper withBorder radius="md">
        {flows.isPending ? (
          <LoadingBlock label="Loading flows…" />
        ) : flows.isError ? (
          <ErrorBlock error={flows.error} onRetry={() => void flows.refetch()} />
        ) : flows.data.items.length === 0 ? (
          <EmptyBlock icon={<IconTopologyStar3 size={22} />} title="No flows yet">
            A flow reads a source (an import, a dataset or a connection), maps it through a pipeline, checks
            it and writes it to a destination — every run kept step by step.
            <Group justify="center" mt="sm">
              {newButton('light')}
            </Group>
          </EmptyBlock>
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Flow</Table.Th>
                  <Table.Th>Steps</Table.Th>
                  <Table.Th>Last run</Table.Th>
                  <Table.Th>Schedule</Table.Th>
                  <Table.Th>Active</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {flows.data.items.map((f) => (
                  <FlowRow key={f.id} flow={f} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {flows.data && flows.data.pages > 1 && (
        <Pager total={flows.data.pages} value={page} onChange={setPage} />
      )}
    </Stack>
  );
}

function FlowRow({ flow: f }: { flow: TFlow }) {
  const patch = usePatchFlow(f.id);
  const run = f.last_run;
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={`/flows/${f.id}`} size="sm" fw={500}>
          {f.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          v{f.version} · updated {formatRelative(f.updated_at)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{f.steps.length}</Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {run ? (
          <Group gap={6} wrap="nowrap">
            <Anchor
              component={Link}
              to={`/flows/${f.id}/run/${run.id}`}
              aria-label={`Last run of ${f.name}: ${run.status}`}
            >
              <RunStatusBadge status={run.status} />
            </Anchor>
            <Text size="xs" c="dimmed" title={formatDateTime(run.created_at)}>
              {formatRelative(run.created_at)}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Not run yet
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{scheduleText(f)}</Text>
      </Table.Td>
      <Table.Td>
        <Switch
          checked={f.active}
          onChange={(e) =>
            patch.mutate(
              { active: e.currentTarget.checked },
              { onError: (err) => notifications.show({ color: 'red', message: err.message }) },
            )
          }
          disabled={patch.isPending}
          aria-label={`Active: ${f.name}`}
          label={f.active ? 'On' : 'Off'}
          size="sm"
        />
      </Table.Td>
    </Table.Tr>
  );
}
