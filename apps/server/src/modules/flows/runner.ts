import type { TFlowDefinition, TFlowEdge, TFlowStep, TFlowStepRunStatus } from '@mapwright/contracts';
import type { AppContext, Principal } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { TaskRow } from '../../jobs/queue.ts';
import { PermanentTaskError } from '../../jobs/worker.ts';
import { releaseEndedSyncWrites } from '../connectors/dataset/org-datasets.ts';
import { type DatasetRow, findDataset } from '../datasets/datasets.service.ts';
import { driftOf } from './drift.ts';
import * as repo from './flows.repository.ts';
import { kindOf } from './kinds.ts';
import { type Ports, type RunContext, StepInputError } from './steps/types.ts';

/*
 * A run: the `flow.run` task starts it, then each step is its own durable `flow.step` task
 * (singleton key `<run>:<step>`), queued once every step feeding it is done, so independent
 * branches run side by side on as many workers as there are. Whoever finishes a step advances
 * the run: queues what became ready, skips what can no longer run, and ends the run when
 * nothing is left. Every write is guarded by the state it expects, so a step run twice (a
 * worker that died) or two steps finishing at once end the run once.
 */

export const FLOW_RUN_TASK = 'flow.run';
export const FLOW_STEP_TASK = 'flow.step';
const DONE: TFlowStepRunStatus[] = ['succeeded', 'reused'];
const FINAL_RUN = ['succeeded', 'failed', 'partial', 'cancelled'];

export interface Version {
  steps: TFlowStep[];
  edges: TFlowEdge[];
  outputs: Record<string, Ports>;
  inputs: Record<string, Ports>;
}

export function definitionOf(v: repo.FlowVersionRow): Version {
  const outputs = v.outputs as { outputs?: Record<string, Ports>; inputs?: Record<string, Ports> };
  return {
    steps: v.steps as unknown as TFlowStep[],
    edges: v.edges as unknown as TFlowEdge[],
    outputs: outputs.outputs ?? {},
    inputs: outputs.inputs ?? {},
  };
}

/** Every step reachable downstream of `from` (not included). */
export function downstreamOf(def: TFlowDefinition, from: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length) {
    const id = stack.pop()!;
    for (const e of def.edges)
      if (e.from === id && !seen.has(e.to)) {
        seen.add(e.to);
        stack.push(e.to);
      }
  }
  return seen;
}

export function upstreamOf(def: TFlowDefinition, of: string): Set<string> {
  const seen = new Set<string>();
  const stack = [of];
  while (stack.length) {
    const id = stack.pop()!;
    for (const e of def.edges)
      if (e.to === id && !seen.has(e.from)) {
        seen.add(e.from);
        stack.push(e.from);
      }
  }
  return seen;
}

export interface NewRun {
  orgId: string;
  flowId: string;
  version: number;
  trigger: 'manual' | 'schedule' | 'replay';
  preview: boolean;
  parentRunId?: string;
  scheduledFor?: Date;
  steps: Array<{ id: string; kind: string; status: TFlowStepRunStatus; reused?: repo.StepRunRow }>;
}

/** The run, its step rows and its `flow.run` task in one transaction: never a run with nothing to start it. */
export async function createRun(app: AppContext, r: NewRun, singletonKey?: string) {
  return app.db.transaction(async (tx) => {
    const run = await repo.insertRun(
      tx as unknown as Db,
      {
        organizationId: r.orgId,
        flowId: r.flowId,
        version: r.version,
        trigger: r.trigger,
        preview: r.preview,
        parentRunId: r.parentRunId ?? null,
        scheduledFor: r.scheduledFor ?? null,
      },
      r.steps.map((s) => ({
        stepId: s.id,
        organizationId: r.orgId,
        kind: s.kind,
        status: s.status,
        ...(s.reused
          ? {
              rowsIn: s.reused.rowsIn,
              rowsOut: s.reused.rowsOut,
              rowsRejected: s.reused.rowsRejected,
              outputDatasetId: s.reused.outputDatasetId,
              rejectedDatasetId: s.reused.rejectedDatasetId,
              reusedFromRunId: s.reused.reusedFromRunId ?? s.reused.runId,
              attempts: 0,
            }
          : {}),
      })),
    );
    if (!run) return undefined;
    await app.queue.enqueue(FLOW_RUN_TASK, { runId: run.id }, { orgId: r.orgId, tx, singletonKey });
    return run;
  });
}

