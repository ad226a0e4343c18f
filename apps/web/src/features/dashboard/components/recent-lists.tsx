import { Anchor, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { TJob, TPipeline, TResult } from '@mapwright/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePipelineNames } from '../api/pipeline-names.ts';
import { formatCount, formatDateTime, formatRelative } from '../lib/format.ts';
import { StatusBadge } from './status-badge.tsx';

function Section({
  title,
  to,
  link,
  children,
}: {
  title: string;
  to: string;
  link: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" component="section" aria-label={title} h="100%">
      <Group justify="space-between" px="lg" pt="md" pb="xs">
        <Title order={2} fz="md">
          {title}
        </Title>
        <Anchor component={Link} to={to} size="sm">
          {link}
        </Anchor>
      </Group>
      {children}
    </Paper>
  );
}

/** The newest jobs with their status and, when the newest runs include theirs, the failed count. */
export function RecentJobs({ jobs, results, total }: { jobs: TJob[]; results: TResult[]; total: number }) {
  const names = usePipelineNames(jobs.map((j) => j.pipeline_id));
  const runs = new Map(results.map((r) => [r.id, r]));
  return (
    <Section title="Recent jobs" to="/jobs" link={`All ${formatCount(total)} jobs`}>
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing="xs" horizontalSpacing="lg">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Pipeline</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Records</Table.Th>
              <Table.Th ta="right">Failed</Table.Th>
              <Table.Th>Created</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {jobs.map((j) => {
              const run = j.latest_result_id ? runs.get(j.latest_result_id) : undefined;
              const name = names.get(j.pipeline_id);
              return (
                <Table.Tr key={j.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/job?id=${j.id}`} size="sm" fw={500}>
                      {name === undefined ? 'Loading…' : (name ?? 'Deleted pipeline')}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={run?.status ?? j.status} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{formatCount(j.record_count)}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" c={run?.failed ? 'red.8' : 'dimmed'}>
                      {run ? formatCount(run.failed) : '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text
                      size="sm"
                      c="dimmed"
                      title={formatDateTime(j.created_at)}
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      {formatRelative(j.created_at)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {jobs.length === 0 && (
        <Text size="sm" c="dimmed" px="lg" pb="md">
          No jobs to show.
        </Text>
      )}
    </Section>
  );
}

export function RecentPipelines({ pipelines, total }: { pipelines: TPipeline[]; total: number }) {
  return (
    <Section title="Recent pipelines" to="/pipelines" link={`All ${formatCount(total)} pipelines`}>
      <Stack gap={0} pb="xs">
        {pipelines.map((p) => (
          <Group
            key={p.id}
            justify="space-between"
            wrap="nowrap"
            px="lg"
            py="xs"
            style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Anchor component={Link} to={`/pipelines/${p.id}`} size="sm" fw={500} truncate>
                {p.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {p.job_count === 1 ? '1 job' : `${formatCount(p.job_count)} jobs`} · updated{' '}
                {formatRelative(p.updated_at)}
              </Text>
            </Stack>
            <StatusBadge status={p.status} />
          </Group>
        ))}
        {pipelines.length === 0 && (
          <Text size="sm" c="dimmed" px="lg" pb="sm">
            No pipelines to show.
          </Text>
        )}
      </Stack>
    </Section>
  );
}
