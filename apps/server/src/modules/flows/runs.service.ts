import type { TFlowStepRunStatus } from '@mapwright/contracts';
import type { AppContext, Principal } from '../../context.ts';
import { conflict, FieldError, notFound } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/pagination.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import { findDataset, readDatasetRecordsJson } from '../datasets/datasets.service.ts';
import * as repo from './flows.repository.ts';
import { loadFlow } from './flows.service.ts';
import {
  advance,
  createRun,
  definitionOf,
  downstreamOf,
  type NewRun,
  releaseRunWrites,
  upstreamOf,
} from './runner.ts';
import { runDto } from './runs.dto.ts';

const SAMPLE_ROWS = 50;

async function versionOf(ctx: AppContext, flowId: string, version: number) {
  const v = await repo.findVersion(ctx.db, flowId, version);
  if (!v) throw notFound('Flow version not found');
  return definitionOf(v);
}

async function loadRun(ctx: AppContext, p: Principal, flowId: string, runId: string) {
  await loadFlow(ctx, p.orgId, flowId);
  const run = await repo.findRun(ctx.db, p.orgId, flowId, runId);
  if (!run) throw notFound('Flow run not found');
  return run;
}

export async function getRun(ctx: AppContext, p: Principal, flowId: string, runId: string) {
  const run = await loadRun(ctx, p, flowId, runId);
  const def = await versionOf(ctx, flowId, run.version);
  return runDto(run, await repo.stepRuns(ctx.db, [run.id]), { steps: def.steps, edges: def.edges });
}

export async function listRuns(
  ctx: AppContext,
  p: Principal,
  flowId: string,
  q: { page: number; size: number },
) {
  await loadFlow(ctx, p.orgId, flowId);
  const { rows, total } = await repo.listRuns(ctx.db, p.orgId, flowId, {
    offset: offsetOf(q.page, q.size),
    limit: q.size,
  });
  const steps = await repo.stepRuns(
    ctx.db,
    rows.map((r) => r.id),
  );
  const defs = new Map<number, Awaited<ReturnType<typeof versionOf>>>();
  for (const v of new Set(rows.map((r) => r.version))) defs.set(v, await versionOf(ctx, flowId, v));
  const items = rows.map((r) => {
    const d = defs.get(r.version)!;
    return runDto(
      r,
      steps.filter((s) => s.runId === r.id),
      { steps: d.steps, edges: d.edges },
    );
  });
  return pageOf(items, total, q.page, q.size);
}

/** A run of the flow's current version: every step pending. */
export async function startRun(ctx: AppContext, p: Principal, flowId: string, body: { preview: boolean }) {
  assertCanWrite(p);
  const flow = await loadFlow(ctx, p.orgId, flowId);
  const def = await versionOf(ctx, flowId, flow.version);
  if (!def.steps.length) throw conflict('This flow has no steps to run');
  const run = await createRun(ctx, {
    orgId: p.orgId,
    flowId,
    version: flow.version,
    trigger: 'manual',
    preview: body.preview,
    steps: def.steps.map((s) => ({ id: s.id, kind: s.kind, status: 'pending' })),
  });
  return getRun(ctx, p, flowId, run!.id);
}

/**
 * A replay: a new run of the parent's version where `again` (and everything downstream of it)
 * runs and every other step that ran before is `reused` — it points at the parent's outputs,
 * so nothing upstream is read a second time. Steps in neither set are `skipped`.
 */
async function replay(
  ctx: AppContext,
  p: Principal,
  parent: repo.FlowRunRow,
  again: Set<string>,
  opts: { only?: boolean } = {},
) {
  assertCanWrite(p);
  const def = await versionOf(ctx, parent.flowId, parent.version);
  const before = new Map((await repo.stepRuns(ctx.db, [parent.id])).map((s) => [s.stepId, s]));
  const runs = opts.only ? again : new Set([...again, ...downstreamOf(def, [...again])]);
  const steps: NewRun['steps'] = def.steps.map((s) => {
    if (runs.has(s.id)) return { id: s.id, kind: s.kind, status: 'pending' as TFlowStepRunStatus };
    const old = before.get(s.id);
    const needed = [...runs].some((r) => upstreamOf(def, r).has(s.id));
    if (needed && !(old && ['succeeded', 'reused'].includes(old.status) && old.outputDatasetId))
      throw conflict(`Step "${s.id}" has no output in that run to reuse: run it again too`);
    return needed || (old && ['succeeded', 'reused'].includes(old.status))
      ? { id: s.id, kind: s.kind, status: 'reused' as TFlowStepRunStatus, reused: old }
      : { id: s.id, kind: s.kind, status: 'skipped' as TFlowStepRunStatus };
  });
  const run = await createRun(ctx, {
    orgId: p.orgId,
    flowId: parent.flowId,
    version: parent.version,
    trigger: 'replay',
    preview: parent.preview,
    parentRunId: parent.id,
    steps,
  });
  return getRun(ctx, p, parent.flowId, run!.id);
}

