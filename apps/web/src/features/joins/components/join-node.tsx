import { Badge, Paper, Stack, Table, Text } from '@mantine/core';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { formatCount } from '../../../lib/format.ts';
import { useJoin, useJoinNode } from '../api/joins.ts';

const SOURCE_KINDS = {
  import: 'an import',
  result: 'the valid records of a job result',
  join_run: 'joined data',
  resolution_golden: "an entity resolution's golden records, one per entity",
  resolution_clusters: "an entity resolution's records with their cluster id",
};

/** `/data-join-node/{id}?side=left|right`: one input of a join, its columns and keys. */
export function JoinNode({ id, side }: { id: string; side: 'left' | 'right' }) {
  const join = useJoin(id);
  const node = useJoinNode(id, side);
  if (node.isPending || join.isPending) return <LoadingBlock label="Loading the dataset…" />;
  if (join.isError) return <ErrorBlock error={join.error} onRetry={() => void join.refetch()} />;
  if (node.isError) return <ErrorBlock error={node.error} onRetry={() => void node.refetch()} />;
  const n = node.data;
  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[
          { label: 'Home', to: '/dashboard' },
          { label: 'Joined data', to: '/joined_data' },
          { label: join.data.name, to: `/data-join/${id}` },
          { label: side === 'left' ? 'Left dataset' : 'Right dataset' },
        ]}
        title={n.source.name}
        description={`The ${side} input of "${join.data.name}": ${formatCount(n.row_count)} rows, ${n.columns.length} columns (${SOURCE_KINDS[n.source.kind]}).`}
      />
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Column</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th ta="right">Empty</Table.Th>
                <Table.Th ta="right">Distinct</Table.Th>
                <Table.Th>Examples</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {n.columns.map((c) => (
                <Table.Tr key={c.name}>
                  <Table.Td>
                    <Text size="sm" fw={500} span>
                      {c.name}
                    </Text>{' '}
                    {c.key && (
                      <Badge size="sm" variant="light" color="grape">
                        join key
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{c.type}</Table.Td>
                  <Table.Td ta="right">{formatCount(c.nulls)}</Table.Td>
                  <Table.Td ta="right">{formatCount(c.distinct)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed" lineClamp={1}>
                      {c.examples.map((e) => String(e)).join(', ')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
