import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconFilterOff, IconListCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { JOBS_PAGE_SIZE, useJobs } from '../api/jobs.ts';
import { formatCount } from '../lib/format.ts';
import { filterOf, STATUS_FILTERS } from '../lib/status.ts';
import { JobTracker } from './job-tracker.tsx';
import { JobsTable } from './jobs-table.tsx';

/** /jobs: every job of the organization, newest first, filterable by status. Filter and page live in the URL. */
export function JobsPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get('status'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const jobs = useJobs(page, filter.statuses);

  const update = (next: { status?: string; page?: number }) => {
    const p = new URLSearchParams(params);
    if (next.status !== undefined) {
      if (next.status === 'all') p.delete('status');
      else p.set('status', next.status);
      p.delete('page'); // another filter is another list: back to its first page
    }
    if (next.page !== undefined) {
      if (next.page <= 1) p.delete('page');
      else p.set('page', String(next.page));
    }
    setParams(p, { replace: next.page === undefined });
  };

  const total = jobs.data?.total ?? 0;
  const first = (page - 1) * JOBS_PAGE_SIZE + 1;

  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[{ label: 'Home', to: '/dashboard' }, { label: 'General' }]}
        title="Jobs"
        description="Every run of a pipeline over a batch of records: progress, valid and quarantined records, retries."
        actions={<JobTracker />}
      />
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Select
          label="Status"
          data={STATUS_FILTERS.map((f) => ({ value: f.value, label: f.label }))}
          value={filter.value}
          onChange={(v) => update({ status: v ?? 'all' })}
          allowDeselect={false}
          w={220}
        />
        {jobs.data && total > 0 && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {formatCount(first)}–{formatCount(Math.min(total, first + jobs.data.items.length - 1))} of{' '}
            {formatCount(total)} jobs
          </Text>
        )}
      </Group>
      <Paper withBorder radius="md">
        {jobs.isPending ? (
          <LoadingBlock label="Loading jobs…" />
        ) : jobs.isError ? (
          <ErrorBlock error={jobs.error} onRetry={() => void jobs.refetch()} />
        ) : jobs.data.items.length === 0 ? (
          filter.value === 'all' ? (
            <EmptyBlock icon={<IconListCheck size={22} />} title="No jobs yet">
              A job runs a pipeline’s mapper over a batch of records — sent through the API, or from an
              import. Open a pipeline to start one.
              <Group justify="center" mt="sm">
                <Button
                  component={Link}
                  to="/pipelines"
                  variant="light"
                  rightSection={<IconArrowRight size={16} />}
                >
                  Go to Pipelines
                </Button>
              </Group>
            </EmptyBlock>
          ) : (
            <EmptyBlock
              icon={<IconFilterOff size={22} />}
              title={`No jobs are “${filter.label.toLowerCase()}”`}
            >
              <Group justify="center" mt="sm">
                <Button variant="light" onClick={() => update({ status: 'all' })}>
                  Show all jobs
                </Button>
              </Group>
            </EmptyBlock>
          )
        ) : (
          <JobsTable jobs={jobs.data.items} />
        )}
      </Paper>
      {jobs.data && jobs.data.pages > 1 && (
        <Pager
          total={jobs.data.pages}
          value={page}
          onChange={(p) => update({ page: p })}
          aria-label="Jobs pages"
        />
      )}
    </Stack>
  );
}
