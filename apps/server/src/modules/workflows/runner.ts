import type { TFinalNode, TNodeRun, TWorkflowNode } from '@mapwright/contracts';
import type { AppContext } from '../../context.ts';
import { ThreadMemoryError, ThreadTimeoutError } from '../../lib/thread-pool.ts';
import { CallError, callWithRetries } from './call.ts';
import { emptyStats, type NodeStats, runCustomNode } from './custom-node.ts';
import { runFinalNode } from './final-node.ts';
import { type Graph, nodesToRun } from './graph.ts';
import * as runsRepo from './runs.repository.ts';
import { guardedFetch, type Source, SourceError } from './sources.ts';

/*
 * Executes a run: the nodes in topological order, each one's records stored as it finishes (so
 * a retry, or another worker taking over after a crash, reuses them), the per-node state saved
 * after every step so the run can be watched while it goes.
 */

export interface RunGraph extends Graph {
  sourceApp: string;
}

export interface ExecuteOptions {
  signal: AbortSignal;
  /** true: POST the output to the final node's initialUrl (not for test runs) */
  deliver: boolean;
  /** what an abort means: a status to record, or null to leave the run for another worker */
  onAbort(reason: unknown): Promise<{ status: 'cancelled' | 'failed'; error: string } | null>;
}

export const pendingNode = (nodeId: string): TNodeRun => ({
  nodeId,
  status: 'pending',
  attempts: 0,
  calls: 0,
  startedAt: null,
  finishedAt: null,
  durationMs: null,
  records: 0,
  requestSample: null,
  responseSample: null,
  outputSample: [],
  log: [],
  error: null,
});

const OUTPUT_SAMPLE = 5;
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

function applyStats(state: TNodeRun, stats: NodeStats) {
  Object.assign(state, {
    attempts: stats.attempts,
    calls: stats.calls,
    log: stats.log,
    requestSample: stats.requestSample,
    responseSample: stats.responseSample,
  });
}

async function deliver(
  ctx: AppContext,
  node: TFinalNode,
  output: unknown,
  signal: AbortSignal,
  stats: NodeStats,
) {
  const target: Source = {
    id: 'delivery',
    base: '',
    send: (req, sig) => guardedFetch(ctx, req, sig),
    follow: (l) => l,
  };
  const req = {
    method: 'POST',
    url: node.data.initialUrl,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(output),
  };
  stats.calls++;
  stats.requestSample = { method: 'POST', url: req.url };
  const res = await callWithRetries(target, req, node.data.errorHandling, signal, (e) => {
    stats.attempts++;
    stats.log.push(e);
  });
  stats.responseSample = { status: res.status, body: res.body.slice(0, 2048) };
}

export async function executeRun(ctx: AppContext, run: runsRepo.RunRow, opts: ExecuteOptions) {
  const { db } = ctx;
  const graph = run.graph as unknown as RunGraph;
  const byId = new Map<string, TWorkflowNode>(graph.nodes.map((n) => [n.id, n]));
  const order = nodesToRun(graph, run.targetNodeId);
  const before = new Map(((run.nodes ?? []) as unknown as TNodeRun[]).map((n) => [n.nodeId, n]));
  const done = order.filter(
    (id) => byId.get(id)?.type === 'custom' && ['succeeded', 'reused'].includes(before.get(id)?.status ?? ''),
  );
  const outputs = await runsRepo.nodeOutputs(db, run.id, done);
  const states = order.map((id) => (outputs.has(id) ? before.get(id)! : pendingNode(id)));
  const save = (values: Partial<runsRepo.RunInsert> = {}) =>
    runsRepo.updateRun(db, run.id, { nodes: states as never, ...values });
  const finish = (status: string, values: Partial<runsRepo.RunInsert> = {}) =>
    runsRepo.transitionRun(db, run.id, ['queued', 'running'], {
      status,
      nodes: states as never,
      finishedAt: new Date(),
      ...values,
    });

  const started = await runsRepo.transitionRun(db, run.id, ['queued', 'running'], {
    status: 'running',
    startedAt: run.startedAt ?? new Date(),
    nodes: states as never,
    error: null,
  });
  if (!started) return runsRepo.findRunById(db, run.id);
  const sources = new Map<string, Source>();

  for (const [i, id] of order.entries()) {
    const state = states[i]!;
    if (outputs.has(id)) continue;
    const node = byId.get(id)!;
    const t0 = Date.now();
    Object.assign(state, pendingNode(id), { status: 'running', startedAt: new Date(t0).toISOString() });
    await save();
    const stats = emptyStats();
    const settle = () => {
      applyStats(state, stats);
      state.finishedAt = new Date().toISOString();
      state.durationMs = Date.now() - t0;
    };
    try {
      if (node.type === 'custom') {
        const records = await runCustomNode({
          ctx,
          orgId: run.organizationId,
          node,
          defaultApp: graph.sourceApp,
          outputs,
          sources,
          signal: opts.signal,
          stats,
        });
        await runsRepo.saveNodeOutput(db, run.id, id, records);
        outputs.set(id, records);
        Object.assign(state, { records: records.length, outputSample: records.slice(0, OUTPUT_SAMPLE) });
      } else {
        const result = await runFinalNode(ctx.config, node, outputs);
        Object.assign(state, { records: 1, outputSample: [result.output] });
        await save({
          output: result.output as never,
          outputValid: result.valid,
          outputErrors: result.errors,
        });
        if (!result.valid) {
          const first = result.errors[0]!;
          throw new CallError(
            `the output does not match the final schema: ${result.errors.length} problem${result.errors.length === 1 ? '' : 's'}; first: ${first.message}`,
          );
        }
        if (opts.deliver && node.data.initialUrl) await deliver(ctx, node, result.output, opts.signal, stats);
      }
      settle();
      state.status = 'succeeded';
    } catch (err) {
      settle();
      const rest = states.slice(i + 1);
      if (opts.signal.aborted) {
        const outcome = await opts.onAbort(opts.signal.reason);
        if (!outcome) throw err;
        state.status = outcome.status === 'cancelled' ? 'cancelled' : 'failed';
        state.error = outcome.error;
        for (const s of rest) s.status = 'skipped';
        return finish(outcome.status, { error: outcome.error });
      }
      state.status = 'failed';
      state.error = messageOf(err);
      for (const s of rest) s.status = 'skipped';
      // a mapping stopped for time or memory is the user's to fix, like a failed call
      const expected = [CallError, SourceError, ThreadTimeoutError, ThreadMemoryError];
      if (!expected.some((kind) => err instanceof kind))
        ctx.log.warn({ err, run: run.id, node: id }, 'workflow node failed');
      return finish('failed', { error: `${id}: ${state.error}` });
    }
    await save();
  }
  return finish('succeeded');
}
