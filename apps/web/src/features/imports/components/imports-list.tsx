import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDatabaseImport, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useFilePicker } from '../api/files.ts';
import { useImports } from '../api/imports.ts';
import { formatCount, formatDate } from './format.ts';
import { ImportStatusBadge } from './import-status-badge.tsx';
import { NewImportModal } from './new-import-modal.tsx';

export function ImportsList() {
  const [page, setPage] = useState(1);
  const imports = useImports(page);
  const files = useFilePicker('');
  const [opened, modal] = useDisclosure(false);
  const fileName = (id: string | null) => files.data?.items.find((f) => f.id === id)?.name ?? '—';

  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[{ label: 'Home', to: '/dashboard' }, { label: 'Data' }]}
        title="Imports"
        description="Files read into datasets, with their detected column types and any problems found."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={modal.open}>
            New import
          </Button>
        }
      />
      <Paper withBorder radius="md">
        {imports.isPending ? (
          <LoadingBlock label="Loading imports…" />
        ) : imports.isError ? (
          <ErrorBlock error={imports.error} onRetry={() => void imports.refetch()} />
        ) : imports.data.items.length === 0 ? (
          <EmptyBlock icon={<IconDatabaseImport size={22} />} title="No imports yet">
            Import an uploaded CSV, TSV, Excel, JSON, JSON Lines or Parquet file to profile its columns and
            preview its rows.
            <Group justify="center" mt="sm">
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={modal.open}>
                New import
              </Button>
            </Group>
          </EmptyBlock>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>File</Table.Th>
                  <Table.Th>Format</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Rows</Table.Th>
                  <Table.Th ta="right">Problems</Table.Th>
                  <Table.Th>Created</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {imports.data.items.map((imp) => (
                  <Table.Tr key={imp.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/imports/${imp.id}`} size="sm" fw={500}>
                        {imp.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{fileName(imp.file_id)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="outline" color="gray" tt="uppercase">
                        {imp.format}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <ImportStatusBadge status={imp.status} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">{formatCount(imp.row_count)}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text
                        size="sm"
                        c={imp.problem_count ? 'orange.9' : undefined}
                        fw={imp.problem_count ? 600 : 400}
                      >
                        {formatCount(imp.problem_count)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {formatDate(imp.created_at)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {imports.data && imports.data.pages > 1 && (
        <Pager total={imports.data.pages} value={page} onChange={setPage} aria-label="Imports pages" />
      )}
      <NewImportModal opened={opened} onClose={modal.close} />
    </Stack>
  );
}
