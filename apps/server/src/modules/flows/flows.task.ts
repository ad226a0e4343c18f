import { z } from 'zod';
import { defineTask } from '../../jobs/worker.ts';
import * as repo from './flows.repository.ts';
import { advance, FLOW_RUN_TASK, FLOW_STEP_TASK, runStep } from './runner.ts';

/** `flow.run`: marks the run started and queues its first steps. */
export const flowRunTask = defineTask({
  kind: FLOW_RUN_TASK,
  payload: z.object({ runId: z.uuid() }),
  async handler({ app, payload }) {
    const run = await repo.getRun(app.db, payload.runId);
    if (!run) return undefined;
    if (run.status === 'queued')
      await repo.updateRun(app.db, run.id, { status: 'running', startedAt: new Date() });
    await advance(app, run.id);
    return undefined;
  },
});

/** `flow.step`: one step of one run; a failed attempt is retried by the queue (3 attempts). */
export const flowStepTask = defineTask({
  kind: FLOW_STEP_TASK,
  payload: z.object({ runId: z.uuid(), stepId: z.string() }),
  maxAttempts: 3,
  async handler({ app, task, payload, signal }) {
    await runStep(app, task, payload, signal);
    return undefined;
  },
});
