import { z } from 'zod';
import { defineTask, PermanentTaskError } from '../../jobs/worker.ts';
import * as repo from './connectors.repository.ts';
import { withConnectorOrganization } from './context.ts';
import { releaseEndedWrites } from './dataset/sync-datasets.repository.ts';
import { isPermanent, messageOf, runSync } from './sync-runner.ts';

export const SYNC_RUN_TASK = 'sync.run';

/**
 * Runs one sync run. The run row mirrors the task: a retryable failure leaves it `queued` with
 * the error until the last attempt; a cancel ends it `cancelled`; a worker stopping (or killed)
 * leaves it `running`, and the rerun resumes from its last committed checkpoint.
 */
export const syncRunTask = defineTask({
  kind: SYNC_RUN_TASK,
  payload: z.object({ runId: z.uuid() }),
  maxAttempts: 3,
  async handler({ app, payload, signal, task, progress }) {
    let orgId: string | undefined;
    // an ended run is never resumed: its writes into Mapwright datasets let go of their staged
    // files and checkpoints now (the blob sweep does it too, for a worker that died first)
    const ended = () =>
      releaseEndedWrites(app.db, { orgId, runId: payload.runId }).catch((err) =>
        app.log.error({ err, run: payload.runId }, 'releasing the sync run writes failed'),
      );
    try {
      // the run's organization: the dataset and file connectors reach its data, and only its
      orgId = (await repo.getRun(app.db, payload.runId))?.organizationId;
      const run = () => runSync(app, payload.runId, signal, progress);
      const counters = orgId ? await withConnectorOrganization(orgId, run) : await run();
      if (counters) await ended();
      return counters ? { ...counters } : { skipped: true };
    } catch (err) {
      const latest = await app.queue.get(task.id);
      if (latest?.cancelRequested) {
        await repo.updateRun(app.db, payload.runId, {
          status: 'cancelled',
          error: 'Cancelled',
          finishedAt: new Date(),
        });
        await ended();
        throw err;
      }
      // the worker is stopping: another one resumes the run
      if (signal.aborted) throw err;
      const message = messageOf(err);
      const last = isPermanent(err) || err instanceof PermanentTaskError || task.attempts >= task.maxAttempts;
      await repo.updateRun(
        app.db,
        payload.runId,
        last
          ? { status: 'failed', error: message, finishedAt: new Date() }
          : { status: 'queued', error: message },
      );
      if (last) await ended();
      throw last ? new PermanentTaskError(message) : err;
    }
  },
});
