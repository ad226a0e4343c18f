import type {
  TCreateJoinRequest,
  TJoin,
  TJoinNode,
  TJoinPreview,
  TJoinRun,
  TJoinSource,
  TJoinStats,
  TUpdateJoinRequest,
} from '@mapwright/contracts';
import { type JoinPair, joinRows, suggestJoinKeys } from '@mapwright/engine';
import { eq } from 'drizzle-orm';
import type { AppContext, Principal } from '../../context.ts';
import { joinRuns } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/pagination.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import { findDataset, readDatasetRows } from '../datasets/datasets.service.ts';
import {
  checkJoin,
  type JoinSettings,
  joinedRecord,
  limitError,
  outputColumnsOf,
  statsDto,
} from './execute.ts';
import * as repo from './joins.repository.ts';
import { type JoinInputSource, listSources, MAX_INPUT_ROWS, resolveSource } from './sources.ts';

/** One joined row as a join run writes it, and the columns every joined row carries last. */
export { joinedRecord, META_COLUMNS as JOIN_META_COLUMNS } from './execute.ts';
/** Rows of each side a preview joins (the first ones): enough for counts, quick on any dataset. */
/** Any joinable input (an import, a result's valid records, a join run's output) as one reader: flows read their sources through it. */
export { type JoinInputSource, resolveSource as joinableInput } from './sources.ts';

export const PREVIEW_ROWS = { left: 1_000, right: 20_000 };
/** Rows a key suggestion looks at per side. */
const SUGGEST_ROWS = 2_000;

const settingsOf = (j: repo.JoinRow): JoinSettings => ({
  name: j.name,
  left: j.leftSource as JoinSettings['left'],
  right: j.rightSource as JoinSettings['right'],
  kind: j.kind as JoinSettings['kind'],
  conditions: j.conditions as JoinSettings['conditions'],
  threshold: j.threshold,
  matches: j.matches as JoinSettings['matches'],
  prefixes: j.prefixes,
});

export function runDto(r: repo.RunWithTask): TJoinRun {
  const { run } = r;
  const open = run.status === 'queued' || run.status === 'running';
  // a task that ended without the run saying so (a crash) decides the status
  const status = (
    open && (r.taskStatus === 'failed' || r.taskStatus === 'cancelled') ? r.taskStatus : run.status
  ) as TJoinRun['status'];
  return {
    id: run.id,
    join_id: run.joinId,
    join_name: String((run.settings as { name?: string }).name ?? ''),
    status,
    progress: status === 'succeeded' ? 1 : run.progress,
    phase: run.phase,
    stats: (run.stats as TJoinStats | null) ?? null,
    row_count: run.rowCount,
    dataset_id: run.datasetId,
    columns: run.columns,
    error: run.error ?? (status === 'failed' ? (r.taskError ?? 'The join failed') : null),
    created_at: run.createdAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
  };
}

function joinDto(j: repo.JoinRow, names: { left: string; right: string }, last?: repo.RunWithTask): TJoin {
  const s = settingsOf(j);
  return {
    id: j.id,
    name: j.name,
    left: { ...s.left, name: names.left },
    right: { ...s.right, name: names.right },
    kind: s.kind,
    conditions: s.conditions,
    threshold: s.threshold,
    matches: s.matches,
    prefixes: s.prefixes,
    last_run: last ? runDto(last) : null,
    created_at: j.createdAt.toISOString(),
    updated_at: j.updatedAt.toISOString(),
  };
}

async function load(ctx: AppContext, orgId: string, id: string) {
  const j = await repo.findJoin(ctx.db, orgId, id);
  if (!j) throw notFound('Join not found');
  return j;
}

const UNAVAILABLE: Record<JoinSettings['left']['kind'], string> = {
  import: 'import',
  result: 'result',
  join_run: 'joined data',
  resolution_golden: 'golden records',
  resolution_clusters: 'entity resolution',
};

/** A source's name for lists; a deleted input still shows what it was. */
async function nameOf(ctx: AppContext, orgId: string, src: JoinSettings['left']) {
  return resolveSource(ctx, orgId, src, 'left').then(
    (s) => s.name,
    () => `(unavailable ${UNAVAILABLE[src.kind]})`,
  );
}

async function dtoOf(ctx: AppContext, orgId: string, j: repo.JoinRow, last?: repo.RunWithTask) {
  const s = settingsOf(j);
  const [left, right] = await Promise.all([nameOf(ctx, orgId, s.left), nameOf(ctx, orgId, s.right)]);
  return joinDto(j, { left, right }, last);
}

