import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TWorkflow } from '@mapwright/contracts';
import { IconRestore } from '@tabler/icons-react';
import { useRestoreWorkflow } from '../api/workflow.ts';
import { formatAgo, formatDateTime } from '../lib/run-management.ts';
import { notify } from './management-notify.ts';

/**
 * Archived workflows (deleted, or replaced by a confirmed submit): kept with their runs and
 * versions, off the schedule, until restored.
 */
export function ArchivedWorkflowsTable({ workflows, now }: { workflows: TWorkflow[]; now: number }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" fz="sm" highlightOnHover aria-label="Archived workflows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Schedule</Table.Th>
            <Table.Th>Archived</Table.Th>
            <Table.Th w={140}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {workflows.map((w) => (
            <ArchivedRow key={w.id} workflow={w} now={now} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ArchivedRow({ workflow: w, now }: { workflow: TWorkflow; now: number }) {
  const restore = useRestoreWorkflow();
  const onRestore = () =>
    restore.mutate(w.id, {
      onSuccess: (saved) =>
        notify({
          color: 'green',
          message: saved.isActive
            ? `“${w.name}” is back and active: it runs ${saved.scheduleText.toLowerCase()} from now.`
            : `“${w.name}” is back in the workflow list.`,
        }),
      onError: (err) => notify({ color: 'red', title: 'Not restored', message: err.message }),
    });
  return (
    <Table.Tr>
      <Table.Td maw={320}>
        <Text size="sm" fw={600} truncate="end" title={w.name}>
          {w.name}
        </Text>
        <Text size="xs" c="dimmed">
          Version {w.version} · {w.nodes.length} {w.nodes.length === 1 ? 'node' : 'nodes'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{w.scheduleText}</Text>
        <Text size="xs" c="dimmed">
          {w.isActive ? 'Active when restored' : 'Paused'}
        </Text>
      </Table.Td>
      <Table.Td>
        {w.archivedAt && (
          <Text size="sm" title={formatDateTime(w.archivedAt)}>
            {formatAgo(w.archivedAt, now)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRestore size={14} />}
          onClick={onRestore}
          loading={restore.isPending}
          aria-label={`Restore ${w.name}`}
        >
          Restore
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
