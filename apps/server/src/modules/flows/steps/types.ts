import type { TFlowColumn, TFlowStep, TFlowWritePreview } from '@mapwright/contracts';
import type { AppContext, Principal } from '../../../context.ts';
import type { DatasetRow } from '../../datasets/datasets.service.ts';

export type Column = TFlowColumn;
export type Ports = Record<string, Column[]>;
export type StepOf<K extends TFlowStep['kind']> = Extract<TFlowStep, { kind: K }>;

/** A step's settings do not fit what flows into it: a 422 naming the step (loc below the step). */
export class StepProblem extends Error {
  constructor(
    readonly loc: (string | number)[],
    message: string,
    readonly type = 'value_error',
  ) {
    super(message);
  }
}

/** A step failed in a way a retry cannot fix (bad settings, bad data): not retried. */
export class StepInputError extends Error {}

export interface CheckContext {
  app: AppContext;
  /** the flow's organization, as the caller */
  principal: Principal;
}

export interface RunContext {
  app: AppContext;
  principal: Principal;
  runId: string;
  /** the run stops before a destination commits (write preview) */
  preview: boolean;
  /** the destination's preview was approved: commit now */
  approved: boolean;
  /** what the previous attempt of this step left (a destination's preview) */
  state: Record<string, unknown>;
  /** keeps a mark in this step run's state now (read back as `state` by a later attempt) */
  saveState(values: Record<string, unknown>): Promise<void>;
  /** the flow version's columns on each input port (what the save check saw) */
  inputColumns: Ports;
  /** the flow version's columns on each output port */
  outputColumns: Ports;
  /** the datasets on each input port (outputs of the upstream steps) */
  inputs: Record<string, DatasetRow>;
  signal: AbortSignal;
  log(level: 'info' | 'warn' | 'error', message: string): void;
}

export interface StepResult {
  rowsIn: number;
  rowsOut: number;
  rowsRejected: number;
  output?: DatasetRow;
  rejected?: DatasetRow;
  /** the run pauses here: the step waits for approval */
  pause?: { kind: 'preview'; preview: TFlowWritePreview };
  state?: Record<string, unknown>;
}

export interface StepKind<K extends TFlowStep['kind']> {
  kind: K;
  label: string;
  description: string;
  /** the columns on each output port, from the columns on each input port; throws StepProblem */
  outputs(ctx: CheckContext, step: StepOf<K>, inputs: Ports): Promise<Ports>;
  /** the input columns this step reads (the drift gate pauses when one of them goes away) */
  uses(ctx: CheckContext, step: StepOf<K>): Promise<string[]> | string[];
  run(ctx: RunContext, step: StepOf<K>): Promise<StepResult>;
}

/** JSON Schema properties → columns (a type list like ['string','null'] is its first non-null type). */
export function columnsOfSchema(schema: unknown): Column[] {
  const props = (schema as { properties?: Record<string, { type?: unknown }> } | null)?.properties ?? {};
  return Object.entries(props).map(([name, s]) => {
    const t = Array.isArray(s?.type) ? s.type.find((x) => x !== 'null') : s?.type;
    return { name, type: typeof t === 'string' ? t : null };
  });
}

/** Columns → a JSON Schema of an object (what a destination creates its table from). */
export function schemaOfColumns(columns: Column[]): Record<string, unknown> {
  return {
    type: 'object',
    properties: Object.fromEntries(
      columns.map((c) => [c.name, c.type ? { type: [c.type, 'null'] } : {}] as const),
    ),
  };
}
