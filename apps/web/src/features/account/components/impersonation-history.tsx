import { Group, Stack, Table, Text } from '@mantine/core';
import { IconEyeCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { formatDateTime, formatRelative, plural } from '../../../lib/format.ts';
import { useImpersonations } from '../api/account.ts';

/**
 * Who at Mapwright signed in as you, and when. Support may act in your name for an hour at a
 * time but can never change your password, keys or members; this list is how you check on it.
 */
export function ImpersonationHistory() {
  const [page, setPage] = useState(1);
  const query = useImpersonations(page);
  if (query.isPending) return <LoadingBlock label="Loading staff access…" />;
  if (query.isError) return <ErrorBlock error={query.error} onRetry={() => query.refetch()} />;
  const { items, total, pages } = query.data;
  const intro = (
    <Text size="sm" c="dimmed">
      Mapwright staff sometimes sign in as you to help with a problem. Each time is recorded here, along with
      everything they changed. They cannot change your password, API keys, two-factor or members.
    </Text>
  );
  if (total === 0) {
    return (
      <Stack gap="sm">
        {intro}
        <EmptyBlock icon={<IconEyeCheck size={22} />} title="No one has signed in as you">
          When Mapwright staff do, you will see who and when here.
        </EmptyBlock>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {intro}
      <Table striped aria-label="Staff who signed in as you">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Staff member</Table.Th>
            <Table.Th>When</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((i) => (
            <Table.Tr key={i.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {i.staff_name}
                </Text>
                <Text size="xs" c="dimmed">
                  {i.staff_email}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(i.started_at)}</Text>
                <Text size="xs" c="dimmed">
                  {formatRelative(i.started_at)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {pages > 1 && (
        <Group justify="flex-end">
          <Pager total={pages} value={page} onChange={setPage} size="sm" />
        </Group>
      )}
      <Text size="xs" c="dimmed">
        {plural(total, 'session')} recorded.
      </Text>
    </Stack>
  );
}
