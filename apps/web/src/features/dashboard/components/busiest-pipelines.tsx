import { Anchor, Group, Paper, Progress, Table, Text, Title } from '@mantine/core';
import { IconTimeline } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { MAX_PERIOD_RUNS, usePeriodResults } from '../api/period-results.ts';
import { usePipelineNames } from '../api/pipeline-names.ts';
import { busiestPipelines } from '../lib/activity.ts';
import { formatCount, formatPercent, formatRelative } from '../lib/format.ts';

/** The pipelines that processed the most records in the period, from their runs. */
export function BusiestPipelines({ days }: { days: number }) {
  const q = usePeriodResults(days);
  const ranked = q.data ? busiestPipelines(q.data.runs) : [];
  const names = usePipelineNames(ranked.map((p) => p.pipelineId));
  const top = ranked[0]?.processed ?? 0;

  return (
    <Paper withBorder radius="md" component="section" aria-labelledby="busiest-title">
      <Group justify="space-between" px="lg" pt="md" pb="xs" wrap="wrap">
        <div>
          <Title order={2} fz="md" id="busiest-title">
            Busiest pipelines
          </Title>
          <Text size="sm" c="dimmed">
            By records processed in the last {days} days
            {q.data && !q.data.complete ? ` (from the ${formatCount(MAX_PERIOD_RUNS)} most recent runs)` : ''}
            .
          </Text>
        </div>
      </Group>
      {q.isPending ? (
        <LoadingBlock label="Adding up runs…" />
      ) : q.isError ? (
        <ErrorBlock error={q.error} onRetry={() => void q.refetch()} />
      ) : ranked.length === 0 ? (
        <EmptyBlock icon={<IconTimeline size={22} />} title="No pipeline ran in this period">
          Pipelines appear here, busiest first, once their jobs run.
        </EmptyBlock>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" horizontalSpacing="lg">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Pipeline</Table.Th>
                <Table.Th ta="right">Runs</Table.Th>
                <Table.Th w="30%">Records processed</Table.Th>
                <Table.Th ta="right">Failed</Table.Th>
                <Table.Th ta="right">Failure rate</Table.Th>
                <Table.Th>Last run</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ranked.map((p) => {
                const name = names.get(p.pipelineId);
                return (
                  <Table.Tr key={p.pipelineId}>
                    <Table.Td>
                      <Anchor component={Link} to={`/pipelines/${p.pipelineId}`} size="sm" fw={500}>
                        {name === undefined ? 'Loading…' : (name ?? 'Deleted pipeline')}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right">{formatCount(p.runs)}</Table.Td>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Progress
                          value={top ? (p.processed / top) * 100 : 0}
                          style={{ flex: 1 }}
                          aria-label={`Records processed by ${name ?? 'this pipeline'}, relative to the busiest`}
                        />
                        <Text size="sm" w={72} ta="right">
                          {formatCount(p.processed)}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" c={p.failed ? 'red.8' : undefined}>
                        {formatCount(p.failed)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{formatPercent(p.failureRate)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {formatRelative(p.lastRunAt)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