async function sidesOf(ctx: AppContext, orgId: string, s: Pick<JoinSettings, 'left' | 'right'>) {
  return Promise.all([
    resolveSource(ctx, orgId, s.left, 'left'),
    resolveSource(ctx, orgId, s.right, 'right'),
  ]);
}

export async function listJoins(ctx: AppContext, p: Principal, q: { page: number; size: number }) {
  const { rows, total } = await repo.listJoins(ctx.db, p.orgId, {
    offset: offsetOf(q.page, q.size),
    limit: q.size,
  });
  const last = await repo.latestRuns(
    ctx.db,
    p.orgId,
    rows.map((r) => r.id),
  );
  const items = await Promise.all(rows.map((j) => dtoOf(ctx, p.orgId, j, last.get(j.id))));
  return pageOf(items, total, q.page, q.size);
}

export async function getJoin(ctx: AppContext, p: Principal, id: string) {
  const j = await load(ctx, p.orgId, id);
  const last = await repo.latestRuns(ctx.db, p.orgId, [j.id]);
  return dtoOf(ctx, p.orgId, j, last.get(j.id));
}

export async function createJoin(ctx: AppContext, p: Principal, body: Required<TCreateJoinRequest>) {
  assertCanWrite(p);
  const s = body as JoinSettings;
  const [left, right] = await sidesOf(ctx, p.orgId, s);
  checkJoin(s, left, right, { needConditions: false });
  const j = await repo.insertJoin(ctx.db, {
    organizationId: p.orgId,
    name: s.name,
    leftSource: s.left,
    rightSource: s.right,
    kind: s.kind,
    conditions: s.conditions,
    threshold: s.threshold,
    matches: s.matches,
    prefixes: s.prefixes,
  });
  return joinDto(j, { left: left.name, right: right.name });
}

export async function updateJoin(ctx: AppContext, p: Principal, id: string, body: TUpdateJoinRequest) {
  assertCanWrite(p);
  const j = await load(ctx, p.orgId, id);
  const s = { ...settingsOf(j), ...body };
  if (body.conditions) {
    const [left, right] = await sidesOf(ctx, p.orgId, s);
    checkJoin(s, left, right, { needConditions: false });
  }
  await repo.updateJoin(ctx.db, p.orgId, id, body);
  return getJoin(ctx, p, id);
}

export async function deleteJoin(ctx: AppContext, p: Principal, id: string) {
  assertCanWrite(p);
  await load(ctx, p.orgId, id);
  await repo.deleteJoin(ctx.db, p.orgId, id);
}

export async function listInputs(ctx: AppContext, p: Principal) {
  return { items: await listSources(ctx, p.orgId) };
}

const rowsOf = async (src: JoinInputSource, n: number) =>
  JSON.parse(await src.readJson(0, Math.min(n, src.rowCount))) as Record<string, unknown>[];

/** Column pairs that look like keys, with the share of left rows expected to match. */
export async function suggestKeys(ctx: AppContext, p: Principal, id: string) {
  const s = settingsOf(await load(ctx, p.orgId, id));
  const [left, right] = await sidesOf(ctx, p.orgId, s);
  const [lRows, rRows] = await Promise.all([rowsOf(left, SUGGEST_ROWS), rowsOf(right, SUGGEST_ROWS)]);
  const profile = (src: JoinInputSource, rows: Record<string, unknown>[]) =>
    src.columns.map((c) => ({
      name: c.name,
      rows: src.rowCount,
      nulls: c.nulls,
      distinct: c.distinct,
      values: rows.map((r) => r[c.name]),
    }));
  const items = suggestJoinKeys(profile(left, lRows), profile(right, rRows), 6);
  return {
    items: items.map((k) => ({
      left: k.left,
      right: k.right,
      method: k.method,
      score: k.score,
      expected_match_rate: k.expectedMatchRate,
      name_similarity: k.nameSimilarity,
      overlap: k.overlap,
      uniqueness: k.uniqueness,
    })),
  };
}

