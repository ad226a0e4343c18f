import { Alert, Button, Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { formatCount, formatDateTime } from '../../../lib/format.ts';
import { useCancelRun, useJoinRun } from '../api/joins.ts';
import { RunStatusBadge } from './labels.tsx';
import './styles.ts';

const PHASES: Record<string, string> = {
  reading: 'Reading both datasets',
  matching: 'Matching rows',
  writing: 'Writing the joined data',
};

/** `/data-join-task/{id}`: one run of a join, its progress and counts. */
export function JoinTask({ id }: { id: string }) {
  const run = useJoinRun(id);
  const cancel = useCancelRun(id);
  if (run.isPending) return <LoadingBlock label="Loading the run…" />;
  if (run.isError) return <ErrorBlock error={run.error} onRetry={() => void run.refetch()} />;
  const r = run.data;
  const open = r.status === 'queued' || r.status === 'running';
  const s = r.stats;
  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[
          { label: 'Home', to: '/dashboard' },
          { label: 'Joined data', to: '/joined_data' },
          { label: r.join_name, to: `/data-join/${r.join_id}` },
          { label: 'Run' },
        ]}
        title={`Run of ${r.join_name}`}
        badge={<RunStatusBadge status={r.status} />}
        description={`Started ${formatDateTime(r.created_at)}${r.finished_at ? `, finished ${formatDateTime(r.finished_at)}` : ''}`}
        actions={
          <>
            {open && (
              <Button
                variant="default"
                color="red"
                loading={cancel.isPending}
                onClick={() => cancel.mutate()}
              >
                Cancel run
              </Button>
            )}
            <Button component={Link} to={`/data-join/${r.join_id}`} variant="default">
              Back to the join
            </Button>
            {r.status === 'succeeded' && (
              <Button component={Link} to={`/joined_data/${r.id}`}>
                Open joined data
              </Button>
            )}
          </>
        }
      />
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb={6}>
          <Text size="sm" fw={600}>
            {open
              ? (PHASES[r.phase ?? ''] ?? 'Waiting for a worker')
              : r.status === 'succeeded'
                ? 'Done'
                : 'Stopped'}
          </Text>
          <Text size="sm" c="dimmed">
            {Math.round(r.progress * 100)}%
          </Text>
        </Group>
        <Progress
          value={r.progress * 100}
          animated={open}
          color={r.status === 'failed' ? 'red' : 'teal'}
          aria-label="Join progress"
        />
        {r.error && (
          <Alert color="red" title="The join failed" mt="md" role="alert">
            {r.error}
          </Alert>
        )}
      </Paper>
      {s && (
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            <Count label="Left rows" value={s.left_rows} />
            <Count label="Right rows" value={s.right_rows} />
            <Count label="Matched left rows" value={s.matched_left} />
            <Count label="Unmatched left rows" value={s.unmatched_left} />
            <Count label="Unmatched right rows" value={s.unmatched_right} />
            <Count label="Ambiguous left rows" value={s.ambiguous} />
            <Count label="Pairs compared" value={s.compared} />
            <Count label="Joined rows" value={s.output_rows} />
          </SimpleGrid>
        </Paper>
      )}
    </Stack>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {formatCount(value)}
      </Text>
    </Stack>
  );
}
