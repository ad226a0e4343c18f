import type {
  TPageQuery,
  TSync,
  TSyncRun,
  ZCreateSyncRequest,
  ZUpdateSyncRequest,
} from '@mapwright/contracts';
import { CronExpressionParser } from 'cron-parser';
import type { z } from 'zod';
import type { AppContext, Principal } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { AppError, FieldError, notFound } from '../../lib/errors.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import { deleteDataset } from '../datasets/datasets.service.ts';
import { findPipeline } from '../pipelines/pipelines.service.ts';
import { connectorOf, explain, settingsOf } from './connections.service.ts';
import * as repo from './connectors.repository.ts';
import { connectorContext } from './context.ts';
import { deleteWritesOfRuns } from './dataset/sync-datasets.repository.ts';
import { rejectedJsonLines, rejectedPage } from './quarantine.ts';
import { SYNC_RUN_TASK } from './sync.task.ts';

/*
 * Syncs: source streams → optionally a pipeline's deployed mapper → a destination, run as
 * durable `sync.run` tasks, by hand or on a cron schedule (read in UTC).
 */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function runDto(r: repo.SyncRunRow): TSyncRun {
  return {
    id: r.id,
    syncId: r.syncId,
    status: r.status as TSyncRun['status'],
    trigger: r.trigger as TSyncRun['trigger'],
    rowsRead: r.rowsRead,
    rowsWritten: r.rowsWritten,
    rowsRejected: r.rowsRejected,
    bytes: r.bytes,
    state: r.state,
    rejectedSample: r.rejectedSample,
    rejectedDatasetId: r.rejectedDatasetId,
    error: r.error,
    durationMs: r.startedAt && r.finishedAt ? r.finishedAt.getTime() - r.startedAt.getTime() : null,
    createdAt: r.createdAt.toISOString(),
    startedAt: iso(r.startedAt),
    finishedAt: iso(r.finishedAt),
  };
}

function syncDto(s: repo.SyncRow, last?: repo.SyncRunRow): TSync {
  return {
    id: s.id,
    name: s.name,
    sourceConnectionId: s.sourceConnectionId,
    destinationConnectionId: s.destinationConnectionId,
    streams: s.streams as never,
    pipelineId: s.pipelineId,
    writeMode: s.writeMode as TSync['writeMode'],
    schedule: s.schedule,
    state: s.state,
    lastRun: last ? runDto(last) : null,
    createdAt: s.createdAt.toISOString(),
  };
}

async function findSyncRow(ctx: AppContext, orgId: string, id: string) {
  const row = await repo.findSync(ctx.db, orgId, id);
  if (!row) throw notFound('Sync not found');
  return row;
}

export async function listSyncs(ctx: AppContext, p: Principal, q: { connectionId?: string }) {
  const rows = await repo.listSyncs(ctx.db, p.orgId, q.connectionId);
  const last = await repo.latestRuns(
    ctx.db,
    p.orgId,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => syncDto(r, last.get(r.id))) };
}

export async function getSync(ctx: AppContext, p: Principal, id: string) {
  const row = await findSyncRow(ctx, p.orgId, id);
  return syncDto(row, (await repo.latestRuns(ctx.db, p.orgId, [id])).get(id));
}

function checkCron(schedule: string | null | undefined) {
  if (!schedule) return;
  try {
    CronExpressionParser.parse(schedule, { tz: 'UTC' });
  } catch (err) {
    throw new FieldError(['body', 'schedule'], `not a cron expression: ${(err as Error).message}`);
  }
}

async function connectionFor(ctx: AppContext, p: Principal, id: string, role: 'source' | 'destination') {
  const field = role === 'source' ? 'sourceConnectionId' : 'destinationConnectionId';
  const row = await repo.findConnection(ctx.db, p.orgId, id);
  if (!row) throw new FieldError(['body', field], 'connection not found');
  if (row.role !== role)
    throw new FieldError(['body', field], `connection ${row.name} is a ${row.role}, not a ${role}`);
  return row;
}

