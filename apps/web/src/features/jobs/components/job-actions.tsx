import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TJob, TResult } from '@mapwright/contracts';
import { IconPlayerStop, IconRefresh, IconRotateClockwise } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useCancelResult } from '../api/cancel-result.ts';
import { useRetryFailed } from '../api/retry-failed.ts';
import { useRunJob } from '../api/run-job.ts';
import { formatCount, plural } from '../lib/format.ts';
import { isOpen } from '../lib/status.ts';
import { DownloadsMenu } from './downloads-menu.tsx';
import { notify } from './notify.ts';

export interface TStartRun {
  run: () => void;
  isPending: boolean;
}

/** Runs the job again and shows the new run. */
export function useStartRun(job: TJob, showRun: (resultId: string) => void): TStartRun {
  const runJob = useRunJob();
  return {
    isPending: runJob.isPending,
    run: () =>
      runJob.mutate(job.id, {
        onSuccess: (r) => {
          showRun(r.id);
          notify({ color: 'blue', message: `Run started over ${plural(job.record_count, 'record')}.` });
        },
        onError: (err) => notify({ color: 'red', title: 'The job did not start', message: err.message }),
      }),
  };
}

/** Cancel (while it runs), re-run, retry the failed records, and the downloads. */
export function JobActions({
  job,
  run,
  baseName,
  start,
}: {
  job: TJob;
  run: TResult | undefined;
  baseName: string;
  start: TStartRun;
}) {
  const navigate = useNavigate();
  const cancel = useCancelResult();
  const retry = useRetryFailed();
  const open = run ? isOpen(run.status) : false;

  const confirmCancel = (r: TResult) =>
    modals.openConfirmModal({
      title: 'Cancel this run?',
      children: (
        <Text size="sm">
          {r.status === 'queued'
            ? 'The run has not started: it is taken off the queue.'
            : `${formatCount(r.processed)} of ${formatCount(r.total)} records are mapped so far; they stay readable and downloadable. The run cannot be resumed — re-run the job to start over.`}
        </Text>
      ),
      labels: { confirm: 'Cancel run', cancel: 'Keep running' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(r.id, {
          onSuccess: (next) =>
            notify({
              color: 'orange',
              message:
                next.status === 'cancelled'
                  ? 'Run cancelled.'
                  : 'The run is stopping after its current batch.',
            }),
          onError: (err) => notify({ color: 'red', title: 'Not cancelled', message: err.message }),
        }),
    });

  const confirmRetry = (r: TResult) =>
    modals.openConfirmModal({
      title: `Retry ${plural(r.failed, 'failed record')}?`,
      children: (
        <Text size="sm">
          A new job is created with only the {plural(r.failed, 'record')} that failed validation, and run with
          the pipeline’s current mapper. This run and its records stay as they are.
        </Text>
      ),
      labels: { confirm: 'Retry failed records', cancel: 'Not now' },
      onConfirm: () =>
        retry.mutate(r.id, {
          onSuccess: ({ job: next }) => {
            notify({
              color: 'blue',
              message: `A new job with ${plural(next.record_count, 'record')} is running.`,
            });
            navigate(`/job?id=${next.id}`);
          },
          onError: (err) => notify({ color: 'red', title: 'Not retried', message: err.message }),
        }),
    });

  return (
    <>
      {run && open && (
        <Button
          variant="light"
          color="red"
          leftSection={<IconPlayerStop size={16} />}
          onClick={() => confirmCancel(run)}
          loading={cancel.isPending}
        >
          Cancel run
        </Button>
      )}
      {run && !open && run.failed > 0 && (
        <Button
          variant="light"
          leftSection={<IconRotateClockwise size={16} />}
          onClick={() => confirmRetry(run)}
          loading={retry.isPending}
        >
          Retry failed records
        </Button>
      )}
      {/* a job that never ran offers "Run now" in the page body instead */}
      {run && !open && (
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          onClick={start.run}
          loading={start.isPending}
          disabled={job.record_count === 0}
        >
          Re-run
        </Button>
      )}
      <DownloadsMenu run={run} baseName={baseName} />
    </>
  );
}
