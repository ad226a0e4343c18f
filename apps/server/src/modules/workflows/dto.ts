import type {
  TAuthenticatedApp,
  TNodeRun,
  TWorkflow,
  TWorkflowEdge,
  TWorkflowNode,
  TWorkflowRun,
} from '@mapwright/contracts';
import type { AppRow } from './apps.repository.ts';
import type { RunRow } from './runs.repository.ts';
import { nextTick, scheduleText } from './schedule.ts';
import type { WorkflowRow } from './workflows.repository.ts';

/** Rows → the API's camelCase shapes (spec §3 field names). */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function runSummary(r: RunRow) {
  return {
    id: r.id,
    status: r.status as TWorkflowRun['status'],
    trigger: r.trigger as TWorkflowRun['trigger'],
    scheduledFor: iso(r.scheduledFor),
    createdAt: r.createdAt.toISOString(),
    startedAt: iso(r.startedAt),
    finishedAt: iso(r.finishedAt),
  };
}

export function workflowDto(w: WorkflowRow, lastRun: RunRow | undefined, now = new Date()): TWorkflow {
  return {
    id: w.id,
    name: w.name,
    nodes: w.nodes as unknown as TWorkflowNode[],
    edges: w.edges as unknown as TWorkflowEdge[],
    isActive: w.isActive,
    isComplete: w.isComplete,
    syncFrequency: w.syncFrequency,
    timezone: w.timezone,
    scheduleText: scheduleText(w.syncFrequency),
    nextRunAt: w.isActive ? iso(nextTick(w.syncFrequency, w.timezone, now)) : null,
    groupId: w.groupId,
    sourceApp: w.sourceApp,
    prompt: w.prompt,
    urlString: w.urlString,
    jsonSchema: w.jsonSchema,
    version: w.version,
    lastRun: lastRun ? runSummary(lastRun) : null,
    archivedAt: iso(w.archivedAt),
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}

/** What a version keeps of the workflow. */
export const snapshotOf = (w: WorkflowRow) => ({
  name: w.name,
  nodes: w.nodes,
  edges: w.edges,
  isActive: w.isActive,
  isComplete: w.isComplete,
  syncFrequency: w.syncFrequency,
  timezone: w.timezone,
});

export function runDto(r: RunRow): TWorkflowRun {
  return {
    ...runSummary(r),
    workflowId: r.workflowId,
    workflowVersion: r.workflowVersion,
    retryOf: r.retryOf,
    fromNodeId: r.fromNodeId,
    error: r.error,
    nodes: (r.nodes ?? []) as unknown as TNodeRun[],
    output: r.output ?? null,
    outputValid: r.outputValid,
    outputErrors: (r.outputErrors ?? []) as TWorkflowRun['outputErrors'],
  };
}

export function runListItem(r: RunRow, workflowName: string) {
  return {
    ...runSummary(r),
    workflowId: r.workflowId,
    workflowName,
    error: r.error,
    durationMs: r.startedAt && r.finishedAt ? r.finishedAt.getTime() - r.startedAt.getTime() : null,
  };
}

export function appDto(a: AppRow): TAuthenticatedApp {
  return {
    id: a.id,
    name: a.name,
    logo: a.logo,
    authenticatedAt: a.authenticatedAt.toISOString(),
    kind: a.kind as TAuthenticatedApp['kind'],
    baseUrl: a.baseUrl,
    catalogueUrl: a.catalogueUrl,
    headerName: a.settings.headerName ?? null,
    tokenUrl: a.settings.tokenUrl ?? null,
    clientId: a.settings.clientId ?? null,
    scope: a.settings.scope ?? null,
  };
}
