import type {
  TMappingSpec,
  TNodeRun,
  TWorkflowEdge,
  TWorkflowNode,
  ZRunListQuery,
  ZTestRunRequest,
} from '@mapwright/contracts';
import type { JsonSchema } from '@mapwright/engine';
import type { z } from 'zod';
import type { AppContext, Principal } from '../../context.ts';
import { AppError, conflict, FieldError, notFound } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/pagination.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import { checkTargetSchema } from '../target-schemas/schema-check.ts';
import { recordUsage } from '../usage/usage.service.ts';
import { runDto, runListItem } from './dto.ts';
import { suggestFinalMapping } from './final-node.ts';
import {
  checkGraph,
  checkGraphShape,
  checkReferences,
  incoming,
  nodesToRun,
  topologicalOrder,
} from './graph.ts';
import { WORKFLOW_RUN_TASK } from './run.task.ts';
import { executeRun, pendingNode, type RunGraph } from './runner.ts';
import * as runsRepo from './runs.repository.ts';
import type { WorkflowRow } from './workflows.repository.ts';
import { findOrThrow } from './workflows.service.ts';

/** A test run answers within this, or stops and reports what it had. */
export const TEST_TIME_LIMIT_MS = 60_000;
/** Test runs execute inside the request: their cancel switch lives here. */
const liveTests = new Map<string, AbortController>();

const graphOf = (w: WorkflowRow): RunGraph => ({
  nodes: w.nodes as unknown as TWorkflowNode[],
  edges: w.edges as unknown as TWorkflowEdge[],
  sourceApp: w.sourceApp,
});

/** The saved graph must pass every rule before it runs. */
function runnable(w: WorkflowRow): RunGraph {
  const g = graphOf(w);
  if (g.nodes.length === 0)
    throw new AppError(422, 'The workflow has no nodes yet: add an endpoint node and a final node');
  checkGraph(g, ['workflow']);
  return g;
}

/** Queues the run's task; `key` makes a second enqueue of the same run or tick a no-op. */
export async function enqueueRun(ctx: AppContext, run: runsRepo.RunRow, key = `workflow-run:${run.id}`) {
  const task = await ctx.queue.enqueue(
    WORKFLOW_RUN_TASK,
    { runId: run.id },
    { orgId: run.organizationId, singletonKey: key, maxAttempts: 3 },
  );
  await recordUsage(ctx, {
    orgId: run.organizationId,
    kind: 'workflow_runs',
    userId: run.createdBy,
    key: `workflow_runs:${run.id}`,
  });
  if (task) return runsRepo.updateRun(ctx.db, run.id, { taskId: task.id });
  return run;
}

export async function startRun(ctx: AppContext, p: Principal, workflowId: string) {
  const w = await findOrThrow(ctx, p, workflowId);
  assertCanWrite(p);
  const graph = runnable(w);
  const run = await runsRepo.insertRun(ctx.db, {
    organizationId: p.orgId,
    workflowId,
    workflowVersion: w.version,
    trigger: 'manual',
    graph: graph as never,
    nodes: nodesToRun(graph, null).map(pendingNode) as never,
    createdBy: p.userId,
  });
  return runDto((await enqueueRun(ctx, run))!);
}

/** Runs the graph (or one node and what it needs) inside the request, stored with trigger `test`. */
export async function testRun(
  ctx: AppContext,
  p: Principal,
  workflowId: string,
  body: z.output<typeof ZTestRunRequest>,
) {
  const w = await findOrThrow(ctx, p, workflowId);
  assertCanWrite(p);
  const graph: RunGraph = body.nodes
    ? { nodes: body.nodes, edges: body.edges ?? [], sourceApp: w.sourceApp }
    : graphOf(w);
  const loc = body.nodes ? ['body'] : ['workflow'];
  if (graph.nodes.length === 0)
    throw new AppError(422, 'The workflow has no nodes yet: add an endpoint node first');
  if (body.nodeId) {
    checkGraphShape(graph, loc);
    if (!graph.nodes.some((n) => n.id === body.nodeId))
      throw new FieldError(['body', 'nodeId'], `no node has the id '${body.nodeId}'`);
    if (!topologicalOrder(graph)) throw new FieldError([...loc, 'edges'], 'the graph has a cycle');
    checkReferences(graph, loc);
  } else checkGraph(graph, loc);
  const targetNodeId = body.nodeId ?? null;
  const run = await runsRepo.insertRun(ctx.db, {
    organizationId: p.orgId,
    workflowId,
    workflowVersion: w.version,
    trigger: 'test',
    graph: graph as never,
    targetNodeId,
    nodes: nodesToRun(graph, targetNodeId).map(pendingNode) as never,
    createdBy: p.userId,
  });
  const stop = new AbortController();
  liveTests.set(run.id, stop);
  try {
    const done = await executeRun(ctx, run, {
      signal: AbortSignal.any([stop.signal, AbortSignal.timeout(TEST_TIME_LIMIT_MS)]),
      deliver: false,
      onAbort: async () =>
        stop.signal.aborted
          ? { status: 'cancelled', error: 'Cancelled' }
          : {
              status: 'failed',
              error: `the test run took longer than ${TEST_TIME_LIMIT_MS / 1000} s and was stopped`,
            },
    });
    return runDto(done ?? run);
  } finally {
    liveTests.delete(run.id);
  }
}

export async function listRuns(
  ctx: AppContext,
  p: Principal,
  q: z.output<typeof ZRunListQuery>,
  workflowId?: string,
) {
  if (workflowId) await findOrThrow(ctx, p, workflowId);
  const statuses = q.status
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const { rows, total } = await runsRepo.listRuns(ctx.db, p.orgId, {
    workflowId: workflowId ?? q.workflowId,
    statuses,
    limit: q.size,
    offset: offsetOf(q.page, q.size),
  });
  return pageOf(
    rows.map((r) => runListItem(r.run, r.workflowName)),
    total,
    q.page,
    q.size,
  );
}

