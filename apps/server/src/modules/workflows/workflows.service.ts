import {
  SAMPLE_SOURCE_APP,
  SUBMIT_DEFAULTS,
  type TWorkflowEdge,
  type TWorkflowNode,
  type ZCreateWorkflowRequest,
  type ZSubmitWorkflowsRequest,
  type ZUpdateWorkflowRequest,
} from '@mapwright/contracts';
import type { z } from 'zod';
import type { AppContext, Principal } from '../../context.ts';
import { AppError, conflict, FieldError, notFound } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/pagination.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as appsRepo from './apps.repository.ts';
import { snapshotOf, workflowDto } from './dto.ts';
import { checkGraph, checkGraphShape } from './graph.ts';
import * as runsRepo from './runs.repository.ts';
import { checkSchedule } from './schedule.ts';
import * as repo from './workflows.repository.ts';

type Loc = (string | number)[];

interface Checked {
  nodes: TWorkflowNode[];
  edges: TWorkflowEdge[];
  isActive: boolean;
  isComplete: boolean;
  syncFrequency: string;
  timezone: string;
  sourceApp: string;
}

/** Every source app the workflow names must be the sample API or one of the org's connections. */
async function checkApps(ctx: AppContext, orgId: string, w: Checked, loc: Loc) {
  const known = new Set([SAMPLE_SOURCE_APP, ...(await appsRepo.listApps(ctx.db, orgId)).map((a) => a.id)]);
  const unknown = (id: string) =>
    `unknown source app '${id}': use ${SAMPLE_SOURCE_APP} or connect the app under authenticated apps`;
  if (!known.has(w.sourceApp)) throw new FieldError([...loc, 'sourceApp'], unknown(w.sourceApp));
  w.nodes.forEach((n, i) => {
    if (n.type === 'custom' && n.data.endpoint.app && !known.has(n.data.endpoint.app))
      throw new FieldError([...loc, 'nodes', i, 'data', 'endpoint', 'app'], unknown(n.data.endpoint.app));
  });
}

/**
 * A complete workflow's graph must follow every rule; a draft (isComplete false) only needs a
 * consistent shape. An empty canvas is a valid start but cannot be active.
 */
export async function checkWorkflow(ctx: AppContext, orgId: string, w: Checked, loc: Loc = ['body']) {
  checkSchedule(w.syncFrequency, w.timezone, loc);
  const graph = { nodes: w.nodes, edges: w.edges };
  if (w.isComplete && w.nodes.length > 0) checkGraph(graph, loc);
  else checkGraphShape(graph, loc);
  if (w.isActive && w.nodes.length === 0)
    throw new FieldError([...loc, 'isActive'], 'a workflow without nodes cannot be active');
  if (w.isActive && !w.isComplete)
    throw new FieldError([...loc, 'isActive'], 'only a complete workflow (isComplete: true) can be active');
  await checkApps(ctx, orgId, w, loc);
}

export async function listWorkflows(
  ctx: AppContext,
  p: Principal,
  q: {
    page: number;
    size: number;
    name?: string;
    groupId?: string;
    isActive?: 'true' | 'false';
    archived?: 'true' | 'false';
  },
) {
  const { rows, total } = await repo.listWorkflows(ctx.db, p.orgId, {
    archived: q.archived === 'true',
    name: q.name,
    groupId: q.groupId,
    isActive: q.isActive === undefined ? undefined : q.isActive === 'true',
    limit: q.size,
    offset: offsetOf(q.page, q.size),
  });
  const last = await repo.lastRuns(
    ctx.db,
    p.orgId,
    rows.map((r) => r.id),
  );
  return pageOf(
    rows.map((r) => workflowDto(r, last.get(r.id))),
    total,
    q.page,
    q.size,
  );
}

/** A workflow to change or run: an archived one must be restored first. */
export async function findOrThrow(ctx: AppContext, p: Principal, id: string) {
  const row = await repo.findWorkflow(ctx.db, p.orgId, id);
  if (!row) throw notFound('Workflow not found');
  if (row.archivedAt)
    throw conflict('The workflow is archived: restore it first (POST /workflows/{id}/restore)');
  return row;
}

