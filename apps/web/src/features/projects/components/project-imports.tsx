import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import type { TImport } from '@mapwright/contracts';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyBlock } from '../../../components/ui/query-state.tsx';
import { useProjectImports } from '../api/project-imports.ts';
import { formatDate } from '../lib/format.ts';
import { ContentsPanel } from './contents-panel.tsx';

const STATUS_COLORS: Record<TImport['status'], string> = {
  queued: 'gray',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'orange',
};

/** The project's imports: an import belongs to the project of the file it read. */
export function ProjectImports({ projectId, onCreate }: { projectId: string; onCreate: () => void }) {
  const [page, setPage] = useState(1);
  const imports = useProjectImports(projectId, page);
  return (
    <ContentsPanel
      query={imports}
      noun="import"
      page={page}
      onPage={setPage}
      empty={
        <EmptyBlock icon={<IconFileImport size={22} />} title="No imports yet">
          Import one of this project's files to profile its columns, preview its rows and see its problems (or
          use Import on a file's row).
          <Group justify="center" mt="sm">
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={onCreate}>
              New import
            </Button>
          </Group>
        </EmptyBlock>
      }
    >
      {(items) => (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" highlightOnHover aria-label="Imports of this project">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Format</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Rows</Table.Th>
                <Table.Th ta="right">Problems</Table.Th>
                <Table.Th>Created</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((imp) => (
                <Table.Tr key={imp.id}>
                  <Table.Td maw={320}>
                    <Anchor
                      component={Link}
                      to={`/imports/${imp.id}`}
                      size="sm"
                      fw={600}
                      truncate="end"
                      title={imp.name}
                    >
                      {imp.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="outline" color="gray" tt="uppercase" radius="sm">
                      {imp.format}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS_COLORS[imp.status]} tt="capitalize">
                      {imp.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{imp.row_count.toLocaleString()}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text
                      size="sm"
                      c={imp.problem_count ? 'orange.9' : undefined}
                      fw={imp.problem_count ? 600 : 400}
                    >
                      {imp.problem_count.toLocaleString()}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(imp.created_at)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </ContentsPanel>
  );
}
