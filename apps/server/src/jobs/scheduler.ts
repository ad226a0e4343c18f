import type { AppContext } from '../context.ts';
import { scheduleSyncs } from '../modules/connectors/syncs.service.ts';
import { flowsPass } from '../modules/flows/scheduling.ts';
import { scheduleBlobSweep } from '../modules/storage/blob-sweep.task.ts';
import { repairOrphans, scheduleWorkflow } from '../modules/workflows/scheduling.ts';
import { activeWorkflows } from '../modules/workflows/workflows.repository.ts';

export interface SchedulerOptions {
  /** how often due ticks are looked for (default 1 s: second-level crons stay on time) */
  pollMs?: number;
  /** a tick found later than this is recorded as missed instead of run (default 60 s) */
  missedAfterMs?: number;
  /** tests move time */
  now?: () => Date;
}

/**
 * The workflow scheduler, run beside the worker (ROLE=all or worker). Any number of them may
 * run against one database: each tick's run is unique in the database and its task is queued
 * under a singleton key, so a tick never runs twice.
 */
export function startScheduler(ctx: AppContext, opts: SchedulerOptions = {}) {
  const { pollMs = 1000, missedAfterMs = 60_000, now = () => new Date() } = opts;
  const stopping = new AbortController();

  async function pass() {
    const at = now();
    for (const w of await activeWorkflows(ctx.db)) {
      try {
        await scheduleWorkflow(ctx, w, at, missedAfterMs);
      } catch (err) {
        ctx.log.error({ err, workflow: w.id }, 'scheduling a workflow failed');
      }
    }
    await repairOrphans(ctx, at);
    await scheduleSyncs(ctx, at).catch((err) => ctx.log.error({ err }, 'scheduling syncs failed'));
    await flowsPass(ctx, at, missedAfterMs).catch((err) => ctx.log.error({ err }, 'scheduling flows failed'));
    await scheduleBlobSweep(ctx, at).catch((err) =>
      ctx.log.error({ err }, 'scheduling the blob sweep failed'),
    );
  }

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      await pass().catch((err) => ctx.log.error({ err }, 'scheduler pass failed'));
      if (stopping.signal.aborted) break;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          stopping.signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, pollMs);
        stopping.signal.addEventListener('abort', done, { once: true });
      });
    }
  })();

  return {
    /** one pass now (tests) */
    pass,
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}