/** Reading a workflow (or its versions) also works while it is archived. */
async function findAny(ctx: AppContext, p: Principal, id: string) {
  const row = await repo.findWorkflow(ctx.db, p.orgId, id);
  if (!row) throw notFound('Workflow not found');
  return row;
}

export async function getWorkflow(ctx: AppContext, p: Principal, id: string) {
  const row = await findAny(ctx, p, id);
  const last = await repo.lastRuns(ctx.db, p.orgId, [id]);
  return workflowDto(row, last.get(id));
}

export async function createWorkflow(
  ctx: AppContext,
  p: Principal,
  input: z.output<typeof ZCreateWorkflowRequest>,
) {
  assertCanWrite(p);
  await checkWorkflow(ctx, p.orgId, input);
  const row = await repo.insertWorkflow(
    ctx.db,
    {
      organizationId: p.orgId,
      ...input,
      nodes: input.nodes as never,
      edges: input.edges as never,
      scheduledThrough: input.isActive ? new Date() : null,
      createdBy: p.userId,
    },
    snapshotOf,
  );
  return workflowDto(row, undefined);
}

export async function updateWorkflow(
  ctx: AppContext,
  p: Principal,
  id: string,
  input: z.output<typeof ZUpdateWorkflowRequest>,
) {
  const current = await findOrThrow(ctx, p, id);
  assertCanWrite(p);
  const { note, ...changes } = input;
  const merged = {
    nodes: (changes.nodes ?? current.nodes) as unknown as TWorkflowNode[],
    edges: (changes.edges ?? current.edges) as unknown as TWorkflowEdge[],
    isActive: changes.isActive ?? current.isActive,
    isComplete: changes.isComplete ?? current.isComplete,
    syncFrequency: changes.syncFrequency ?? current.syncFrequency,
    timezone: changes.timezone ?? current.timezone,
    sourceApp: changes.sourceApp ?? current.sourceApp,
  };
  await checkWorkflow(ctx, p.orgId, merged);
  // activation starts the schedule now: ticks from before it are not "missed"
  const scheduledThrough = !merged.isActive ? null : current.isActive ? current.scheduledThrough : new Date();
  const row = await repo.updateWorkflow(
    ctx.db,
    p.orgId,
    id,
    { ...changes, nodes: merged.nodes as never, edges: merged.edges as never, scheduledThrough },
    snapshotOf,
    { note: note ?? '', userId: p.userId },
  );
  if (!row) throw notFound('Workflow not found');
  return getWorkflow(ctx, p, id);
}

/** Stops the unfinished runs of workflows about to be archived (they would run a removed workflow). */
async function cancelUnfinishedRuns(ctx: AppContext, p: Principal, ids: string[]) {
  for (const workflowId of ids) {
    const { rows } = await runsRepo.listRuns(ctx.db, p.orgId, {
      workflowId,
      statuses: ['queued', 'running'],
      limit: 1000,
      offset: 0,
    });
    for (const { run } of rows) if (run.taskId) await ctx.queue.cancel(run.taskId);
  }
}

/**
 * DELETE archives: the workflow leaves the list and the schedule with its runs and versions kept,
 * and POST /workflows/{id}/restore brings it back.
 */
export async function archiveWorkflow(ctx: AppContext, p: Principal, id: string) {
  const row = await findAny(ctx, p, id);
  assertCanWrite(p);
  if (row.archivedAt) return;
  await cancelUnfinishedRuns(ctx, p, [id]);
  await repo.archiveWorkflows(ctx.db, p.orgId, [id]);
  await recordAudit(ctx.db, {
    organizationId: p.orgId,
    actorUserId: p.userId,
    impersonatorUserId: p.impersonatorId,
    action: 'workflow.archived',
    targetType: 'workflow',
    targetId: id,
    details: { name: row.name },
  });
}

