import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconTableOff } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { formatCount } from '../../../lib/format.ts';
import { useJoinRows, useJoinRun } from '../api/joins.ts';
import { RunPipelineOnJoin } from './run-pipeline.tsx';

const MATCH_LABELS: Record<string, [string, string]> = {
  both: ['Matched', 'green'],
  left_only: ['Left only', 'gray'],
  right_only: ['Right only', 'gray'],
};

/** `/joined_data/{id}`: the joined rows of a run, with the score and which sides matched. */
export function JoinedData({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const run = useJoinRun(id);
  const rows = useJoinRows(id, page, run.data?.status === 'succeeded');
  if (run.isPending) return <LoadingBlock label="Loading the joined data…" />;
  if (run.isError) return <ErrorBlock error={run.error} onRetry={() => void run.refetch()} />;
  const r = run.data;
  const columns = r.columns;
  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[
          { label: 'Home', to: '/dashboard' },
          { label: 'Joined data', to: '/joined_data' },
          { label: r.join_name, to: `/data-join/${r.join_id}` },
          { label: 'Rows' },
        ]}
        title={r.join_name}
        description={`${formatCount(r.row_count)} joined rows. Columns from the left dataset come first; a fuzzy match shows its score.`}
      />
      {r.status === 'succeeded' && r.dataset_id && <RunPipelineOnJoin datasetId={r.dataset_id} />}
      <Paper withBorder radius="md">
        {r.status !== 'succeeded' ? (
          <EmptyBlock icon={<IconTableOff size={22} />} title="No joined data yet">
            This run is {r.status}; its rows appear here once it has succeeded.
          </EmptyBlock>
        ) : rows.isPending ? (
          <LoadingBlock label="Loading rows…" />
        ) : rows.isError ? (
          <ErrorBlock error={rows.error} onRetry={() => void rows.refetch()} />
        ) : rows.data.items.length === 0 ? (
          <EmptyBlock icon={<IconTableOff size={22} />} title="The join produced no rows">
            No left row matched a right row. Try a fuzzy condition or a lower threshold.
          </EmptyBlock>
        ) : (
          <Table.ScrollContainer
            minWidth={Math.max(600, columns.length * 140)}
            scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Joined rows' } }}
          >
            <Table verticalSpacing="xs" fz="sm" striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  {/* wide joins squeeze columns: the badge and the score keep their width */}
                  <Table.Th miw={120}>Match</Table.Th>
                  <Table.Th miw={90}>Score</Table.Th>
                  {columns.map((c) => (
                    <Table.Th key={c.name}>
                      {c.name}
                      <Text span size="xs" c="dimmed">
                        {' '}
                        ({c.side})
                      </Text>
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.data.items.map((row) => {
                  const [label, color] = MATCH_LABELS[String(row.record._match)] ?? ['—', 'gray'];
                  const score = row.record._score as number | null;
                  return (
                    <Table.Tr key={row.index}>
                      <Table.Td c="dimmed">{row.index + 1}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={color}>
                          {label}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {score === null ? '—' : score === 1 ? '1 (same)' : score.toFixed(3)}
                      </Table.Td>
                      {columns.map((c) => (
                        <Table.Td key={c.name}>{fmt(row.record[c.name])}</Table.Td>
                      ))}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {rows.data && rows.data.pages > 1 && (
        <Group justify="center">
          <Pager total={rows.data.pages} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}

const fmt = (v: unknown) =>
  v === null || v === undefined || v === '' ? (
    <Text span c="dimmed">
      —
    </Text>
  ) : typeof v === 'object' ? (
    JSON.stringify(v)
  ) : (
    String(v)
  );
