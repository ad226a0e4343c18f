import { Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TResult } from '@mapwright/contracts';
import { formatCount, formatDuration, formatPercent, formatRelative } from '../lib/format.ts';

/** The live bar of a queued or running run (its result is polled every second). */
export function RunProgress({ run }: { run: TResult }) {
  const share = run.total ? run.processed / run.total : 0;
  const elapsed = Date.now() - new Date(run.created_at).getTime();
  // a rough time left from the pace so far; none before the first batch is in
  const left =
    run.processed > 0 && run.processed < run.total
      ? (elapsed / run.processed) * (run.total - run.processed)
      : null;
  const queued = run.status === 'queued';
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label="Run progress">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>{queued ? 'Waiting for a worker…' : 'Mapping and validating records…'}</Text>
          <Text size="sm" c="dimmed">
            {queued ? `Queued ${formatDuration(elapsed)} ago` : `Running for ${formatDuration(elapsed)}`}
            {left !== null && ` · about ${formatDuration(left)} left`}
          </Text>
        </Group>
        <Progress
          value={queued ? 100 : share * 100}
          size="xl"
          striped
          animated
          color={queued ? 'gray' : undefined}
          aria-label="Records processed"
        />
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" data-testid="run-progress-text">
            {formatCount(run.processed)} of {formatCount(run.total)} records · {formatPercent(share)}
          </Text>
          <Text size="sm" c={run.failed ? 'red.8' : 'dimmed'}>
            {run.failed
              ? `${formatCount(run.failed)} failed validation so far`
              : 'No record has failed so far'}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

function Stat({
  label,
  value,
  hint,
  color,
}: {
  label: string;
  value: string;
  hint?: string;
  color?: string;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={22} fw={700} c={color} mt={2}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/** Where values were dropped, the fields with most first: "paid_on 64, amount 3". */
function droppedHint(byField: Record<string, number>) {
  const top = Object.entries(byField).sort((a, b) => b[1] - a[1]);
  const shown = top.slice(0, 3).map(([f, n]) => `${f} ${formatCount(n)}`);
  return `unreadable source values: ${shown.join(', ')}${top.length > 3 ? ', …' : ''}`;
}

/** The run's counts: records, valid and failed with their shares, confidence and how long it took. */
export function RunSummary({ run }: { run: TResult }) {
  const of = (n: number) => formatPercent(n / Math.max(1, run.processed));
  const duration = run.finished_at
    ? formatDuration(new Date(run.finished_at).getTime() - new Date(run.created_at).getTime())
    : '—';
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, md: 6 }} spacing="md">
      <Stat
        label="Records"
        value={formatCount(run.total)}
        hint={run.processed < run.total ? `${formatCount(run.processed)} processed` : 'all processed'}
      />
      <Stat
        label="Valid"
        value={formatCount(run.succeeded)}
        hint={run.processed ? `${of(run.succeeded)} of processed` : 'none processed yet'}
        color="green.9"
      />
      <Stat
        label="Failed"
        value={formatCount(run.failed)}
        hint={run.failed ? `${of(run.failed)} quarantined` : 'nothing quarantined'}
        color={run.failed ? 'red.8' : undefined}
      />
      <Stat
        label="Values dropped"
        value={formatCount(run.dropped)}
        hint={run.dropped ? droppedHint(run.dropped_by_field) : 'every value was read'}
        color={run.dropped ? 'orange.9' : undefined}
      />
      <Stat
        label="Confidence"
        value={run.confidence ? formatPercent(run.confidence.score) : '—'}
        hint={run.confidence ? run.confidence.bucket : 'known when the run ends'}
      />
      <Stat
        label="Duration"
        value={duration}
        hint={
          run.finished_at
            ? `ended ${formatRelative(run.finished_at)}`
            : `started ${formatRelative(run.created_at)}`
        }
      />
    </SimpleGrid>
  );
}
