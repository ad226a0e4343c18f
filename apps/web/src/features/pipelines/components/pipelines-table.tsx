import { Anchor, Code, Table, Text } from '@mantine/core';
import type { TPipeline, TResult } from '@mapwright/contracts';
import { Link } from 'react-router';
import { formatCount, formatDate, shortId } from '../lib/format.ts';
import { PipelineStatusBadge } from './badges.tsx';
import { LastRun } from './last-run.tsx';

/** The dense one-line-per-pipeline view (`/pipelines/old`). */
export function PipelinesTable({
  pipelines,
  latestOf,
}: {
  pipelines: TPipeline[];
  latestOf: (id: string) => { data?: TResult | null; isPending: boolean } | undefined;
}) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing={6} fz="sm" striped highlightOnHover aria-label="Pipelines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>ID</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Jobs</Table.Th>
            <Table.Th>Last run</Table.Th>
            <Table.Th>Updated</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pipelines.map((p) => {
            const latest = latestOf(p.id);
            return (
              <Table.Tr key={p.id}>
                <Table.Td maw={280}>
                  <Anchor
                    component={Link}
                    to={`/pipelines/${p.id}`}
                    size="sm"
                    fw={500}
                    truncate="end"
                    title={p.name}
                  >
                    {p.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Code fz="xs">{shortId(p.id)}</Code>
                </Table.Td>
                <Table.Td>
                  <PipelineStatusBadge pipeline={p} size="sm" />
                </Table.Td>
                <Table.Td ta="right">{formatCount(p.job_count)}</Table.Td>
                <Table.Td>
                  <LastRun result={latest?.data} loading={!!latest?.isPending} compact />
                </Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(p.updated_at)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
