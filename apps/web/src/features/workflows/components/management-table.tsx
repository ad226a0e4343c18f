import {
  ActionIcon,
  Anchor,
  Badge,
  Code,
  Group,
  Menu,
  Stack,
  Switch,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TWorkflow } from '@mapwright/contracts';
import { IconArchive, IconDots, IconPencil, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatInZone } from '../../../lib/schedule-words.ts';
import { useStartRun } from '../api/runs.ts';
import { useDeleteWorkflow, useUpdateWorkflow } from '../api/workflow.ts';
import { formatAgo, formatDateTime, formatIn } from '../lib/run-management.ts';
import { workflowContext } from '../stores/workflow-context.ts';
import { notify } from './management-notify.ts';
import { RunStatusBadge } from './runs-status-badge.tsx';

/** The apps a workflow's nodes call (a node without its own app calls the workflow's source app). */
function appsCalled(w: TWorkflow): string[] {
  const ids = new Set<string>();
  for (const n of w.nodes) if (n.type === 'custom') ids.add(n.data.endpoint.app ?? w.sourceApp);
  return ids.size ? [...ids] : [w.sourceApp];
}

/** The organization's workflows: schedule, active switch, last run and the row's actions. */
export function WorkflowsTable({
  workflows,
  appName,
  now,
  onOpenRun,
}: {
  workflows: TWorkflow[];
  appName: (id: string) => string;
  now: number;
  onOpenRun: (runId: string) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={940}>
      <Table verticalSpacing="sm" fz="sm" highlightOnHover aria-label="Workflows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Source app</Table.Th>
            <Table.Th>Schedule</Table.Th>
            <Table.Th>Active</Table.Th>
            <Table.Th>Last run</Table.Th>
            <Table.Th w={56}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {workflows.map((w) => (
            <WorkflowRow key={w.id} workflow={w} appName={appName} now={now} onOpenRun={onOpenRun} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function WorkflowRow({
  workflow: w,
  appName,
  now,
  onOpenRun,
}: {
  workflow: TWorkflow;
  appName: (id: string) => string;
  now: number;
  onOpenRun: (runId: string) => void;
}) {
  const update = useUpdateWorkflow();
  const start = useStartRun();
  const remove = useDeleteWorkflow();
  /** the value asked for while the server answers; the switch shows it, then the saved one */
  const [asked, setAsked] = useState<boolean | null>(null);
  const checked = asked ?? w.isActive;

  const toggle = (isActive: boolean) => {
    setAsked(isActive);
    update.mutate(
      { id: w.id, body: { isActive } },
      {
        onSuccess: (saved) => {
          workflowContext.updateWorkflow(w.id, { isActive: saved.isActive });
          notify({
            color: saved.isActive ? 'green' : 'gray',
            message: saved.isActive
              ? `“${w.name}” is active: it runs ${saved.scheduleText.toLowerCase()}.`
              : `“${w.name}” is paused: it no longer runs on its schedule.`,
          });
        },
        onError: (err) =>
          notify({
            color: 'red',
            title: isActive ? `“${w.name}” cannot be activated` : `“${w.name}” was not paused`,
            message: err.message,
          }),
        onSettled: () => setAsked(null),
      },
    );
  };

  const runNow = () =>
    start.mutate(w.id, {
      onSuccess: (run) =>
        notify({
          color: 'blue',
          title: `“${w.name}” is queued`,
          message: (
            <Anchor component="button" type="button" size="sm" onClick={() => onOpenRun(run.id)}>
              Follow the run
            </Anchor>
          ),
        }),
      onError: (err) => notify({ color: 'red', title: 'The run did not start', message: err.message }),
    });

  const confirmArchive = () =>
    modals.openConfirmModal({
      title: `Archive “${w.name}”?`,
      children: (
        <Text size="sm">
          The workflow leaves the list and its schedule stops at once. Its{' '}
          {w.version > 1 ? `${w.version} versions` : 'versions'} and runs are kept: restore it from Archived
          to bring it back.
        </Text>
      ),
      labels: { confirm: 'Archive workflow', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(w.id, {
          onSuccess: () => {
            workflowContext.removeWorkflow(w.id);
            notify({ color: 'gray', message: `“${w.name}” was archived: restore it from Archived.` });
          },
          onError: (err) => notify({ color: 'red', title: 'Not archived', message: err.message }),
        }),
    });

  const last = w.lastRun;
  const lastAt = last ? (last.startedAt ?? last.scheduledFor ?? last.createdAt) : null;

  return (
    <Table.Tr>
      <Table.Td maw={300}>
        <Group gap={6} wrap="nowrap">
          <Anchor component={Link} to={`/workflows/${w.id}`} size="sm" fw={600} truncate="end" title={w.name}>
            {w.name}
          </Anchor>
          {!w.isComplete && (
            <Tooltip label="A draft: finish it in the builder before it can be active" withArrow>
              <Badge size="xs" variant="outline" color="gray" tabIndex={0}>
                Draft
              </Badge>
            </Tooltip>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          Version {w.version} · {w.nodes.length} {w.nodes.length === 1 ? 'node' : 'nodes'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{appsCalled(w).map(appName).join(', ')}</Text>
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {w.scheduleText}
          </Text>
          <Text size="xs" c="dimmed">
            <Code fz="xs">{w.syncFrequency}</Code> · {w.timezone}
          </Text>
          {w.isActive && w.nextRunAt && (
            <Text size="xs" c="teal.9" title={formatInZone(w.nextRunAt, w.timezone)}>
              Next run {formatIn(w.nextRunAt, now)}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Switch
          checked={checked}
          onChange={(e) => toggle(e.currentTarget.checked)}
          disabled={update.isPending}
          aria-label={`Active: ${w.name}`}
          label={checked ? 'On' : 'Off'}
          size="sm"
        />
      </Table.Td>
      <Table.Td>
        {last && lastAt ? (
          <Group gap={8} wrap="nowrap">
            <RunStatusBadge status={last.status} />
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => onOpenRun(last.id)}
              title={formatDateTime(lastAt)}
              aria-label={`Last run of ${w.name}, ${formatAgo(lastAt, now)}`}
              style={{ whiteSpace: 'nowrap' }}
            >
              {formatAgo(lastAt, now)}
            </Anchor>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Never run
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Actions for ${w.name}`}
              loading={start.isPending || remove.isPending}
            >
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPlayerPlay size={16} />} onClick={runNow}>
              Run now
            </Menu.Item>
            <Menu.Item component={Link} to={`/workflows/${w.id}`} leftSection={<IconPencil size={16} />}>
              Open in builder
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconArchive size={16} />} onClick={confirmArchive}>
              Archive
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Table.Td>
    </Table.Tr>
  );
}