const FINISHED = ['succeeded', 'failed', 'partial', 'cancelled'];

/** The failed (and cancelled) steps and everything below them run again; the rest is reused. */
export async function retryRun(ctx: AppContext, p: Principal, flowId: string, runId: string) {
  const parent = await loadRun(ctx, p, flowId, runId);
  if (!FINISHED.includes(parent.status))
    throw conflict(`This run is ${parent.status}: retry it once it has ended`);
  const failed = (await repo.stepRuns(ctx.db, [runId])).filter((s) =>
    ['failed', 'cancelled'].includes(s.status),
  );
  if (!failed.length) throw conflict('No step of this run failed: nothing to retry');
  return replay(ctx, p, parent, new Set(failed.map((s) => s.stepId)));
}

function stepOf(def: { steps: { id: string }[] }, stepId: string, loc: (string | number)[]) {
  if (!def.steps.some((s) => s.id === stepId))
    throw new FieldError(loc, `there is no step "${stepId}" in this flow version`);
}

/** That step and everything downstream run again on the upstream outputs of the run. */
export async function rerunFrom(ctx: AppContext, p: Principal, flowId: string, runId: string, from: string) {
  const parent = await loadRun(ctx, p, flowId, runId);
  if (!FINISHED.includes(parent.status))
    throw conflict(`This run is ${parent.status}: re-run it once it has ended`);
  stepOf(await versionOf(ctx, flowId, parent.version), from, ['body', 'from_step']);
  return replay(ctx, p, parent, new Set([from]));
}

/** One step alone, on the inputs it had in that run. */
export async function runOneStep(
  ctx: AppContext,
  p: Principal,
  flowId: string,
  runId: string,
  stepId: string,
) {
  const parent = await loadRun(ctx, p, flowId, runId);
  if (!FINISHED.includes(parent.status))
    throw conflict(`This run is ${parent.status}: run a step of it once it has ended`);
  stepOf(await versionOf(ctx, flowId, parent.version), stepId, ['path', 'stepId']);
  return replay(ctx, p, parent, new Set([stepId]), { only: true });
}

/** Commits the destination that stopped at its write preview. */
export async function approveRun(ctx: AppContext, p: Principal, flowId: string, runId: string) {
  assertCanWrite(p);
  const run = await loadRun(ctx, p, flowId, runId);
  const pause = run.pause as { kind?: string; step_id?: string } | null;
  if (run.status !== 'paused' || !pause)
    throw conflict(`This run is ${run.status}: there is nothing to approve`);
  if (pause.kind === 'drift')
    throw conflict(
      'A source’s columns changed under a step that reads them: re-map in the workshop, save the flow and run it again',
    );
  const [sr] = (await repo.stepRuns(ctx.db, [run.id])).filter((s) => s.stepId === pause.step_id);
  await repo.updateStepRun(ctx.db, run.id, pause.step_id!, {
    status: 'pending',
    state: { ...sr!.state, approved: true },
  });
  await repo.updateRun(ctx.db, run.id, { status: 'running', pause: null });
  await advance(ctx, run.id);
  return getRun(ctx, p, flowId, runId);
}

export async function cancelRun(ctx: AppContext, p: Principal, flowId: string, runId: string) {
  assertCanWrite(p);
  const run = await loadRun(ctx, p, flowId, runId);
  if (FINISHED.includes(run.status))
    throw conflict(`This run has already ${run.status === 'cancelled' ? 'been cancelled' : 'ended'}`);
  for (const s of await repo.stepRuns(ctx.db, [run.id])) {
    if (!['pending', 'running', 'awaiting_approval'].includes(s.status)) continue;
    if (s.taskId) await ctx.queue.cancel(s.taskId);
    await repo.updateStepRun(ctx.db, run.id, s.stepId, { status: 'cancelled', finishedAt: new Date() });
  }
  await repo.updateRun(ctx.db, run.id, { status: 'cancelled', pause: null, finishedAt: new Date() });
  await releaseRunWrites(ctx, run);
  return getRun(ctx, p, flowId, runId);
}

/** The first rows a step put on a port in that run. */
export async function stepSample(
  ctx: AppContext,
  p: Principal,
  flowId: string,
  runId: string,
  stepId: string,
  port: 'out' | 'rejected',
) {
  await loadRun(ctx, p, flowId, runId);
  const [sr] = (await repo.stepRuns(ctx.db, [runId])).filter((s) => s.stepId === stepId);
  if (!sr) throw notFound('Step not found in this run');
  const id = port === 'rejected' ? sr.rejectedDatasetId : sr.outputDatasetId;
  const ds = id ? await findDataset(ctx.db, p.orgId, id) : undefined;
  if (!ds) return { columns: [], rows: [], total: 0 };
  const rows = JSON.parse(await readDatasetRecordsJson(ctx, ds, 0, SAMPLE_ROWS)) as Record<string, unknown>[];
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r ?? {})))];
  return { columns, rows, total: ds.rowCount };
}
