import { Anchor, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconTableOptions } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useWorkbooks } from '../api/workbooks.ts';
import { NewWorkbookForm } from './new-workbook-form.tsx';

/** `/workbooks`: the organization's workbooks, most recently changed first. */
export function WorkbooksList() {
  const [page, setPage] = useState(1);
  const q = useWorkbooks(page);
  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[{ label: 'Combine' }, { label: 'Workbooks' }]}
        title="Workbooks"
        description="Each workbook is one version of a project's mapping work: its fields to review and its data as sheets."
      />
      <Paper withBorder p="md" radius="md">
        <NewWorkbookForm />
      </Paper>
      {q.isPending ? (
        <LoadingBlock label="Loading workbooks…" />
      ) : q.isError ? (
        <ErrorBlock error={q.error} onRetry={() => q.refetch()} />
      ) : q.data.items.length === 0 ? (
        <EmptyBlock icon={<IconTableOptions size={22} />} title="No workbooks yet">
          Choose a project above to make its first workbook.
        </EmptyBlock>
      ) : (
        <Paper withBorder radius="md">
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Workbook</Table.Th>
                <Table.Th>Project</Table.Th>
                <Table.Th>Version</Table.Th>
                <Table.Th>Tabs</Table.Th>
                <Table.Th>Changed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {q.data.items.map((w) => (
                <Table.Tr key={w.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/workbooks/${w.id}`} fw={600}>
                      {w.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{w.project_name}</Table.Td>
                  <Table.Td>
                    <Badge variant="light">v{w.version}</Badge>
                  </Table.Td>
                  <Table.Td>{w.tabs.length + 1}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{new Date(w.updated_at).toLocaleString()}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {q.data && q.data.pages > 1 && (
        <Group justify="center">
          <Pager value={page} onChange={setPage} total={q.data.pages} aria-label="Workbook pages" />
        </Group>
      )}
    </Stack>
  );
}