async function versionOfRun(app: AppContext, run: repo.FlowRunRow) {
  const v = await repo.findVersion(app.db, run.flowId, run.version);
  if (!v) throw new PermanentTaskError('the flow version of this run is gone');
  return definitionOf(v);
}

/** Queues the steps whose inputs are all done, skips the ones that can no longer run, ends the run when nothing is left. */
export async function advance(app: AppContext, runId: string) {
  const run = await repo.getRun(app.db, runId);
  if (!run || FINAL_RUN.includes(run.status) || run.status === 'paused') return;
  const def = await versionOfRun(app, run);
  const steps = new Map((await repo.stepRuns(app.db, [runId])).map((s) => [s.stepId, s]));
  // a step below a failed, skipped or cancelled one cannot run
  let changed = true;
  while (changed) {
    changed = false;
    for (const s of steps.values()) {
      if (s.status !== 'pending') continue;
      const ins = def.edges.filter((e) => e.to === s.stepId).map((e) => steps.get(e.from)?.status);
      if (ins.some((st) => st === 'failed' || st === 'skipped' || st === 'cancelled')) {
        s.status = 'skipped';
        await repo.updateStepRun(app.db, runId, s.stepId, { status: 'skipped', finishedAt: new Date() });
        changed = true;
      }
    }
  }
  for (const s of steps.values()) {
    if (s.status !== 'pending') continue;
    const ready = def.edges
      .filter((e) => e.to === s.stepId)
      .every((e) => DONE.includes(steps.get(e.from)?.status as TFlowStepRunStatus));
    if (!ready) continue;
    const approved = (s.state as { approved?: boolean }).approved === true;
    const task = await app.queue.enqueue(
      FLOW_STEP_TASK,
      { runId, stepId: s.stepId },
      { orgId: run.organizationId, singletonKey: `${runId}:${s.stepId}${approved ? ':approved' : ''}` },
    );
    if (task) await repo.updateStepRun(app.db, runId, s.stepId, { taskId: task.id });
  }
  const statuses = [...steps.values()].map((s) => s.status);
  if (statuses.some((st) => ['pending', 'running', 'awaiting_approval'].includes(st))) return;
  const failed = statuses.includes('failed');
  const destinations = def.steps.filter((s) => s.kind === 'destination').map((s) => steps.get(s.id)?.status);
  const status = statuses.includes('cancelled')
    ? 'cancelled'
    : !failed
      ? 'succeeded'
      : destinations.some((st) => st === 'succeeded')
        ? 'partial'
        : 'failed';
  await repo.updateRun(app.db, runId, { status, finishedAt: new Date() });
  await releaseRunWrites(app, run);
}

/**
 * An ended run is never resumed: its destinations' writes into Mapwright datasets let go of their
 * staged files and checkpoints now, as a sync run's do (the blob sweep does it too, for a run
 * whose worker died first). A failure here is logged: the run has ended either way.
 */
export async function releaseRunWrites(app: AppContext, run: { id: string; organizationId: string }) {
  await releaseEndedSyncWrites(app, { orgId: run.organizationId, runId: run.id }).catch((err) =>
    app.log.error({ err, run: run.id }, 'releasing the flow run writes failed'),
  );
}

/**
 * The run acts for its organization: other modules' service functions scope what they read by
 * `orgId` (the caller who started the run was checked then; a scheduled run has no caller).
 */
const principalOf = (orgId: string): Principal => ({
  orgId,
  userId: '',
  roleId: '',
  role: 'owner',
  via: 'jwt',
});

/** Which kind of failure: bad settings or data will fail again; anything else may pass on a retry. */
function classify(err: unknown): { permanent: boolean; errorClass: string } {
  if (err instanceof StepInputError || err instanceof PermanentTaskError)
    return { permanent: true, errorClass: 'input' };
  return { permanent: false, errorClass: 'transient' };
}

