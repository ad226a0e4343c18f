import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconPlus, IconSchema } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyBlock } from '../../../components/ui/query-state.tsx';
import { useProjectSchemas } from '../api/project-schemas.ts';
import { formatDate } from '../lib/format.ts';
import { ContentsPanel } from './contents-panel.tsx';

const fieldCount = (schema: Record<string, unknown>) =>
  schema.properties && typeof schema.properties === 'object' ? Object.keys(schema.properties).length : 0;

/** The project's target schemas (one inferred from an import lands in the import's project). */
export function ProjectSchemas({ projectId, onCreate }: { projectId: string; onCreate: () => void }) {
  const [page, setPage] = useState(1);
  const schemas = useProjectSchemas(projectId, page);
  return (
    <ContentsPanel
      query={schemas}
      noun="schema"
      page={page}
      onPage={setPage}
      empty={
        <EmptyBlock icon={<IconSchema size={22} />} title="No schemas yet">
          A target schema says what each record should become. Infer one from a dataset of this project, or
          start with no fields.
          <Group justify="center" mt="sm">
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={onCreate}>
              New schema
            </Button>
          </Group>
        </EmptyBlock>
      }
    >
      {(items) => (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" highlightOnHover aria-label="Schemas of this project">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th ta="right">Fields</Table.Th>
                <Table.Th>Version</Table.Th>
                <Table.Th>Updated</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td maw={360}>
                    <Anchor
                      component={Link}
                      to={`/schemas/${s.id}`}
                      size="sm"
                      fw={600}
                      truncate="end"
                      title={s.name}
                    >
                      {s.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{fieldCount(s.schema)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color="gray" radius="sm" tt="none">
                      v{s.version}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(s.updated_at)}
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