export async function restoreWorkflow(ctx: AppContext, p: Principal, id: string) {
  const row = await findAny(ctx, p, id);
  assertCanWrite(p);
  if (!row.archivedAt) throw conflict('The workflow is not archived');
  await repo.restoreWorkflow(ctx.db, p.orgId, id);
  await recordAudit(ctx.db, {
    organizationId: p.orgId,
    actorUserId: p.userId,
    impersonatorUserId: p.impersonatorId,
    action: 'workflow.restored',
    targetType: 'workflow',
    targetId: id,
    details: { name: row.name },
  });
  return getWorkflow(ctx, p, id);
}

/** A submit that would remove workflows the caller did not list in confirm_remove. */
export class SubmitConflict extends AppError {
  constructor(readonly wouldRemove: { id: string; name: string }[]) {
    super(
      409,
      `Submitting replaces the list: ${wouldRemove.length} workflow(s) not in it would be archived (${wouldRemove
        .map((w) => `'${w.name}'`)
        .join(', ')}). List their ids in confirm_remove to go ahead; nothing was changed.`,
    );
  }
}

/** Spec §4: the submitted list replaces the organization's workflows, each with the defaults. */
export async function submitWorkflows(
  ctx: AppContext,
  p: Principal,
  input: z.output<typeof ZSubmitWorkflowsRequest>,
) {
  assertCanWrite(p);
  const now = new Date();
  const list = input.workflows.map((w) => ({
    ...w,
    sourceApp: SUBMIT_DEFAULTS.sourceApp,
    prompt: SUBMIT_DEFAULTS.prompt,
    urlString: SUBMIT_DEFAULTS.urlString,
    jsonSchema: { ...SUBMIT_DEFAULTS.jsonSchema },
    groupId: input.groupId ?? SUBMIT_DEFAULTS.noGroupId,
  }));
  for (const [i, w] of list.entries()) await checkWorkflow(ctx, p.orgId, w, ['body', 'workflows', i]);
  // never a silent bulk removal: every workflow the new list replaces must be named by the caller
  const current = await repo.currentWorkflows(ctx.db, p.orgId);
  const confirmed = new Set(input.confirm_remove);
  const unconfirmed = current.filter((w) => !confirmed.has(w.id));
  if (unconfirmed.length) throw new SubmitConflict(unconfirmed);
  const removed = current.map((w) => w.id);
  await cancelUnfinishedRuns(ctx, p, removed);
  const rows = await repo.replaceWorkflows(
    ctx.db,
    p.orgId,
    list.map((w) => ({
      organizationId: p.orgId,
      ...w,
      nodes: w.nodes as never,
      edges: w.edges as never,
      scheduledThrough: w.isActive ? now : null,
      createdBy: p.userId,
      createdAt: now,
      updatedAt: now,
    })),
    removed,
    snapshotOf,
  );
  await recordAudit(ctx.db, {
    organizationId: p.orgId,
    actorUserId: p.userId,
    impersonatorUserId: p.impersonatorId,
    action: 'workflows.submitted',
    targetType: 'workflow',
    details: { count: rows.length, archived: removed },
  });
  return { items: rows.map((r) => workflowDto(r, undefined)) };
}

export async function listVersions(ctx: AppContext, p: Principal, id: string) {
  await findAny(ctx, p, id);
  const rows = await repo.listVersions(ctx.db, id);
  return {
    items: rows.map((v) => {
      const s = v.snapshot as Record<string, unknown>;
      return {
        version: v.version,
        name: String(s.name ?? ''),
        nodes: (s.nodes ?? []) as TWorkflowNode[],
        edges: (s.edges ?? []) as TWorkflowEdge[],
        isActive: Boolean(s.isActive),
        isComplete: Boolean(s.isComplete),
        syncFrequency: String(s.syncFrequency ?? ''),
        timezone: String(s.timezone ?? ''),
        note: v.note,
        createdBy: v.createdBy,
        createdAt: v.createdAt.toISOString(),
      };
    }),
  };
}
