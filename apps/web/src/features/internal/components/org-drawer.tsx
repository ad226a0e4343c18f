import { Badge, Drawer, Group, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DEMO_FLAGS, type TDemoFlag, type TInternalOrg } from '@mapwright/contracts';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { formatCount } from '../../../lib/format.ts';
import { useOrgMembers, useUpdateOrgSettings } from '../api/internal.ts';

/** The spec's flag names, as people read them. */
const FLAG_LABELS: Record<TDemoFlag, string> = {
  multiTable: 'Multi-table',
  sourceConnectorTab: 'Source connector tab',
  apiIntegration: 'API integration',
  destinationConnectorTab: 'Destination connector tab',
  avionteExcel: 'Avionte Excel',
  financialAnalysis: 'Financial analysis',
  suggest_values: 'Suggest values',
  schemaEditor: 'Schema editor',
  manualRun: 'Manual run',
};

function Flags({ org }: { org: TInternalOrg }) {
  const update = useUpdateOrgSettings(org.id);
  const save = (patch: Parameters<typeof update.mutate>[0]) =>
    update.mutate(patch, {
      onError: (err) => notifications.show({ color: 'red', title: 'Not saved', message: err.message }),
    });
  return (
    <Stack gap="xs">
      <Title order={3} fz="sm">
        Feature flags
      </Title>
      <Switch
        label="Land on Projects (the root path opens /projects)"
        checked={org.settings.projects_landing}
        disabled={update.isPending}
        onChange={(e) => save({ projects_landing: e.currentTarget.checked })}
      />
      <SimpleGrid cols={2} spacing="xs">
        {DEMO_FLAGS.map((f) => (
          <Switch
            key={f}
            label={FLAG_LABELS[f]}
            checked={org.settings.demos[f]}
            disabled={update.isPending}
            onChange={(e) => save({ demos: { [f]: e.currentTarget.checked } })}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function Members({ orgId }: { orgId: string }) {
  const members = useOrgMembers(orgId);
  if (members.isPending) return <LoadingBlock label="Loading members…" />;
  if (members.isError) return <ErrorBlock error={members.error} onRetry={() => void members.refetch()} />;
  return (
    <Table fz="sm" withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Email</Table.Th>
          <Table.Th>Role</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {members.data.items.map((m) => (
          <Table.Tr key={m.id}>
            <Table.Td>{m.name}</Table.Td>
            <Table.Td>{m.email}</Table.Td>
            <Table.Td>
              <Badge variant="light" size="sm">
                {m.role}
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function OrgDrawer({ org, onClose }: { org: TInternalOrg | null; onClose: () => void }) {
  return (
    <Drawer
      opened={!!org}
      onClose={onClose}
      position="right"
      size="lg"
      title={org?.name}
      closeButtonProps={{ 'aria-label': 'Close organization' }}
    >
      {org && (
        <Stack gap="lg">
          <Group gap="lg">
            <Text size="sm">
              <b>{formatCount(org.usage.records_processed)}</b> records this month
            </Text>
            <Text size="sm">
              <b>{formatCount(org.usage.job_runs)}</b> job runs
            </Text>
            <Text size="sm">
              <b>{formatCount(org.usage.workflow_runs)}</b> workflow runs
            </Text>
          </Group>
          <Flags org={org} />
          <Stack gap="xs">
            <Title order={3} fz="sm">
              Members ({org.member_count})
            </Title>
            <Members orgId={org.id} />
          </Stack>
        </Stack>
      )}
    </Drawer>
  );
}