async function runOrThrow(ctx: AppContext, p: Principal, id: string) {
  const run = await runsRepo.findRun(ctx.db, p.orgId, id);
  if (!run) throw notFound('Run not found');
  return run;
}

export const getRun = async (ctx: AppContext, p: Principal, id: string) =>
  runDto(await runOrThrow(ctx, p, id));

/**
 * What the engine would map from a run's gathered data onto a final schema (the run's own, or one
 * being edited): shown on the final node, where it can be pinned and edited.
 */
export async function suggestRunMapping(
  ctx: AppContext,
  p: Principal,
  id: string,
  body: { finalSchema?: Record<string, unknown> },
) {
  const run = await runOrThrow(ctx, p, id);
  const graph = run.graph as unknown as RunGraph;
  const final = graph.nodes.find((n) => n.type === 'final');
  const raw = body.finalSchema ?? final?.data.finalSchema;
  if (!raw)
    throw new FieldError(['body', 'finalSchema'], 'the run has no final node: give the schema to map onto');
  const schema = checkTargetSchema(raw, ['body', 'finalSchema']) as JsonSchema;
  const ids = graph.nodes.filter((n) => n.type === 'custom').map((n) => n.id);
  const outputs = await runsRepo.nodeOutputs(ctx.db, run.id, ids);
  if (outputs.size === 0)
    throw conflict('This run has no node data to map yet: run the endpoint nodes first');
  // the engine's spec is the contract's mapping spec (its transforms are the open record there)
  return {
    mapping: suggestFinalMapping(schema, outputs) as unknown as TMappingSpec,
    nodes: [...outputs.keys()],
  };
}

/** A queued run is cancelled at once; a running one is asked to stop and ends `cancelled` shortly. */
export async function cancelRun(ctx: AppContext, p: Principal, id: string) {
  const run = await runOrThrow(ctx, p, id);
  assertCanWrite(p);
  if (run.status === 'queued') {
    await runsRepo.transitionRun(ctx.db, id, ['queued'], {
      status: 'cancelled',
      error: 'Cancelled',
      finishedAt: new Date(),
    });
    if (run.taskId) await ctx.queue.cancel(run.taskId);
  } else if (run.status === 'running') {
    const live = liveTests.get(id);
    if (live) live.abort(new Error('cancelled'));
    else if (run.taskId) await ctx.queue.cancel(run.taskId);
  } else {
    throw conflict(`The run has already ended (${run.status})`);
  }
  return runDto((await runsRepo.findRun(ctx.db, p.orgId, id))!);
}

/** Same node, same settings, same inputs: its earlier output is still right. */
const definitionOf = (g: RunGraph, id: string) => {
  const node = g.nodes.find((n) => n.id === id);
  if (!node) return null;
  const { position: _p, ...rest } = node;
  return JSON.stringify([rest, g.sourceApp, [...(incoming(g).get(id) ?? [])].sort()]);
};

/**
 * A new run of the workflow as saved now. From 'failed', nodes that succeeded in the earlier run
 * and are unchanged, with unchanged inputs, are not called again: their stored output is reused.
 */
export async function retryRun(ctx: AppContext, p: Principal, id: string, from: 'failed' | 'start') {
  const src = await runOrThrow(ctx, p, id);
  assertCanWrite(p);
  if (src.status === 'queued' || src.status === 'running') throw conflict('The run has not ended yet');
  if (from === 'failed' && src.status !== 'failed' && src.status !== 'cancelled')
    throw conflict(
      `Only a failed or cancelled run can be retried from the failed node (this one is ${src.status}); retry from the start`,
    );
  const w = await findOrThrow(ctx, p, src.workflowId);
  const srcGraph = src.graph as unknown as RunGraph;
  // a test run may have tested an unsaved graph: retry that one
  const graph = src.trigger === 'test' ? srcGraph : runnable(w);
  const order = nodesToRun(graph, src.targetNodeId);
  const before = new Map(((src.nodes ?? []) as unknown as TNodeRun[]).map((n) => [n.nodeId, n]));
  const reuse = new Set<string>();
  if (from === 'failed') {
    const inc = incoming(graph);
    for (const nodeId of order) {
      const node = graph.nodes.find((n) => n.id === nodeId)!;
      const ok =
        node.type === 'custom' &&
        ['succeeded', 'reused'].includes(before.get(nodeId)?.status ?? '') &&
        definitionOf(graph, nodeId) === definitionOf(srcGraph, nodeId) &&
        (inc.get(nodeId) ?? []).every((s) => reuse.has(s));
      if (ok) reuse.add(nodeId);
    }
  }
  const outputs = await runsRepo.nodeOutputs(ctx.db, src.id, [...reuse]);
  const run = await runsRepo.insertRun(ctx.db, {
    organizationId: p.orgId,
    workflowId: w.id,
    workflowVersion: w.version,
    trigger: 'manual',
    graph: graph as never,
    targetNodeId: src.targetNodeId,
    retryOf: src.id,
    fromNodeId: order.find((n) => !outputs.has(n)) ?? null,
    nodes: order.map((n) =>
      outputs.has(n) ? { ...before.get(n)!, status: 'reused' } : pendingNode(n),
    ) as never,
    createdBy: p.userId,
  });
  for (const [nodeId, records] of outputs) await runsRepo.saveNodeOutput(ctx.db, run.id, nodeId, records);
  return runDto((await enqueueRun(ctx, run))!);
}
