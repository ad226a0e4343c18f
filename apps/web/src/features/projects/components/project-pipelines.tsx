import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconPlus, IconRoute } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyBlock } from '../../../components/ui/query-state.tsx';
import { useProjectPipelines } from '../api/project-pipelines.ts';
import { formatDate } from '../lib/format.ts';
import { ContentsPanel } from './contents-panel.tsx';

/** The project's pipelines, with whether a mapper is deployed and how many jobs ran. */
export function ProjectPipelines({ projectId, newPipeline }: { projectId: string; newPipeline: string }) {
  const [page, setPage] = useState(1);
  const pipelines = useProjectPipelines(projectId, page);
  return (
    <ContentsPanel
      query={pipelines}
      noun="pipeline"
      page={page}
      onPage={setPage}
      empty={
        <EmptyBlock icon={<IconRoute size={22} />} title="No pipelines yet">
          A pipeline maps source records onto one of the project's target schemas and runs jobs.
          <Group justify="center" mt="sm">
            <Button component={Link} to={newPipeline} variant="light" leftSection={<IconPlus size={16} />}>
              New pipeline
            </Button>
          </Group>
        </EmptyBlock>
      }
    >
      {(items) => (
        <Table.ScrollContainer minWidth={620}>
          <Table verticalSpacing="sm" highlightOnHover aria-label="Pipelines of this project">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Deployed mapper</Table.Th>
                <Table.Th ta="right">Jobs</Table.Th>
                <Table.Th>Updated</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td maw={320}>
                    <Anchor
                      component={Link}
                      to={`/pipelines/${p.id}`}
                      size="sm"
                      fw={600}
                      truncate="end"
                      title={p.name}
                    >
                      {p.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={p.status === 'deployed' ? 'green' : 'gray'} tt="capitalize">
                      {p.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c={p.deployed_mapper_version ? undefined : 'dimmed'}>
                      {p.deployed_mapper_version ? `v${p.deployed_mapper_version}` : 'None yet'}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{p.job_count.toLocaleString()}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(p.updated_at)}
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
