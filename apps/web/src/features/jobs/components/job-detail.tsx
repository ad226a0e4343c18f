import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import type { TJob, TResult } from '@mapwright/contracts';
import { IconAlertCircle, IconListCheck, IconPlayerPlay } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { JobInput } from '../../../components/ui/job-input.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { ApiError } from '../../../lib/http.ts';
import { useJob } from '../api/job.ts';
import { useJobResults } from '../api/job-results.ts';
import { jobsKey } from '../api/keys.ts';
import { usePipeline } from '../api/pipeline.ts';
import { useResult } from '../api/result.ts';
import { formatCount, formatDateTime, shortId } from '../lib/format.ts';
import { asRunStatus, isOpen, STATUS_LABELS } from '../lib/status.ts';
import { JobActions, useStartRun } from './job-actions.tsx';
import { RunProgress, RunSummary } from './run-progress.tsx';
import { RunTabs } from './run-tabs.tsx';
import { StatusBadge } from './status-badge.tsx';
import './styles.ts';

/** /job?id=: one job, one of its runs (the latest unless ?run= names another) in detail. */
export function JobDetail({ id }: { id: string | null }) {
  const job = useJob(id ?? '');
  if (!id)
    return (
      <Paper withBorder radius="md">
        <EmptyBlock icon={<IconListCheck size={22} />} title="No job selected">
          Pick a job from the list to see its progress, errors and records.
          <Group justify="center" mt="sm">
            <Button component={Link} to="/jobs" variant="light">
              Go to Jobs
            </Button>
          </Group>
        </EmptyBlock>
      </Paper>
    );
  if (job.isPending) return <LoadingBlock label="Loading job…" />;
  if (job.isError)
    return job.error instanceof ApiError && job.error.status === 404 ? (
      <Paper withBorder radius="md">
        <EmptyBlock icon={<IconListCheck size={22} />} title="This job does not exist">
          It may have been deleted with its pipeline.{' '}
          <Anchor component={Link} to="/jobs">
            See all jobs
          </Anchor>
          .
        </EmptyBlock>
      </Paper>
    ) : (
      <ErrorBlock error={job.error} onRetry={() => void job.refetch()} />
    );
  return <JobView job={job.data} />;
}

function JobView({ job }: { job: TJob }) {
  const [params, setParams] = useSearchParams();
  const runId = params.get('run') ?? job.latest_result_id;
  const pipeline = usePipeline(job.pipeline_id);
  const runs = useJobResults(job.id);
  const result = useResult(runId);
  const qc = useQueryClient();
  const pipelineName = pipeline.data?.name ?? (pipeline.isError ? 'Deleted pipeline' : 'Pipeline');

  const showRun = (id: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('run', id);
      next.delete('tab');
      return next;
    });
  const start = useStartRun(job, showRun);

  // a run that ends changes the job's status and the run list: fetch them again once
  const wasOpen = useRef(false);
  const open = result.data ? isOpen(result.data.status) : false;
  useEffect(() => {
    if (wasOpen.current && !open) void qc.invalidateQueries({ queryKey: jobsKey });
    wasOpen.current = open;
  }, [open, qc]);

  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[
          { label: 'Home', to: '/dashboard' },
          { label: 'Jobs', to: '/jobs' },
        ]}
        title={`${pipelineName} · job ${shortId(job.id)}`}
        badge={<StatusBadge status={result.data?.status ?? job.status} size="lg" />}
        description={<JobFacts job={job} run={result.data} pipelineName={pipelineName} />}
        actions={
          <JobActions
            job={job}
            run={result.data}
            baseName={`${pipelineName}-${shortId(job.id)}`}
            start={start}
          />
        }
      />
      {(runs.data?.items.length ?? 0) > 1 && (
        <Select
          label="Run"
          w={{ base: '100%', xs: 380 }}
          value={runId}
          allowDeselect={false}
          onChange={(v) => v && showRun(v)}
          data={(runs.data?.items ?? []).map((r, i, all) => ({
            value: r.id,
            label: `Run ${all.length - i} · ${formatDateTime(r.created_at)} · ${STATUS_LABELS[asRunStatus(r.status)]}`,
          }))}
        />
      )}
      {!runId ? (
        <Paper withBorder radius="md">
          <EmptyBlock icon={<IconPlayerPlay size={22} />} title="This job has not run yet">
            Its {formatCount(job.record_count)} records wait for a run with the pipeline’s mapper.
            <Group justify="center" mt="sm">
              <Button
                leftSection={<IconPlayerPlay size={16} />}
                onClick={start.run}
                loading={start.isPending}
              >
                Run now
              </Button>
            </Group>
          </EmptyBlock>
        </Paper>
      ) : result.isPending ? (
        <LoadingBlock label="Loading the run…" />
      ) : result.isError ? (
        <ErrorBlock error={result.error} onRetry={() => void result.refetch()} />
      ) : (
        <RunView run={result.data} job={job} />
      )}
    </Stack>
  );
}

function JobFacts({ job, run, pipelineName }: { job: TJob; run: TResult | undefined; pipelineName: string }) {
  return (
    <Group gap={6} wrap="wrap" fz="sm">
      <span>Pipeline</span>
      <Anchor component={Link} to={`/pipelines/${job.pipeline_id}`} size="sm">
        {pipelineName}
      </Anchor>
      <span aria-hidden>·</span>
      <span>Created {formatDateTime(job.created_at)}</span>
      <span aria-hidden>·</span>
      <JobInput job={job} long />
      {run && (
        <>
          <span aria-hidden>·</span>
          <span>
            {run.mapper_version ? `Mapper v${run.mapper_version}` : 'Suggested mapping (no mapper deployed)'}
            {run.workshop_id ? ' · workshop run' : ''}
          </span>
        </>
      )}
    </Group>
  );
}

function RunView({ run, job }: { run: TResult; job: TJob }) {
  return (
    <Stack gap="lg">
      {isOpen(run.status) && <RunProgress run={run} />}
      {run.status === 'failed' && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="The run failed">
          <Text size="sm">
            {run.error ?? 'The worker stopped before the run finished. Re-run the job to try again.'}
          </Text>
        </Alert>
      )}
      {run.status === 'cancelled' && (
        <Alert color="orange" icon={<IconAlertCircle size={18} />} title="The run was cancelled">
          <Text size="sm">
            {run.processed
              ? `${formatCount(run.processed)} of ${formatCount(run.total)} records were mapped before it stopped; they stay readable and downloadable.`
              : 'It stopped before any record was mapped.'}
          </Text>
        </Alert>
      )}
      <RunSummary run={run} />
      <RunTabs run={run} jobId={job.id} />
    </Stack>
  );
}
