import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { defineTask } from '../../jobs/worker.ts';
import { sweepBlobs } from './blob-sweep.ts';

export const BLOB_SWEEP_TASK = 'blob.sweep';
const HOUR_MS = 3_600_000;

export const blobSweepTask = defineTask({
  kind: BLOB_SWEEP_TASK,
  payload: z.object({}),
  maxAttempts: 1,
  async handler({ app, signal }) {
    const report = await sweepBlobs(app, { graceMs: app.config.BLOB_SWEEP_GRACE_HOURS * HOUR_MS, signal });
    if (report.deleted || report.cacheFilesRemoved)
      app.log.info({ ...report }, 'blob sweep deleted files no row references');
    return { ...report };
  },
});

/** the hour each app last queued its sweep for (saves an insert every pass) */
const queuedFor = new WeakMap<AppContext, number>();
/**
 * The scheduler's pass: one sweep an hour, under a singleton key naming the hour, so however many
 * schedulers run only one sweep is queued (a failed one waits for the next hour).
 */
export async function scheduleBlobSweep(app: AppContext, now: Date) {
  const hour = Math.floor(now.getTime() / HOUR_MS);
  if (queuedFor.get(app) === hour) return;
  await app.queue.enqueue(
    BLOB_SWEEP_TASK,
    {},
    { singletonKey: `blob-sweep:${new Date(hour * HOUR_MS).toISOString()}` },
  );
  queuedFor.set(app, hour);
}
