import type { TFlowDefinition, TFlowRun, TFlowRunSummary, TFlowStepRun } from '@mapwright/contracts';
import type { FlowRunRow, StepRunRow } from './flows.repository.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const runSummary = (r: FlowRunRow): TFlowRunSummary => ({
  id: r.id,
  status: r.status as TFlowRunSummary['status'],
  trigger: r.trigger as TFlowRunSummary['trigger'],
  created_at: r.createdAt.toISOString(),
  finished_at: iso(r.finishedAt),
});

export const stepRunDto = (s: StepRunRow): TFlowStepRun => ({
  step_id: s.stepId,
  kind: s.kind as TFlowStepRun['kind'],
  status: s.status as TFlowStepRun['status'],
  attempts: s.attempts,
  started_at: iso(s.startedAt),
  finished_at: iso(s.finishedAt),
  rows_in: s.rowsIn,
  rows_out: s.rowsOut,
  rows_rejected: s.rowsRejected,
  error: s.error,
  error_class: s.errorClass,
  logs: s.logs as TFlowStepRun['logs'],
  output_dataset_id: s.outputDatasetId,
  rejected_dataset_id: s.rejectedDatasetId,
  reused_from_run_id: s.reusedFromRunId,
});

export function runDto(r: FlowRunRow, steps: StepRunRow[], definition: TFlowDefinition): TFlowRun {
  const order = new Map(definition.steps.map((s, i) => [s.id, i]));
  return {
    id: r.id,
    flow_id: r.flowId,
    version: r.version,
    status: r.status as TFlowRun['status'],
    preview: r.preview,
    pause: (r.pause as TFlowRun['pause']) ?? null,
    parent_run_id: r.parentRunId,
    trigger: r.trigger as TFlowRun['trigger'],
    steps: steps.toSorted((a, b) => (order.get(a.stepId) ?? 0) - (order.get(b.stepId) ?? 0)).map(stepRunDto),
    definition,
    created_at: r.createdAt.toISOString(),
    started_at: iso(r.startedAt),
    finished_at: iso(r.finishedAt),
  };
}
