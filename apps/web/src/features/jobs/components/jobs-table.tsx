import { Anchor, Progress, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { TJob, TResult } from '@mapwright/contracts';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { JobInput } from '../../../components/ui/job-input.tsx';
import { usePipelineNames } from '../api/pipeline.ts';
import { resultQueryOptions } from '../api/result.ts';
import { formatCount, formatDateTime, formatPercent, formatRelative, shortId } from '../lib/format.ts';
import { isOpen } from '../lib/status.ts';
import { StatusBadge } from './status-badge.tsx';

/** The jobs of one page, each with its latest run's counts (polled every second while it runs). */
export function JobsTable({ jobs }: { jobs: TJob[] }) {
  const names = usePipelineNames(jobs.map((j) => j.pipeline_id));
  const withRun = jobs.filter((j) => j.latest_result_id);
  const runs = useQueries({
    queries: withRun.map((j) => resultQueryOptions(j.latest_result_id as string)),
  });
  const runOf = new Map(withRun.map((j, i) => [j.id, runs[i]?.data]));

  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Job</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Input</Table.Th>
            <Table.Th ta="right">Records</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th w={180}>Progress</Table.Th>
            <Table.Th ta="right">Valid</Table.Th>
            <Table.Th ta="right">Failed</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.map((job) => (
            <JobRow key={job.id} job={job} name={names.get(job.pipeline_id)} run={runOf.get(job.id)} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function JobRow({
  job,
  name,
  run,
}: {
  job: TJob;
  name: string | null | undefined;
  run: TResult | undefined;
}) {
  // the run's own status is fresher than the list's (it is polled every second)
  const status = run?.status ?? job.status;
  const pending = Boolean(job.latest_result_id) && !run;
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={0}>
          <Anchor component={Link} to={`/job?id=${job.id}`} size="sm" fw={500}>
            {name === undefined ? 'Loading pipeline…' : (name ?? 'Deleted pipeline')}
          </Anchor>
          <Text size="xs" c="dimmed" ff="monospace">
            Job {shortId(job.id)}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        <Tooltip label={formatDateTime(job.created_at)}>
          <Text size="sm" c="dimmed" component="span" tabIndex={0}>
            {formatRelative(job.created_at)}
          </Text>
        </Tooltip>
      </Table.Td>
      <Table.Td>
        <JobInput job={job} />
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm">{formatCount(job.record_count)}</Text>
      </Table.Td>
      <Table.Td>
        <StatusBadge status={status} />
      </Table.Td>
      <Table.Td>{pending ? <Skeleton height={8} /> : <RunProgressCell run={run} />}</Table.Td>
      <Table.Td ta="right">
        <ValidCell run={run} />
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm" c={run?.failed ? 'red.8' : undefined} fw={run?.failed ? 600 : 400}>
          {run ? formatCount(run.failed) : '—'}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** Progress is how much of the run has been processed (processed / total), whatever passed validation. */
export function RunProgressCell({ run }: { run: TResult | undefined }) {
  if (!run)
    return (
      <Text size="sm" c="dimmed">
        Not run yet
      </Text>
    );
  const share = run.total ? Math.min(1, run.processed / run.total) : isOpen(run.status) ? 0 : 1;
  const open = isOpen(run.status);
  const counts = `${formatCount(run.processed)} / ${formatCount(run.total)}`;
  return (
    <Stack gap={2}>
      <Progress
        value={share * 100}
        size="md"
        color={open ? 'blue' : run.status === 'failed' || run.status === 'cancelled' ? 'gray' : 'teal'}
        striped={open}
        animated={open}
        aria-label={`Processed ${counts} records (${formatPercent(share)})`}
      />
      <Text size="xs" c="dimmed">
        {run.status === 'queued' ? 'Waiting for a worker' : `${counts} processed`}
      </Text>
    </Stack>
  );
}

/** The valid count, with its share of the processed records beside it. */
export function ValidCell({ run }: { run: TResult | undefined }) {
  if (!run) return <Text size="sm">—</Text>;
  return (
    <Text size="sm">
      {formatCount(run.succeeded)}
      {run.processed > 0 && (
        <Text span size="xs" c="dimmed">
          {' '}
          ({formatPercent(run.succeeded / run.processed)})
        </Text>
      )}
    </Text>
  );
}
