import { z } from 'zod';
import { defineTask } from '../../jobs/worker.ts';
import { executeRun } from './runner.ts';
import * as runsRepo from './runs.repository.ts';

export const WORKFLOW_RUN_TASK = 'workflow.run';

/**
 * Runs one workflow run. A node's failure is the run's outcome (recorded on it), not the task's:
 * the task succeeds. A worker that stops mid-run leaves the run `running`; the next worker
 * resumes it, reusing the nodes that had finished.
 */
export const workflowRunTask = defineTask({
  kind: WORKFLOW_RUN_TASK,
  payload: z.object({ runId: z.uuid() }),
  maxAttempts: 3,
  async handler({ app, payload, signal, task }) {
    const run = await runsRepo.findRunById(app.db, payload.runId);
    if (!run || !['queued', 'running'].includes(run.status)) return { skipped: true };
    const done = await executeRun(app, run, {
      signal,
      deliver: run.trigger !== 'test',
      // cancelled by a user, or the worker is stopping (then another worker resumes the run)
      async onAbort() {
        const latest = await app.queue.get(task.id);
        return latest?.cancelRequested ? { status: 'cancelled', error: 'Cancelled' } : null;
      },
    });
    // the run is recorded as cancelled; the task ends cancelled too (the worker expects a throw)
    if (done?.status === 'cancelled' && signal.aborted) throw signal.reason;
    return { status: done?.status ?? 'gone' };
  },
});
