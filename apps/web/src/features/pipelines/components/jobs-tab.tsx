import { Anchor, Button, Code, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TPipeline } from '@mapwright/contracts';
import { IconListCheck, IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { JobInput } from '../../../components/ui/job-input.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { usePipelineJobs } from '../api/pipeline-jobs.ts';
import { useRunJob } from '../api/run-job-mutation.ts';
import { formatCount, formatDate, plural, shortId } from '../lib/format.ts';
import { isRunning } from '../lib/status.ts';
import { ResultStatusBadge } from './badges.tsx';
import { NewJobModal } from './new-job-modal.tsx';
import { notify } from './notify.ts';

export function JobsTab({ pipeline }: { pipeline: TPipeline }) {
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const jobs = usePipelineJobs(pipeline.id, page);
  const run = useRunJob(pipeline.id);

  const runAgain = (jobId: string) =>
    run.mutate(jobId, {
      onSuccess: () =>
        notify({
          color: 'green',
          title: 'Run started',
          message: pipeline.deployed_mapper_version
            ? `Mapping with the deployed mapper, version ${pipeline.deployed_mapper_version}.`
            : 'Mapping with the proposed mapper (nothing is deployed yet).',
        }),
      onError: (err) => notify({ color: 'red', title: 'Could not start the run', message: err.message }),
    });

  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
      New job
    </Button>
  );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Each job is one batch of source records; every run maps and validates all of them.
        </Text>
        {newButton}
      </Group>
      <Paper withBorder radius="md">
        {jobs.isPending ? (
          <LoadingBlock label="Loading jobs…" />
        ) : jobs.isError ? (
          <ErrorBlock error={jobs.error} onRetry={() => void jobs.refetch()} />
        ) : jobs.data.items.length === 0 ? (
          <EmptyBlock icon={<IconListCheck size={22} />} title="No jobs yet">
            Add source records as a job to map them and to open the workshop on them.
            <Group justify="center" mt="sm">
              {newButton}
            </Group>
          </EmptyBlock>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" aria-label="Jobs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Job</Table.Th>
                  <Table.Th>Input</Table.Th>
                  <Table.Th ta="right">Records</Table.Th>
                  <Table.Th>Latest run</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {jobs.data.items.map((j) => (
                  <Table.Tr key={j.id}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/job?id=${j.id}`}
                        size="sm"
                        aria-label={`Job ${shortId(j.id)}`}
                      >
                        <Code>{shortId(j.id)}</Code>
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <JobInput job={j} />
                    </Table.Td>
                    <Table.Td ta="right">{formatCount(j.record_count)}</Table.Td>
                    <Table.Td>
                      {j.latest_result_id ? (
                        <ResultStatusBadge status={j.status} size="sm" />
                      ) : (
                        <Text size="sm" c="dimmed">
                          Not run
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {formatDate(j.created_at)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconPlayerPlay size={14} />}
                        onClick={() => runAgain(j.id)}
                        disabled={isRunning(j.status) && Boolean(j.latest_result_id)}
                        loading={run.isPending && run.variables === j.id}
                      >
                        {j.latest_result_id ? 'Run again' : 'Run'}
                        <VisuallyHidden> job {shortId(j.id)}</VisuallyHidden>
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {jobs.data && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {plural(jobs.data.total, 'job')}
          </Text>
          {jobs.data.pages > 1 && (
            <Pager total={jobs.data.pages} value={page} onChange={setPage} aria-label="Job pages" />
          )}
        </Group>
      )}
      <NewJobModal pipeline={pipeline} opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
