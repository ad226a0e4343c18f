import type { TWorkflowEdge, TWorkflowNode } from '@mapwright/contracts';
import { FieldError } from '../../lib/errors.ts';
import { checkTargetSchema } from '../target-schemas/schema-check.ts';
import { referencesIn } from './templates.ts';

/*
 * The workflow graph's rules (issue 7): exactly one first node, exactly one final node and it is
 * last, no cycles, every node reachable from the first one, references only to nodes that run
 * earlier. Each failure is a 422 naming the offending field.
 */

export interface Graph {
  nodes: TWorkflowNode[];
  edges: TWorkflowEdge[];
}

type Loc = (string | number)[];

/** Shape checks that hold even for a draft: unique ids, edges between existing nodes. */
export function checkGraphShape(g: Graph, loc: Loc = ['body']) {
  const ids = new Map<string, number>();
  g.nodes.forEach((n, i) => {
    if (ids.has(n.id)) throw new FieldError([...loc, 'nodes', i, 'id'], `node id '${n.id}' is used twice`);
    ids.set(n.id, i);
  });
  const edgeIds = new Set<string>();
  const pairs = new Set<string>();
  g.edges.forEach((e, i) => {
    if (edgeIds.has(e.id))
      throw new FieldError([...loc, 'edges', i, 'id'], `edge id '${e.id}' is used twice`);
    edgeIds.add(e.id);
    for (const end of ['source', 'target'] as const)
      if (!ids.has(e[end])) throw new FieldError([...loc, 'edges', i, end], `no node has the id '${e[end]}'`);
    if (e.source === e.target)
      throw new FieldError([...loc, 'edges', i, 'target'], `node '${e.source}' cannot lead to itself`);
    const pair = `${e.source}\u0000${e.target}`;
    if (pairs.has(pair))
      throw new FieldError([...loc, 'edges', i], `'${e.source}' → '${e.target}' is connected twice`);
    pairs.add(pair);
  });
  g.nodes.forEach((n, i) => {
    if (n.type === 'final')
      checkTargetSchema(n.data.finalSchema, [...loc, 'nodes', i, 'data', 'finalSchema']);
  });
}

export function incoming(g: Graph) {
  const m = new Map<string, string[]>(g.nodes.map((n) => [n.id, []]));
  for (const e of g.edges) m.get(e.target)?.push(e.source);
  return m;
}

export function outgoing(g: Graph) {
  const m = new Map<string, string[]>(g.nodes.map((n) => [n.id, []]));
  for (const e of g.edges) m.get(e.source)?.push(e.target);
  return m;
}

/** Kahn's algorithm in the nodes' own order; null when there is a cycle. */
export function topologicalOrder(g: Graph): string[] | null {
  const inc = incoming(g);
  const out = outgoing(g);
  const left = new Map([...inc].map(([id, from]) => [id, from.length]));
  const ready = g.nodes.filter((n) => left.get(n.id) === 0).map((n) => n.id);
  const order: string[] = [];
  while (ready.length) {
    const id = ready.shift()!;
    order.push(id);
    for (const t of out.get(id) ?? []) {
      left.set(t, left.get(t)! - 1);
      if (left.get(t) === 0) ready.push(t);
    }
  }
  return order.length === g.nodes.length ? order : null;
}

/** Every node that runs before `id` (its ancestors). */
export function ancestorsOf(g: Graph, id: string): Set<string> {
  const inc = incoming(g);
  const seen = new Set<string>();
  const stack = [...(inc.get(id) ?? [])];
  while (stack.length) {
    const n = stack.pop()!;
    if (seen.has(n)) continue;
    seen.add(n);
    stack.push(...(inc.get(n) ?? []));
  }
  return seen;
}

/** Every node that runs after `id` (its descendants). */
export function descendantsOf(g: Graph, id: string): Set<string> {
  const out = outgoing(g);
  const seen = new Set<string>();
  const stack = [...(out.get(id) ?? [])];
  while (stack.length) {
    const n = stack.pop()!;
    if (seen.has(n)) continue;
    seen.add(n);
    stack.push(...(out.get(n) ?? []));
  }
  return seen;
}

