import type { TWorkflowEdge, TWorkflowNode } from '@mapwright/contracts';
import type { AppContext } from '../../context.ts';
import { nodesToRun } from './graph.ts';
import { pendingNode, type RunGraph } from './runner.ts';
import * as runsRepo from './runs.repository.ts';
import { enqueueRun } from './runs.service.ts';
import { ticksBetween } from './schedule.ts';
import * as repo from './workflows.repository.ts';

/*
 * One scheduler pass over one active workflow: every cron tick since the last pass gets exactly
 * one run row (unique per workflow and tick, so a second scheduler's insert is a no-op) and its
 * task is queued under the singleton key `workflow:<id>:<tick>`. A tick found more than
 * `missedAfterMs` late (the scheduler was down) is recorded as a `missed` run instead.
 */

/** missed ticks recorded per pass; older ones are counted in the oldest one's message */
export const MAX_MISSED_PER_PASS = 20;

export const tickKey = (workflowId: string, tick: Date) => `workflow:${workflowId}:${tick.toISOString()}`;

export async function scheduleWorkflow(
  ctx: AppContext,
  w: repo.WorkflowRow,
  now: Date,
  missedAfterMs: number,
): Promise<{ queued: number; missed: number }> {
  if (!w.scheduledThrough) {
    await repo.advanceSchedule(ctx.db, w.id, now);
    return { queued: 0, missed: 0 };
  }
  const { ticks, dropped } = ticksBetween(
    w.syncFrequency,
    w.timezone,
    w.scheduledThrough,
    now,
    MAX_MISSED_PER_PASS + 1,
  );
  const graph: RunGraph = {
    nodes: w.nodes as unknown as TWorkflowNode[],
    edges: w.edges as unknown as TWorkflowEdge[],
    sourceApp: w.sourceApp,
  };
  let queued = 0;
  let missed = 0;
  for (const [i, tick] of ticks.entries()) {
    const late = now.getTime() - tick.getTime() > missedAfterMs;
    const earlier = i === 0 && dropped > 0 ? ` (and ${dropped.toLocaleString('en-US')} earlier ticks)` : '';
    const run = await runsRepo.insertTickRun(ctx.db, {
      organizationId: w.organizationId,
      workflowId: w.id,
      workflowVersion: w.version,
      trigger: 'schedule',
      scheduledFor: tick,
      graph: graph as never,
      ...(late
        ? {
            status: 'missed',
            nodes: [],
            error: `Missed: no scheduler was running at ${tick.toISOString()}${earlier}`,
            finishedAt: now,
          }
        : { status: 'queued', nodes: nodesToRun(graph, null).map(pendingNode) as never }),
    });
    if (!run) continue;
    if (late) missed++;
    else {
      await enqueueRun(ctx, run, tickKey(w.id, tick));
      queued++;
    }
  }
  await repo.advanceSchedule(ctx.db, w.id, now);
  return { queued, missed };
}

/** Queued runs a scheduler recorded but stopped before queueing: queue them now (same keys). */
export async function repairOrphans(ctx: AppContext, now: Date) {
  for (const run of await runsRepo.orphanRuns(ctx.db, new Date(now.getTime() - 30_000)))
    await enqueueRun(ctx, run, run.scheduledFor ? tickKey(run.workflowId, run.scheduledFor) : undefined);
}
