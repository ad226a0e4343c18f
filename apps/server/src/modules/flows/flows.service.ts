import {
  FLOW_STEP_PORTS,
  type TFlow,
  type TFlowDefinition,
  type TFlowEdge,
  type TFlowStep,
  type ZCreateFlowRequest,
  type ZPatchFlowRequest,
} from '@mapwright/contracts';
import type { z } from 'zod';
import type { AppContext, Principal } from '../../context.ts';
import { FieldError, notFound } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/pagination.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import { checkSchedule, nextTick, scheduleText } from '../workflows/schedule.ts';
import { type CheckedFlow, checkFlow } from './check.ts';
import * as repo from './flows.repository.ts';
import { STEP_KINDS } from './kinds.ts';
import { runSummary } from './runs.dto.ts';

type FlowBody = z.output<typeof ZCreateFlowRequest>;

export async function loadFlow(ctx: AppContext, orgId: string, id: string) {
  const row = await repo.findFlow(ctx.db, orgId, id);
  if (!row) throw notFound('Flow not found');
  return row;
}

function flowDto(f: repo.FlowRow, last: repo.FlowRunRow | undefined, now = new Date()): TFlow {
  return {
    id: f.id,
    name: f.name,
    description: f.description,
    active: f.active,
    schedule: f.schedule,
    timezone: f.timezone,
    schedule_text: f.schedule ? scheduleText(f.schedule) : null,
    next_run_at:
      f.active && f.schedule ? (nextTick(f.schedule, f.timezone, now)?.toISOString() ?? null) : null,
    retention_days: f.retentionDays,
    version: f.version,
    steps: f.steps as unknown as TFlowStep[],
    edges: f.edges as unknown as TFlowEdge[],
    last_run: last ? runSummary(last) : null,
    created_at: f.createdAt.toISOString(),
    updated_at: f.updatedAt.toISOString(),
  };
}

/** A cron and time zone that cannot be read are a 422 on `schedule` / `timezone`. */
function checkFlowSchedule(schedule: string | null | undefined, timezone: string) {
  if (!schedule) return;
  try {
    checkSchedule(schedule, timezone, ['body']);
  } catch (err) {
    if (err instanceof FieldError && err.loc.at(-1) === 'syncFrequency')
      throw new FieldError(['body', 'schedule'], err.msg);
    throw err;
  }
}

/** What a version keeps of the check: each step's columns in and out (runs and the drift gate read them). */
const versionColumns = (c: CheckedFlow) => ({ inputs: c.inputs, outputs: c.outputs });

const checkContext = (ctx: AppContext, p: Principal) => ({ app: ctx, principal: p });

export async function checkDefinition(ctx: AppContext, p: Principal, def: TFlowDefinition) {
  const checked = await checkFlow(checkContext(ctx, p), def);
  const edges = def.edges.map((e) => ({ ...e, columns: checked.outputs[e.from]?.[e.from_port] ?? [] }));
  return { ok: true as const, edges, outputs: checked.outputs };
}

export async function listFlows(ctx: AppContext, p: Principal, q: { page: number; size: number }) {
  const { rows, total } = await repo.listFlows(ctx.db, p.orgId, {
    offset: offsetOf(q.page, q.size),
    limit: q.size,
  });
  const last = await repo.lastRuns(
    ctx.db,
    p.orgId,
    rows.map((r) => r.id),
  );
  return pageOf(
    rows.map((f) => flowDto(f, last.get(f.id))),
    total,
    q.page,
    q.size,
  );
}

export async function getFlow(ctx: AppContext, p: Principal, id: string) {
  const f = await loadFlow(ctx, p.orgId, id);
  return flowDto(f, (await repo.lastRuns(ctx.db, p.orgId, [id])).get(id));
}

function fieldsOf(body: FlowBody) {
  return {
    name: body.name,
    description: body.description,
    active: body.active,
    schedule: body.schedule,
    timezone: body.timezone,
    retentionDays: body.retention_days,
    steps: body.steps as never,
    edges: body.edges as never,
    // the schedule starts from now: no catching up on ticks from before it was switched on
    scheduledThrough: body.active && body.schedule ? new Date() : null,
  };
}

export async function createFlow(ctx: AppContext, p: Principal, body: FlowBody) {
  assertCanWrite(p);
  checkFlowSchedule(body.schedule, body.timezone);
  const checked = await checkFlow(checkContext(ctx, p), body);
  const row = await repo.insertFlow(
    ctx.db,
    { organizationId: p.orgId, ...fieldsOf(body) },
    versionColumns(checked),
  );
  return flowDto(row, undefined);
}

/** Every save is a new immutable version. */
export async function updateFlow(ctx: AppContext, p: Principal, id: string, body: FlowBody) {
  assertCanWrite(p);
  const cur = await loadFlow(ctx, p.orgId, id);
  checkFlowSchedule(body.schedule, body.timezone);
  const checked = await checkFlow(checkContext(ctx, p), body);
  const fields = fieldsOf(body);
  if (cur.active && cur.schedule === body.schedule && cur.scheduledThrough)
    fields.scheduledThrough = cur.scheduledThrough;
  await repo.saveVersion(ctx.db, p.orgId, id, fields, versionColumns(checked));
  return getFlow(ctx, p, id);
}

/** The switch and the schedule: no new version. */
export async function patchFlow(
  ctx: AppContext,
  p: Principal,
  id: string,
  body: z.output<typeof ZPatchFlowRequest>,
) {
  assertCanWrite(p);
  const cur = await loadFlow(ctx, p.orgId, id);
  const next = {
    active: body.active ?? cur.active,
    schedule: body.schedule === undefined ? cur.schedule : body.schedule,
    timezone: body.timezone ?? cur.timezone,
  };
  checkFlowSchedule(next.schedule, next.timezone);
  const scheduleChanged =
    next.schedule !== cur.schedule || next.timezone !== cur.timezone || next.active !== cur.active;
  await repo.updateFlow(ctx.db, p.orgId, id, {
    ...next,
    ...(body.retention_days ? { retentionDays: body.retention_days } : {}),
    ...(scheduleChanged ? { scheduledThrough: next.active && next.schedule ? new Date() : null } : {}),
  });
  return getFlow(ctx, p, id);
}

export async function deleteFlow(ctx: AppContext, p: Principal, id: string) {
  assertCanWrite(p);
  await loadFlow(ctx, p.orgId, id);
  await repo.deleteFlow(ctx.db, p.orgId, id);
}

export async function listVersions(ctx: AppContext, p: Principal, id: string) {
  await loadFlow(ctx, p.orgId, id);
  const rows = await repo.listVersions(ctx.db, id);
  return {
    items: rows.map((v) => ({
      version: v.version,
      steps: v.steps as unknown as TFlowStep[],
      edges: v.edges as unknown as TFlowEdge[],
      created_at: v.createdAt.toISOString(),
    })),
  };
}

export function stepKinds() {
  return {
    items: Object.values(STEP_KINDS).map((k) => ({
      kind: k.kind,
      label: k.label,
      description: k.description,
      inputs: [...FLOW_STEP_PORTS[k.kind].inputs],
      outputs: [...FLOW_STEP_PORTS[k.kind].outputs],
    })),
  };
}