function findCycle(g: Graph): string[] {
  const out = outgoing(g);
  const state = new Map<string, 1 | 2>();
  const path: string[] = [];
  const visit = (id: string): string[] | null => {
    state.set(id, 1);
    path.push(id);
    for (const t of out.get(id) ?? []) {
      if (state.get(t) === 1) return [...path.slice(path.indexOf(t)), t];
      if (!state.has(t)) {
        const c = visit(t);
        if (c) return c;
      }
    }
    path.pop();
    state.set(id, 2);
    return null;
  };
  for (const n of g.nodes)
    if (!state.has(n.id)) {
      const c = visit(n.id);
      if (c) return c;
    }
  return [];
}

/** The full rules for a complete workflow (and for anything that runs). */
export function checkGraph(g: Graph, loc: Loc = ['body']) {
  checkGraphShape(g, loc);
  const index = new Map(g.nodes.map((n, i) => [n.id, i]));
  const firsts = g.nodes.filter((n) => n.type === 'custom' && n.data.isFirstNode);
  if (firsts.length !== 1)
    throw new FieldError(
      [...loc, 'nodes'],
      firsts.length === 0
        ? 'exactly one endpoint node must be the first node (isFirstNode: true); there is none'
        : `exactly one node may be the first node (isFirstNode: true); found ${firsts.length}: ${firsts.map((n) => n.id).join(', ')}`,
    );
  const first = firsts[0]!;
  const finals = g.nodes.filter((n) => n.type === 'final');
  if (finals.length !== 1)
    throw new FieldError(
      [...loc, 'nodes'],
      `a workflow needs exactly one final node; found ${finals.length}${finals.length ? `: ${finals.map((n) => n.id).join(', ')}` : ''}`,
    );
  const final = finals[0]!;
  const inc = incoming(g);
  const intoFirst = g.edges.findIndex((e) => e.target === first.id);
  if (intoFirst >= 0)
    throw new FieldError(
      [...loc, 'edges', intoFirst, 'target'],
      `the first node '${first.id}' cannot have incoming edges`,
    );
  const fromFinal = g.edges.findIndex((e) => e.source === final.id);
  if (fromFinal >= 0)
    throw new FieldError(
      [...loc, 'edges', fromFinal, 'source'],
      `the final node '${final.id}' must be last: it cannot have outgoing edges`,
    );
  if (!topologicalOrder(g))
    throw new FieldError([...loc, 'edges'], `the graph has a cycle: ${findCycle(g).join(' → ')}`);
  const reachable = descendantsOf(g, first.id);
  for (const n of g.nodes) {
    if (n.id !== first.id && !reachable.has(n.id))
      throw new FieldError(
        [...loc, 'nodes', index.get(n.id)!],
        `node '${n.id}' is not reachable from the first node '${first.id}'${(inc.get(n.id) ?? []).length ? '' : ' (connect an edge into it)'}`,
      );
  }
  checkReferences(g, loc);
}

/** `{{nodes.<id>...}}` may only name a node that runs before the one using it. */
export function checkReferences(g: Graph, loc: Loc = ['body']) {
  g.nodes.forEach((n, i) => {
    if (n.type !== 'custom') return;
    const before = ancestorsOf(g, n.id);
    for (const [name, value] of Object.entries({ ...n.data.params, '(body)': n.data.body })) {
      for (const ref of referencesIn(value)) {
        if (!before.has(ref.nodeId)) {
          const at =
            name === '(body)'
              ? [...loc, 'nodes', i, 'data', 'body']
              : [...loc, 'nodes', i, 'data', 'params', name];
          throw new FieldError(
            at,
            g.nodes.some((x) => x.id === ref.nodeId)
              ? `references node '${ref.nodeId}', which does not run before '${n.id}' (connect it upstream)`
              : `references node '${ref.nodeId}', which does not exist`,
          );
        }
      }
    }
  });
}

/** The nodes a run executes: all of them, or one node and everything it needs. */
export function nodesToRun(g: Graph, targetNodeId: string | null): string[] {
  const order = topologicalOrder(g) ?? [];
  if (!targetNodeId) return order;
  const need = ancestorsOf(g, targetNodeId);
  need.add(targetNodeId);
  return order.filter((id) => need.has(id));
}
