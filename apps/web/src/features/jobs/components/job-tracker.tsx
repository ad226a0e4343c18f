import { Anchor, Button, Divider, Group, Loader, Popover, Progress, Stack, Text } from '@mantine/core';
import type { TResult } from '@mapwright/contracts';
import { IconActivity, IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePipelineNames } from '../api/pipeline.ts';
import { useJobTracker } from '../hooks/use-job-tracker.ts';
import { formatCount, formatPercent, plural } from '../lib/format.ts';
import { StatusBadge } from './status-badge.tsx';
import './styles.ts';

/**
 * The job tracker (spec §3/§4): how many runs are queued or running across the organization, with
 * a popover listing them and their progress. It reloads on mount and when a job is created.
 */
export function JobTracker() {
  const t = useJobTracker();
  const names = usePipelineNames(t.runningResults.map((r) => r.pipeline_id));
  const count = t.runningResultsCount;
  const firstLoad = t.loadingState === 'loading' && t.runningResults.length === 0 && count === 0;

  const label =
    t.loadingState === 'error'
      ? 'Running jobs unavailable'
      : t.loadingState === 'idle' || firstLoad
        ? 'Checking running jobs…'
        : count === 0
          ? 'No jobs running'
          : `${plural(count, 'job')} running`;
  const icon =
    t.loadingState === 'error' ? (
      <IconAlertTriangle size={16} aria-hidden />
    ) : firstLoad || count > 0 ? (
      <Loader size={14} aria-hidden />
    ) : (
      <IconCircleCheck size={16} aria-hidden />
    );

  return (
    <Popover width={360} position="bottom-end" shadow="md" withArrow returnFocus>
      <Popover.Target>
        <Button
          variant={count > 0 ? 'light' : 'default'}
          color={t.loadingState === 'error' ? 'red' : undefined}
          leftSection={icon}
          aria-live="polite"
          data-testid="job-tracker"
        >
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Group justify="space-between">
            <Group gap={6}>
              <IconActivity size={16} aria-hidden />
              <Text fw={600} size="sm">
                Running jobs
              </Text>
            </Group>
            <Anchor component={Link} to="/jobs" size="sm">
              All jobs
            </Anchor>
          </Group>
          <Divider />
          {t.loadingState === 'error' ? (
            <Stack gap="xs" align="flex-start">
              <Text size="sm">Could not find out which jobs are running.</Text>
              <Button size="xs" variant="light" onClick={() => void t.reload()}>
                Try again
              </Button>
            </Stack>
          ) : count === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing is queued or running. New runs show up here with their progress.
            </Text>
          ) : (
            <Stack gap="md">
              {t.runningResults.map((r) => (
                <TrackedRun key={r.id} run={r} name={names.get(r.pipeline_id)} />
              ))}
              {count > t.runningResults.length && (
                <Text size="xs" c="dimmed">
                  and {plural(count - t.runningResults.length, 'more run')}
                </Text>
              )}
            </Stack>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function TrackedRun({ run, name }: { run: TResult; name: string | null | undefined }) {
  const share = run.total ? run.processed / run.total : 0;
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Anchor component={Link} to={`/job?id=${run.job_id}`} size="sm" fw={500} truncate>
          {name ?? (name === null ? 'Deleted pipeline' : 'Pipeline…')}
        </Anchor>
        <StatusBadge status={run.status} size="sm" />
      </Group>
      <Progress
        value={share * 100}
        size="sm"
        striped={run.status === 'queued'}
        animated={run.status === 'queued'}
        aria-label={`Progress of the run of ${name ?? 'a pipeline'}`}
      />
      <Text size="xs" c="dimmed">
        {run.status === 'queued'
          ? `Waiting for a worker · ${plural(run.total, 'record')}`
          : `${formatCount(run.processed)} of ${formatCount(run.total)} records · ${formatPercent(share)}`}
      </Text>
    </Stack>
  );
}