export async function createSync(ctx: AppContext, p: Principal, input: z.output<typeof ZCreateSyncRequest>) {
  assertCanWrite(p);
  checkCron(input.schedule);
  const src = await connectionFor(ctx, p, input.sourceConnectionId, 'source');
  const dst = await connectionFor(ctx, p, input.destinationConnectionId, 'destination');
  const dest = connectorOf(dst.type);
  if (!(dest.spec.writeModes ?? []).includes(input.writeMode)) {
    throw new FieldError(
      ['body', 'writeMode'],
      `${dest.spec.title} cannot ${input.writeMode} (it can: ${(dest.spec.writeModes ?? []).join(', ')})`,
    );
  }
  if (input.pipelineId) {
    const pipeline = await findPipeline(ctx, p.orgId, input.pipelineId).catch(() => null);
    if (!pipeline) throw new FieldError(['body', 'pipelineId'], 'pipeline not found');
    if (!pipeline.deployedVersion)
      throw new FieldError(['body', 'pipelineId'], 'the pipeline has no deployed mapper yet');
  }
  // the streams are checked against discovery now, so a run never meets a name nobody saw
  const source = connectorOf(src.type);
  let streams: Awaited<ReturnType<NonNullable<typeof source.discover>>>;
  try {
    streams = await source.discover!(settingsOf(ctx, src), connectorContext(ctx, undefined, p.orgId));
  } catch (err) {
    throw new FieldError(['body', 'sourceConnectionId'], `discovery failed: ${explain(ctx, err).message}`);
  }
  for (const [i, s] of input.streams.entries()) {
    const d = streams.find((x) => x.name === s.name);
    const loc = ['body', 'streams', i];
    if (!d) throw new FieldError([...loc, 'name'], `no stream ${JSON.stringify(s.name)} at the source`);
    if (!d.syncModes.includes(s.syncMode))
      throw new FieldError([...loc, 'syncMode'], `${s.name} cannot be read ${s.syncMode}`);
    if (s.syncMode === 'incremental') {
      if (input.writeMode === 'overwrite')
        throw new FieldError(['body', 'writeMode'], 'an incremental sync appends or upserts');
      const cursor = s.cursorField ?? d.cursorFields?.[0];
      if (!cursor || !d.cursorFields?.some((c) => c.join('.') === cursor.join('.')))
        throw new FieldError(
          [...loc, 'cursorField'],
          `choose one of: ${(d.cursorFields ?? []).map((c) => c.join('.')).join(', ') || 'none'}`,
        );
    }
    const props = Object.keys((d.jsonSchema.properties ?? {}) as object);
    for (const k of s.primaryKey ?? []) {
      if (!props.includes(k[0]!))
        throw new FieldError([...loc, 'primaryKey'], `${s.name} has no field ${k.join('.')}`);
    }
    if (input.writeMode === 'upsert' && !(s.primaryKey ?? d.primaryKey)?.length) {
      throw new FieldError([...loc, 'primaryKey'], 'an upsert needs a primary key');
    }
  }
  const row = await repo.insertSync(ctx.db, {
    organizationId: p.orgId,
    name: input.name,
    sourceConnectionId: src.id,
    destinationConnectionId: dst.id,
    streams: input.streams as never,
    pipelineId: input.pipelineId ?? null,
    writeMode: input.writeMode,
    schedule: input.schedule ?? null,
    scheduledThrough: input.schedule ? new Date() : null,
    state: {},
    createdBy: p.userId,
  });
  return syncDto(row);
}

export async function updateSync(
  ctx: AppContext,
  p: Principal,
  id: string,
  input: z.output<typeof ZUpdateSyncRequest>,
) {
  await findSyncRow(ctx, p.orgId, id);
  assertCanWrite(p);
  checkCron(input.schedule);
  const row = await repo.updateSync(ctx.db, p.orgId, id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.schedule !== undefined
      ? { schedule: input.schedule, scheduledThrough: input.schedule ? new Date() : null }
      : {}),
  });
  return syncDto(row!);
}

/**
 * Deletes the sync with what only it owned: its runs (cascade), their rejected records'
 * datasets and their write rows in Mapwright datasets (the datasets it wrote stay: they are the
 * organization's data). Their files go with the next blob sweep.
 */
export async function deleteSync(ctx: AppContext, p: Principal, id: string) {
  await findSyncRow(ctx, p.orgId, id);
  assertCanWrite(p);
  const runs = await repo.allRunsOf(ctx.db, p.orgId, id);
  for (const r of runs) {
    if (r.taskId && ['queued', 'running'].includes(r.status)) await ctx.queue.cancel(r.taskId);
  }
  await ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await deleteWritesOfRuns(
      tx,
      runs.map((r) => r.id),
    );
    await repo.deleteSync(tx, p.orgId, id);
    for (const r of runs)
      if (r.rejectedDatasetId) await deleteDataset({ ...ctx, db: tx }, p.orgId, r.rejectedDatasetId);
  });
}

