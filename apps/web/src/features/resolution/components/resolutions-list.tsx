import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useResolutions } from '../api.ts';
import { NewResolutionWizard } from './new-resolution-wizard.tsx';
import { StatusBadge } from './status-badge.tsx';

export function ResolutionsList() {
  const [page, setPage] = useState(1);
  const list = useResolutions(page);
  const [opened, wizard] = useDisclosure(false);
  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[{ label: 'Home', to: '/dashboard' }, { label: 'Data' }]}
        title="Entity resolution"
        description="Find the records that describe the same customer, supplier or product, within one import or across two, and review the uncertain ones."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={wizard.open}>
            New resolution
          </Button>
        }
      />
      <Paper withBorder radius="md">
        {list.isPending ? (
          <LoadingBlock label="Loading resolutions…" />
        ) : list.isError ? (
          <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <EmptyBlock icon={<IconUsersGroup size={22} />} title="No resolutions yet">
            Pick an import to find its duplicates, or two imports to link their records. Blocking rules,
            comparisons and the match threshold are proposed from the data; no labels needed.
            <Group justify="center" mt="sm">
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={wizard.open}>
                New resolution
              </Button>
            </Group>
          </EmptyBlock>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Records</Table.Th>
                  <Table.Th ta="right">Matched pairs</Table.Th>
                  <Table.Th ta="right">Entities</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/entity_resolution/${r.id}`} size="sm" fw={500}>
                        {r.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="outline" color="gray">
                        {r.kind === 'link' ? 'Link' : 'Dedupe'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={r.status} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">{r.summary?.records.toLocaleString('en') ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">{r.summary?.matches.toLocaleString('en') ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">{r.summary?.clusters.toLocaleString('en') ?? '—'}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {list.data && list.data.pages > 1 && (
        <Pager total={list.data.pages} value={page} onChange={setPage} aria-label="Resolution pages" />
      )}
      {opened && <NewResolutionWizard opened={opened} onClose={wizard.close} />}
    </Stack>
  );
}