/** `flow.step`: runs one step of one run (again, from the start, when a worker died on it). */
export async function runStep(
  app: AppContext,
  task: TaskRow,
  payload: { runId: string; stepId: string },
  signal: AbortSignal,
) {
  const run = await repo.getRun(app.db, payload.runId);
  if (!run || FINAL_RUN.includes(run.status)) return;
  const [sr] = (await repo.stepRuns(app.db, [run.id])).filter((s) => s.stepId === payload.stepId);
  if (!sr || !['pending', 'running'].includes(sr.status)) return advance(app, run.id);
  const def = await versionOfRun(app, run);
  const step = def.steps.find((s) => s.id === payload.stepId)!;
  const logs = [...(sr.logs as { at: string; level: string; message: string }[])];
  const log = (level: 'info' | 'warn' | 'error', message: string) =>
    logs.push({ at: new Date().toISOString(), level, message });
  const save = (values: Parameters<typeof repo.updateStepRun>[3]) =>
    repo.updateStepRun(app.db, run.id, step.id, { logs, ...values });
  log('info', `attempt ${task.attempts} started`);
  await save({
    status: 'running',
    attempts: task.attempts,
    startedAt: sr.startedAt ?? new Date(),
    error: null,
  });
  try {
    const p = principalOf(run.organizationId);
    if (step.kind === 'source') {
      const drift = await driftOf(app, p, def, step);
      if (drift.breaking) {
        log('warn', 'the source’s columns changed in a way a later step depends on: paused');
        await save({ status: 'awaiting_approval', finishedAt: new Date() });
        await repo.updateRun(app.db, run.id, {
          status: 'paused',
          pause: { kind: 'drift', step_id: step.id, diff: drift.diff },
        });
        return;
      }
      if (drift.diff.added.length || drift.diff.type_changed.length || drift.diff.removed.length)
        log('info', `columns changed, none that a later step uses: ${JSON.stringify(drift.diff)}`);
    }
    const inputs: Record<string, DatasetRow> = {};
    const all = new Map((await repo.stepRuns(app.db, [run.id])).map((s) => [s.stepId, s]));
    for (const e of def.edges.filter((x) => x.to === step.id)) {
      const up = all.get(e.from)!;
      const id = e.from_port === 'rejected' ? up.rejectedDatasetId : up.outputDatasetId;
      const ds = id ? await findDataset(app.db, run.organizationId, id) : undefined;
      if (!ds)
        throw new StepInputError(`the output of step "${e.from}" is gone (older than the flow's retention?)`);
      inputs[e.to_port] = ds;
    }
    const ctx: RunContext = {
      app,
      principal: p,
      runId: run.id,
      preview: run.preview,
      approved: (sr.state as { approved?: boolean }).approved === true,
      state: sr.state,
      saveState: async (values) => {
        sr.state = { ...sr.state, ...values };
        await save({ state: sr.state });
      },
      inputColumns: def.inputs[step.id] ?? {},
      outputColumns: def.outputs[step.id] ?? {},
      inputs,
      signal,
      log,
    };
    const res = await kindOf(step.kind)!.run(ctx, step as never);
    const counts = { rowsIn: res.rowsIn, rowsOut: res.rowsOut, rowsRejected: res.rowsRejected };
    if (res.pause) {
      await save({
        ...counts,
        status: 'awaiting_approval',
        state: { ...sr.state, ...res.state },
        finishedAt: new Date(),
      });
      await repo.updateRun(app.db, run.id, { status: 'paused', pause: { ...res.pause, step_id: step.id } });
      return;
    }
    log('info', `done: ${res.rowsIn} in, ${res.rowsOut} out, ${res.rowsRejected} rejected`);
    await save({
      ...counts,
      status: 'succeeded',
      finishedAt: new Date(),
      outputDatasetId: res.output?.id ?? null,
      rejectedDatasetId: res.rejected?.id ?? null,
      ...(res.state ? { state: { ...sr.state, ...res.state } } : {}),
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (signal.aborted) {
      await save({ status: 'cancelled', finishedAt: new Date() });
      throw err;
    }
    const { permanent, errorClass } = classify(err);
    const last = permanent || task.attempts >= task.maxAttempts;
    log(last ? 'error' : 'warn', `attempt ${task.attempts} failed: ${message}${last ? '' : ' (retrying)'}`);
    await save({
      status: last ? 'failed' : 'running',
      error: message,
      errorClass,
      ...(last ? { finishedAt: new Date() } : {}),
    });
    if (!last) throw err;
    await advance(app, run.id);
    throw new PermanentTaskError(message);
  }
  await advance(app, run.id);
}