/** Queues a run (the run row and its task in one transaction); a second one while one is active is a 409. */
export async function startRun(
  ctx: AppContext,
  orgId: string,
  syncId: string,
  trigger: 'manual' | 'schedule',
  key?: string,
) {
  const [active] = (await repo.listRuns(ctx.db, orgId, syncId, 5)).filter((r) =>
    ['queued', 'running'].includes(r.status),
  );
  if (active) throw new AppError(409, 'This sync is already running: wait for it or cancel it');
  return ctx.db.transaction(async (tx) => {
    const run = await repo.insertRun(tx, {
      organizationId: orgId,
      syncId,
      status: 'queued',
      trigger,
      state: {},
      rejectedSample: [],
    });
    const task = await ctx.queue.enqueue(
      SYNC_RUN_TASK,
      { runId: run.id },
      { orgId, tx, singletonKey: key ?? `sync-run:${run.id}` },
    );
    await repo.updateRun(tx, run.id, { taskId: task?.id ?? null });
    return { ...run, taskId: task?.id ?? null };
  });
}

export async function runNow(ctx: AppContext, p: Principal, id: string) {
  await findSyncRow(ctx, p.orgId, id);
  assertCanWrite(p);
  return runDto(await startRun(ctx, p.orgId, id, 'manual'));
}

export async function listRuns(ctx: AppContext, p: Principal, id: string) {
  await findSyncRow(ctx, p.orgId, id);
  return { items: (await repo.listRuns(ctx.db, p.orgId, id)).map(runDto) };
}

/** A run of this sync in the caller's organization, or 404 (another organization's ids too). */
async function findOwnRun(ctx: AppContext, p: Principal, syncId: string, runId: string) {
  const run = await repo.findRun(ctx.db, p.orgId, runId);
  if (!run || run.syncId !== syncId) throw notFound('Sync run not found');
  return run;
}

/** A page of the records the run's pipeline rejected, with their errors. */
export async function listRejected(
  ctx: AppContext,
  p: Principal,
  syncId: string,
  runId: string,
  q: TPageQuery,
) {
  const run = await findOwnRun(ctx, p, syncId, runId);
  const { items, total } = await rejectedPage(ctx, run, (q.page - 1) * q.size, q.size);
  return { items, total, page: q.page, size: q.size, pages: Math.ceil(total / q.size) };
}

/** Every rejected record as JSON lines (checked before the download starts). */
export async function rejectedDownload(ctx: AppContext, p: Principal, syncId: string, runId: string) {
  const run = await findOwnRun(ctx, p, syncId, runId);
  return { name: `sync-run-${run.id}-rejected.jsonl`, lines: rejectedJsonLines(ctx, run) };
}

export async function cancelRun(ctx: AppContext, p: Principal, syncId: string, runId: string) {
  const run = await repo.findRun(ctx.db, p.orgId, runId);
  if (!run || run.syncId !== syncId) throw notFound('Sync run not found');
  assertCanWrite(p);
  if (!['queued', 'running'].includes(run.status))
    throw new AppError(409, `The run has already ${run.status}`);
  const status = run.taskId ? await ctx.queue.cancel(run.taskId) : 'cancelled';
  if (status === 'cancelled')
    await repo.updateRun(ctx.db, run.id, { status: 'cancelled', error: 'Cancelled', finishedAt: new Date() });
  return runDto((await repo.findRun(ctx.db, p.orgId, runId))!);
}

/** One scheduler pass: each due sync gets one run for its latest tick (missed ticks are not replayed). */
export async function scheduleSyncs(ctx: AppContext, now: Date) {
  for (const s of await repo.scheduledSyncs(ctx.db)) {
    try {
      const expr = CronExpressionParser.parse(s.schedule!, {
        tz: 'UTC',
        currentDate: s.scheduledThrough ?? now,
      });
      const next = expr.next().toDate();
      if (next > now) continue;
      await repo.updateSync(ctx.db, s.organizationId, s.id, { scheduledThrough: now });
      await startRun(ctx, s.organizationId, s.id, 'schedule', `sync:${s.id}:${next.toISOString()}`).catch(
        (err) => {
          if (!(err instanceof AppError && err.statusCode === 409)) throw err;
        },
      );
    } catch (err) {
      ctx.log.error({ err, sync: s.id }, 'scheduling a sync failed');
    }
  }
}