/** The join on the first rows of each side: counts, score distribution, pairs near the threshold. */
export async function previewJoin(ctx: AppContext, p: Principal, id: string, body: { threshold?: number }) {
  const s = settingsOf(await load(ctx, p.orgId, id));
  const threshold = body.threshold ?? s.threshold;
  const [left, right] = await sidesOf(ctx, p.orgId, s);
  checkJoin(s, left, right, { needConditions: true, loc: ['join'] });
  const [lRows, rRows] = await Promise.all([
    rowsOf(left, PREVIEW_ROWS.left),
    rowsOf(right, PREVIEW_ROWS.right),
  ]);
  let res: ReturnType<typeof joinRows>;
  try {
    res = joinRows(lRows, rRows, { ...s, threshold });
  } catch (err) {
    limitError(err);
  }
  const cols = outputColumnsOf(s, left, right);
  const keysOf = (row: Record<string, unknown>, side: 'left' | 'right') =>
    Object.fromEntries(s.conditions.map((c) => [c[side], row[c[side]] ?? null]));
  const preview: TJoinPreview = {
    threshold,
    sample: { left: lRows.length, right: rRows.length },
    stats: statsDto(res.stats, res.rows.length),
    near_threshold: res.nearThreshold.map((n) => ({
      score: Math.round(n.score * 1000) / 1000,
      matched: n.score >= threshold,
      left: keysOf(lRows[n.left]!, 'left'),
      right: keysOf(rRows[n.right]!, 'right'),
    })),
    rows: res.rows.slice(0, 20).map((pair: JoinPair) => joinedRecord(cols, pair, lRows, rRows)),
  };
  return preview;
}

/** One side of a join: its dataset, columns with counts, and which of them are keys. */
export async function joinNode(
  ctx: AppContext,
  p: Principal,
  id: string,
  side: 'left' | 'right',
): Promise<TJoinNode> {
  const s = settingsOf(await load(ctx, p.orgId, id));
  const src = await resolveSource(ctx, p.orgId, s[side], side);
  const keys = new Set(s.conditions.map((c) => c[side]));
  return {
    join_id: id,
    side,
    source: { kind: src.kind, id: src.id, name: src.name },
    row_count: src.rowCount,
    columns: src.columns.map((c) => ({ ...c, key: keys.has(c.name) })),
  };
}

/** Starts a run over the whole data as a durable `join.run` task. */
export async function startRun(ctx: AppContext, p: Principal, id: string) {
  assertCanWrite(p);
  const s = settingsOf(await load(ctx, p.orgId, id));
  const [left, right] = await sidesOf(ctx, p.orgId, s);
  checkJoin(s, left, right, { needConditions: true, loc: ['join'] });
  // the run and its task in one transaction: never a run queued with nothing to run it
  const runId = await ctx.db.transaction(async (tx) => {
    const run = await repo.insertRun(tx as never, {
      organizationId: p.orgId,
      joinId: id,
      settings: s as unknown as Record<string, unknown>,
      columns: outputColumnsOf(s, left, right),
    });
    const task = await ctx.queue.enqueue('join.run', { runId: run.id }, { orgId: p.orgId, tx });
    await tx.update(joinRuns).set({ taskId: task!.id }).where(eq(joinRuns.id, run.id));
    return run.id;
  });
  return getRun(ctx, p, runId);
}

export async function getRun(ctx: AppContext, p: Principal, id: string) {
  const r = await repo.findRun(ctx.db, p.orgId, id);
  if (!r) throw notFound('Join run not found');
  return runDto(r);
}

export async function cancelRun(ctx: AppContext, p: Principal, id: string) {
  assertCanWrite(p);
  const r = await repo.findRun(ctx.db, p.orgId, id);
  if (!r) throw notFound('Join run not found');
  if (r.run.taskId) await ctx.queue.cancel(r.run.taskId);
  return getRun(ctx, p, id);
}

/** A page of a finished run's joined rows. */
export async function runRows(ctx: AppContext, p: Principal, id: string, q: { page: number; size: number }) {
  const r = await repo.findRun(ctx.db, p.orgId, id);
  if (!r) throw notFound('Join run not found');
  const ds = r.run.datasetId ? await findDataset(ctx.db, p.orgId, r.run.datasetId) : undefined;
  if (!ds) throw new AppError(409, 'This join run has no joined data yet');
  const from = offsetOf(q.page, q.size);
  const rows = await readDatasetRows(ctx, ds, from, from + q.size);
  return pageOf(
    rows.map((row) => ({ index: row.index, record: row.record })),
    ds.rowCount,
    q.page,
    q.size,
  );
}

/**
 * Every record of an input as joins read it (an import, a job result's valid records, joined
 * data): other modules (entity resolution) take the same inputs through this.
 */
export async function readInputRecords(ctx: AppContext, p: Principal, src: TJoinSource) {
  const s = await resolveSource(ctx, p.orgId, src, 'left');
  return {
    name: s.name,
    columns: s.columns.map((c) => c.name),
    records: await rowsOf(s, MAX_INPUT_ROWS),
  };
}
