import { FLOW_STEP_PORTS, type TFlowDefinition, type TFlowEdge, type TFlowStep } from '@mapwright/contracts';
import { FieldError } from '../../lib/errors.ts';
import { kindOf } from './kinds.ts';
import { type CheckContext, type Ports, StepProblem } from './steps/types.ts';

/** What the save check computed: each step's columns in and out, and an order to run them in. */
export interface CheckedFlow {
  order: string[];
  inputs: Record<string, Ports>;
  outputs: Record<string, Ports>;
}

const stepLoc = (i: number) => ['body', 'steps', i];

/** The steps in an order where every step comes after its inputs; a cycle is a 422 naming a step in it. */
export function topologicalOrder(steps: TFlowStep[], edges: TFlowEdge[]): string[] {
  const indegree = new Map(steps.map((s) => [s.id, 0]));
  for (const e of edges) indegree.set(e.to, (indegree.get(e.to) ?? 0) + 1);
  const ready = steps.filter((s) => indegree.get(s.id) === 0).map((s) => s.id);
  const order: string[] = [];
  while (ready.length) {
    const id = ready.shift()!;
    order.push(id);
    for (const e of edges.filter((x) => x.from === id)) {
      indegree.set(e.to, indegree.get(e.to)! - 1);
      if (indegree.get(e.to) === 0) ready.push(e.to);
    }
  }
  if (order.length < steps.length) {
    const i = steps.findIndex((s) => !order.includes(s.id));
    throw new FieldError(
      stepLoc(i),
      `step "${steps[i]!.id}": is part of a cycle (a step cannot feed itself)`,
      'cycle',
    );
  }
  return order;
}

/** Ids, ports and edges: everything that does not need to look at data. */
export function checkGraph(def: TFlowDefinition) {
  const { steps, edges } = def;
  const index = new Map<string, number>();
  for (const [i, s] of steps.entries()) {
    if (index.has(s.id))
      throw new FieldError([...stepLoc(i), 'id'], `step "${s.id}": another step has this id`, 'duplicate');
    index.set(s.id, i);
    if (!kindOf(s.kind))
      throw new FieldError([...stepLoc(i), 'kind'], `step "${s.id}": ${s.kind} steps are not available yet`);
  }
  const fed = new Map<string, number>();
  for (const [j, e] of edges.entries()) {
    const loc = ['body', 'edges', j];
    const from = index.get(e.from);
    const to = index.get(e.to);
    if (from === undefined) throw new FieldError([...loc, 'from'], `edge ${j}: there is no step "${e.from}"`);
    if (to === undefined) throw new FieldError([...loc, 'to'], `edge ${j}: there is no step "${e.to}"`);
    const fk = steps[from]!.kind;
    const tk = steps[to]!.kind;
    if (!FLOW_STEP_PORTS[fk].outputs.includes(e.from_port))
      throw new FieldError(
        [...stepLoc(from)],
        `step "${e.from}": a ${fk} step has no output "${e.from_port}"`,
        'port',
      );
    if (!FLOW_STEP_PORTS[tk].inputs.includes(e.to_port))
      throw new FieldError(
        [...stepLoc(to)],
        `step "${e.to}": a ${tk} step has no input "${e.to_port}"${tk === 'source' ? ' (a source reads no other step)' : ''}`,
        'port',
      );
    const key = `${e.to}:${e.to_port}`;
    if (fed.has(key))
      throw new FieldError(
        [...stepLoc(to)],
        `step "${e.to}": input "${e.to_port}" has two edges into it`,
        'port',
      );
    fed.set(key, j);
  }
  for (const [i, s] of steps.entries()) {
    const missing = FLOW_STEP_PORTS[s.kind].inputs.filter((port) => !fed.has(`${s.id}:${port}`));
    if (!missing.length) continue;
    const msg =
      s.kind === 'join'
        ? `a join needs both inputs (left and right); "${missing.join('" and "')}" has no edge into it`
        : `its input "${missing[0]}" has no edge into it`;
    throw new FieldError(stepLoc(i), `step "${s.id}": ${msg}`, 'missing_input');
  }
  return topologicalOrder(steps, edges);
}

/**
 * The save check: the graph, then the columns flowing along each edge, step by step in
 * topological order, each step refusing settings that do not fit its input (a 422 naming it).
 */
export async function checkFlow(ctx: CheckContext, def: TFlowDefinition): Promise<CheckedFlow> {
  const order = checkGraph(def);
  const byId = new Map(def.steps.map((s, i) => [s.id, { s, i }]));
  const inputs: Record<string, Ports> = {};
  const outputs: Record<string, Ports> = {};
  for (const id of order) {
    const { s, i } = byId.get(id)!;
    inputs[id] = {};
    for (const e of def.edges.filter((x) => x.to === id))
      inputs[id][e.to_port] = outputs[e.from]![e.from_port] ?? [];
    try {
      outputs[id] = await kindOf(s.kind)!.outputs(ctx, s as never, inputs[id]);
    } catch (err) {
      if (err instanceof StepProblem)
        throw new FieldError([...stepLoc(i), ...err.loc], `step "${id}": ${err.message}`, err.type);
      throw err;
    }
  }
  return { order, inputs, outputs };
}
