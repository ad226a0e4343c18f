import {
  FLOW_STEP_PORTS,
  type TFlowEdge,
  type TFlowRun,
  type TFlowStep,
  type TFlowStepKind,
  type TFlowStepRun,
} from '@mapwright/contracts';
import type { Edge, Node } from '@xyflow/react';
import type { TIssue } from '../../../lib/http.ts';

/*
 * A flow's steps and edges as the canvas draws them, and back. Ports follow the contract: every
 * step has the output `out`, `validate` also `rejected`; inputs are `in`, `left` + `right` for a
 * join, none for a source.
 */

export const inputPorts = (kind: TFlowStepKind) => FLOW_STEP_PORTS[kind].inputs;
export const outputPorts = (kind: TFlowStepKind) => FLOW_STEP_PORTS[kind].outputs;

export interface TStepNodeData extends Record<string, unknown> {
  step: TFlowStep;
  /** the server's reasons this step was refused (red outline + message) */
  issues: string[];
  run: TFlowStepRun | null;
}
export type TStepNode = Node<TStepNodeData, 'step'>;
export type TFlowCanvasEdge = Edge<{ label?: string; tone?: 'red' }>;

export const edgeId = (e: TFlowEdge) => `${e.from}:${e.from_port}->${e.to}:${e.to_port}`;

export function toCanvas(
  steps: TFlowStep[],
  edges: TFlowEdge[],
  issues: Map<string, string[]> = new Map(),
  run: TFlowRun | null = null,
): { nodes: TStepNode[]; edges: TFlowCanvasEdge[] } {
  const runs = new Map((run?.steps ?? []).map((s) => [s.step_id, s]));
  return {
    nodes: steps.map((step) => ({
      id: step.id,
      type: 'step',
      position: step.position,
      data: { step, issues: issues.get(step.id) ?? [], run: runs.get(step.id) ?? null },
    })),
    edges: edges.map((e) => {
      const from = runs.get(e.from);
      const count = from ? edgeCount(from, e.from_port) : null;
      return {
        id: edgeId(e),
        source: e.from,
        sourceHandle: e.from_port,
        target: e.to,
        targetHandle: e.to_port,
        type: 'labelled',
        data: {
          label: count == null ? undefined : `${count.toLocaleString()} ${count === 1 ? 'row' : 'rows'}`,
          tone: e.from_port === 'rejected' ? 'red' : undefined,
        },
      };
    }),
  };
}

/** Rows along an edge: the upstream port's count (the contract derives edge counts this way). */
export function edgeCount(from: TFlowStepRun, port: 'out' | 'rejected'): number | null {
  const n = port === 'rejected' ? from.rows_rejected : from.rows_out;
  return n ?? null;
}

/**
 * Whether a step's counts reconcile: what came in along its edges is what it read, and what it
 * read went out or was rejected. `null` while the step has no counts yet.
 */
export function reconciles(step: TFlowStep, run: TFlowRun, edges: TFlowEdge[]): boolean | null {
  const own = run.steps.find((s) => s.step_id === step.id);
  if (!own || own.rows_in == null || own.rows_out == null) return null;
  const incoming = edges.filter((e) => e.to === step.id);
  if (incoming.length) {
    let sum = 0;
    for (const e of incoming) {
      const from = run.steps.find((s) => s.step_id === e.from);
      const n = from ? edgeCount(from, e.from_port) : null;
      if (n == null) return null;
      sum += n;
    }
    // a join reads both sides; its rows in are what it was handed on both ports
    if (sum !== own.rows_in) return false;
  }
  if (step.kind === 'join' || step.kind === 'resolve') return true; // rows out are matches, not a split
  return own.rows_in === own.rows_out + (own.rows_rejected ?? 0);
}

/** Whether a new edge fits: an existing output to a free input of another step, and no cycle. */
export function canConnect(
  steps: TFlowStep[],
  edges: TFlowEdge[],
  c: {
    source: string | null;
    sourceHandle?: string | null;
    target: string | null;
    targetHandle?: string | null;
  },
): boolean {
  if (!c.source || !c.target || c.source === c.target) return false;
  const from = steps.find((s) => s.id === c.source);
  const to = steps.find((s) => s.id === c.target);
  if (!from || !to) return false;
  const fromPort = (c.sourceHandle ?? 'out') as 'out' | 'rejected';
  const toPort = (c.targetHandle ?? inputPorts(to.kind)[0]) as 'in' | 'left' | 'right';
  if (!outputPorts(from.kind).includes(fromPort) || !inputPorts(to.kind).includes(toPort)) return false;
  if (edges.some((e) => e.to === to.id && e.to_port === toPort)) return false;
  return !reaches(edges, to.id, from.id);
}

function reaches(edges: TFlowEdge[], start: string, goal: string): boolean {
  const seen = new Set<string>();
  const todo = [start];
  while (todo.length) {
    const id = todo.pop()!;
    if (id === goal) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const e of edges) if (e.from === id) todo.push(e.to);
  }
  return false;
}

/** A fresh step id for a kind: `map`, then `map2`, `map3`… (ids match /^[a-z][a-z0-9_-]{0,39}$/). */
export function newStepId(steps: TFlowStep[], kind: TFlowStepKind): string {
  const taken = new Set(steps.map((s) => s.id));
  if (!taken.has(kind)) return kind;
  for (let i = 2; ; i++) if (!taken.has(`${kind}${i}`)) return `${kind}${i}`;
}

/**
 * The server's 422 as messages per step: `loc: ['body','steps',<index>,...]` names the step by its
 * index in the body that was sent; anything else (the name, an edge) is a message for the flow.
 */
export function issuesByStep(
  detail: TIssue[],
  sent: { steps: { id: string }[]; edges: TFlowEdge[] },
): { steps: Map<string, string[]>; general: string[] } {
  const steps = new Map<string, string[]>();
  const general: string[] = [];
  for (const d of detail) {
    const loc = (d.loc ?? []).filter((l) => l !== 'body');
    // the index arrives as a number or, through some validators, as its text
    const index = loc[1] !== undefined && /^\d+$/.test(String(loc[1])) ? Number(loc[1]) : -1;
    const step = loc[0] === 'steps' ? sent.steps[index] : undefined;
    const edge = loc[0] === 'edges' ? sent.edges[index] : undefined;
    const at = step?.id ?? (edge && sent.steps.some((s) => s.id === edge.to) ? edge.to : undefined);
    // a schema message ("Invalid UUID") names no field: the rest of its loc does
    const field = step ? loc.slice(2).join('.') : '';
    const msg = field && !d.msg.startsWith('step ') ? `${field}: ${d.msg}` : d.msg;
    if (at) steps.set(at, [...(steps.get(at) ?? []), msg]);
    else general.push(loc.length ? `${loc.join('.')}: ${d.msg}` : d.msg);
  }
  return { steps, general };
}
