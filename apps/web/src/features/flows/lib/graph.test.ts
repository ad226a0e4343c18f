import type { TFlowEdge, TFlowRun, TFlowStep, TFlowStepRun } from '@mapwright/contracts';
import { describe, expect, it } from 'vitest';
import { canConnect, issuesByStep, newStepId, reconciles, toCanvas } from './graph.ts';

const step = (id: string, kind: TFlowStep['kind']) =>
  ({ id, kind, name: id, config: {}, position: { x: 0, y: 0 } }) as unknown as TFlowStep;
const edge = (
  from: string,
  to: string,
  from_port: 'out' | 'rejected' = 'out',
  to_port: TFlowEdge['to_port'] = 'in',
): TFlowEdge => ({
  from,
  from_port,
  to,
  to_port,
});
const steps = [
  step('source', 'source'),
  step('map', 'map'),
  step('validate', 'validate'),
  step('dest', 'destination'),
  step('join', 'join'),
];

describe('connecting steps on the flow canvas', () => {
  it('takes an output to a free input of another step', () => {
    expect(
      canConnect(steps, [], { source: 'source', sourceHandle: 'out', target: 'map', targetHandle: 'in' }),
    ).toBe(true);
    expect(
      canConnect(steps, [], {
        source: 'validate',
        sourceHandle: 'rejected',
        target: 'dest',
        targetHandle: 'in',
      }),
    ).toBe(true);
  });

  it('refuses a port the kind does not have, a taken input, a source as target and a cycle', () => {
    expect(
      canConnect(steps, [], { source: 'map', sourceHandle: 'rejected', target: 'dest', targetHandle: 'in' }),
    ).toBe(false);
    expect(
      canConnect(steps, [], { source: 'map', sourceHandle: 'out', target: 'join', targetHandle: 'in' }),
    ).toBe(false);
    expect(canConnect(steps, [], { source: 'map', target: 'source' })).toBe(false);
    const taken = [edge('source', 'map')];
    expect(
      canConnect(steps, taken, {
        source: 'validate',
        sourceHandle: 'out',
        target: 'map',
        targetHandle: 'in',
      }),
    ).toBe(false);
    const chain = [edge('source', 'map'), edge('map', 'validate')];
    expect(
      canConnect(steps, chain, {
        source: 'validate',
        sourceHandle: 'out',
        target: 'map',
        targetHandle: 'in',
      }),
    ).toBe(false);
  });

  it('gives a join both inputs', () => {
    const e = [edge('source', 'join', 'out', 'left')];
    expect(
      canConnect(steps, e, { source: 'map', sourceHandle: 'out', target: 'join', targetHandle: 'left' }),
    ).toBe(false);
    expect(
      canConnect(steps, e, { source: 'map', sourceHandle: 'out', target: 'join', targetHandle: 'right' }),
    ).toBe(true);
  });
});

describe('new step ids', () => {
  it('use the kind, then number on', () => {
    expect(newStepId([], 'map')).toBe('map');
    expect(newStepId([step('map', 'map'), step('map2', 'map')], 'map')).toBe('map3');
  });
});

describe("the server's 422 on a save", () => {
  it('lands on the step its loc names by index, the rest on the flow', () => {
    const sent = {
      steps: [step('source', 'source'), step('map1', 'map')],
      edges: [edge('source', 'map1'), edge('x', 'gone')],
    };
    const r = issuesByStep(
      [
        {
          loc: ['body', 'steps', 1, 'config', 'pipeline_id'],
          msg: 'step "map1": the pipeline has no deployed mapper',
        },
        { loc: ['body', 'edges', 0], msg: 'edge into map1: column "x" is missing' },
        { loc: ['body', 'edges', 1], msg: 'edge to a missing step "gone"' },
        { loc: ['body', 'name'], msg: 'must not be empty' },
        { loc: ['body', 'steps', '0', 'config', 'input', 'id'], msg: 'Invalid UUID' },
      ],
      sent,
    );
    expect(r.steps.get('map1')).toEqual([
      'step "map1": the pipeline has no deployed mapper',
      'edge into map1: column "x" is missing',
    ]);
    expect(r.steps.get('source')).toEqual(['config.input.id: Invalid UUID']);
    expect(r.general).toEqual(['edges.1: edge to a missing step "gone"', 'name: must not be empty']);
  });
});

const stepRun = (
  step_id: string,
  rows_in: number | null,
  rows_out: number | null,
  rows_rejected: number | null,
) => ({ step_id, status: 'succeeded', rows_in, rows_out, rows_rejected }) as TFlowStepRun;

describe('row counts along edges', () => {
  const def = {
    steps: [
      step('source', 'source'),
      step('validate', 'validate'),
      step('dest', 'destination'),
      step('bad', 'destination'),
    ],
    edges: [edge('source', 'validate'), edge('validate', 'dest'), edge('validate', 'bad', 'rejected')],
  };
  const run = (v: TFlowStepRun) =>
    ({
      steps: [stepRun('source', null, 10, 0), v, stepRun('dest', 7, 7, 0), stepRun('bad', 3, 3, 0)],
    }) as TFlowRun;

  it('label each edge with the upstream port’s count, rejected edges in red', () => {
    const c = toCanvas(def.steps, def.edges, new Map(), run(stepRun('validate', 10, 7, 3)));
    expect(c.edges.map((e) => [e.id, e.data?.label, e.data?.tone])).toEqual([
      ['source:out->validate:in', '10 rows', undefined],
      ['validate:out->dest:in', '7 rows', undefined],
      ['validate:rejected->bad:in', '3 rows', 'red'],
    ]);
  });

  it('reconcile when what came in went out or was rejected', () => {
    expect(reconciles(def.steps[1]!, run(stepRun('validate', 10, 7, 3)), def.edges)).toBe(true);
    expect(reconciles(def.steps[1]!, run(stepRun('validate', 10, 7, 2)), def.edges)).toBe(false);
    // it read fewer rows than its input edge carried
    expect(reconciles(def.steps[1]!, run(stepRun('validate', 9, 6, 3)), def.edges)).toBe(false);
    expect(reconciles(def.steps[1]!, run(stepRun('validate', null, null, null)), def.edges)).toBeNull();
  });
});
