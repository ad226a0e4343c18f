import type { TFlowStep } from '@mapwright/contracts';
import type { AppContext } from '../../context.ts';
import { deleteDataset } from '../datasets/datasets.service.ts';
import { ticksBetween } from '../workflows/schedule.ts';
import * as repo from './flows.repository.ts';
import { createRun } from './runner.ts';

/*
 * Schedules as in workflows: each pass, every cron tick of an active flow since the last pass
 * gets one run (unique per flow and tick, so a second scheduler's insert is a no-op) whose task
 * is queued under the singleton key `flow:<id>:<tick>`. A tick found later than `missedAfterMs`
 * (no scheduler was running) is not run late. The retention sweep runs beside it.
 */

export const flowTickKey = (flowId: string, tick: Date) => `flow:${flowId}:${tick.toISOString()}`;
/** ticks looked at per flow and pass (older ones are dropped) */
const MAX_TICKS_PER_PASS = 20;
const DAY_MS = 86_400_000;
/** the retention sweep runs at most this often */
const SWEEP_EVERY_MS = 10 * 60_000;

export async function scheduleFlows(app: AppContext, now: Date, missedAfterMs = 60_000) {
  for (const f of await repo.scheduledFlows(app.db)) {
    try {
      if (f.scheduledThrough) {
        const { ticks } = ticksBetween(f.schedule!, f.timezone, f.scheduledThrough, now, MAX_TICKS_PER_PASS);
        const steps = (f.steps as unknown as TFlowStep[]).map((s) => ({
          id: s.id,
          kind: s.kind,
          status: 'pending' as const,
        }));
        for (const tick of ticks) {
          if (now.getTime() - tick.getTime() > missedAfterMs || !steps.length) continue;
          await createRun(
            app,
            {
              orgId: f.organizationId,
              flowId: f.id,
              version: f.version,
              trigger: 'schedule',
              preview: false,
              scheduledFor: tick,
              steps,
            },
            flowTickKey(f.id, tick),
          );
        }
      }
      await repo.advanceSchedule(app.db, f.id, now);
    } catch (err) {
      app.log.error({ err, flow: f.id }, 'scheduling a flow failed');
    }
  }
}

/**
 * Drops the outputs of runs older than their flow's retention_days (the rows, not the run's
 * record: its counts and logs stay). An output a newer run reuses is kept.
 */
export async function sweepOutputs(app: AppContext, now: Date) {
  let dropped = 0;
  for (const f of await repo.flowsWithRetention(app.db)) {
    const before = new Date(now.getTime() - f.retentionDays * DAY_MS);
    const expired = await repo.expiredOutputs(app.db, f.id, before);
    if (!expired.length) continue;
    const kept = await repo.datasetsUsedSince(app.db, f.id, before);
    const ids = new Set(
      expired.flatMap((s) => [s.outputDatasetId, s.rejectedDatasetId]).filter((id) => id !== null),
    );
    for (const id of ids) {
      if (kept.has(id)) continue;
      await deleteDataset(app, f.organizationId, id);
      dropped++;
    }
  }
  return dropped;
}

let lastSweep = 0;
/** The scheduler's pass: schedules, and now and then the retention sweep. */
export async function flowsPass(app: AppContext, now: Date, missedAfterMs?: number) {
  await scheduleFlows(app, now, missedAfterMs);
  if (now.getTime() - lastSweep >= SWEEP_EVERY_MS) {
    lastSweep = now.getTime();
    await sweepOutputs(app, now);
  }
}
